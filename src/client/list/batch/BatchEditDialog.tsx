/**
 * 批量修改 (spec 01 §1, §5, §9; spec 02 §2.3): the form's batch-editable fields with the form
 * page's components, applied to the selected rows or to every row of the current search, a
 * switch 更新空值 (send the fields left empty as null), and the confirmation
 * 本次操作将影响{n}行数据, 请确认！ with the exact n. A search above 1,000 rows runs as a job whose
 * progress shows here (as import and export show theirs). A refusal lists each refused record;
 * nothing was written.
 */
import { Alert, Button, Modal, Progress, Radio, Space, Switch, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useRef, useState } from 'react';
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types';
import type { FieldError } from '../../../shared/envelope';
import { HttpError } from '../../api/http';
import type { ListQuery } from '../../api/records';
import { RecordFormView } from '../../form/RecordFormView';
import { progressText, useJob } from '../io/useJob';
import { batchConfirmText, batchDoneText, searchNeedsJob, skipText, useBatchEdit } from './useBatchEdit';
import { refusalLines } from './refusalLines';


/** The dialog; `selectedIds` empty offers only the whole search (`total` rows). */
export function BatchEditDialog(props: {
  def: FormDefinition;
  ctx: UserContext;
  query: ListQuery;
  selectedIds: (number | string)[];
  total: number;
  totalExact: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { modal, message } = useFeedback();
  const c = useBatchEdit(props.def, props.ctx);
  const [scope, setScope] = useState<'selected' | 'search'>(props.selectedIds.length ? 'selected' : 'search');
  const [updateEmpty, setUpdateEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, cancel } = useJob(jobId);
  const running = !!jobId && (!job || job.status === 'queued' || job.status === 'running');
  const n = scope === 'selected' ? props.selectedIds.length : props.total;
  const searchQuery = { ...props.query, pageNum: 1, pageSize: 1 };

  const refused = (title: string, errors: FieldError[] | undefined) => {
    modal.error({
      title,
      width: 520,
      content: errors?.length ? <ul data-testid="batch-refused">{refusalLines(errors, props.def).map((l) => <li key={l}>{l}</li>)}</ul> : null,
    });
  };

  const run = async (count: number, viaJob: boolean) => {
    setBusy(true);
    try {
      if (viaJob) {
        setJobId((await c.submitJob(searchQuery, count, updateEmpty)).jobId);
        return;
      }
      const target = scope === 'selected' ? { ids: props.selectedIds } : { query: searchQuery, expectedCount: count };
      const r = await c.submit(target, updateEmpty);
      void message.success(batchDoneText(r.updated, r.skipped));
      props.onDone();
      props.onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // A job refused at once was already shown by the HTTP client.
      if (!viaJob) refused(err.message, err.errors);
    } finally {
      setBusy(false);
    }
  };

  // The job's end: the count, or the refused records (nothing written); the list refreshes after a write.
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (!job || running || ended.current === job.jobId) return;
    ended.current = job.jobId;
    setJobId(null);
    if (job.status === 'done') {
      void message.success(job.result?.msg ?? '操作成功');
      props.onDone();
      props.onClose();
    } else if (job.status === 'cancelled') {
      void message.info('已取消，未作任何修改');
    } else {
      refused(job.error ?? '批量修改失败', job.result?.errors);
    }
    // Runs when the job's state changes; the callbacks it calls are read fresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job, running]);

  const ok = async () => {
    if (!c.editable) { void message.warning('没有可修改的信息'); return; }
    await c.form.validate().catch(() => undefined);
    if (c.form.invalid) return;
    if (!Object.keys(c.payload(updateEmpty)).length) { void message.warning('没有可修改的信息'); return; }
    let count = n;
    let skipped = '';
    let writable = n;
    // A search: the exact count (the list's total is an estimate above 10,000) and what the edit
    // will skip (voided, in approval), said before confirming (issue 27 item 5).
    if (scope === 'search') {
      setBusy(true);
      try {
        const counted = await c.searchCount(searchQuery);
        count = counted.total;
        writable = counted.total - counted.voided - counted.inApproval;
        skipped = skipText(counted);
      } catch {
        return;
      } finally {
        setBusy(false);
      }
    }
    if (!count) { void message.warning('没有需要修改的数据'); return; }
    if (!writable) { void message.warning(`没有需要修改的数据：${skipped}`); return; }
    const viaJob = scope === 'search' && searchNeedsJob(count, true);
    modal.confirm({
      title: '系统提示',
      content: <div style={{ whiteSpace: 'pre-wrap' }} data-testid="batch-confirm">{skipped ? `${skipped}\n${batchConfirmText(writable)}` : batchConfirmText(count)}</div>,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(count, viaJob),
    });
  };

  const footer = running
    ? [<Button key="stop" onClick={() => void cancel()}>取消任务</Button>]
    : [
        <Button key="cancel" onClick={props.onClose}>取 消</Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void ok()}>确 定</Button>,
      ];

  return (
    <Modal
      open
      title="批量修改"
      width={800}
      footer={footer}
      closable={!running}
      maskClosable={false}
      onCancel={() => { if (!running) props.onClose(); }}
      destroyOnHidden
      data-testid="batch-edit-dialog"
    >
      {jobId ? (
        <div style={{ marginBottom: 12 }} data-testid="batch-progress">
          <Progress percent={job?.percent ?? 0} status="active" size="small" />
          <div>{progressText(job, '修改')}</div>
        </div>
      ) : null}
      {c.editable ? (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)}>
              <Radio value="selected" disabled={!props.selectedIds.length}>已选中的{props.selectedIds.length}行</Radio>
              <Radio value="search" disabled={running}>当前查询的全部{props.totalExact ? '' : '约'}{props.total}行</Radio>
            </Radio.Group>
            <span>
              <Switch size="small" checked={updateEmpty} onChange={setUpdateEmpty} aria-label="更新空值" /> 更新空值
            </span>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {updateEmpty ? '未填写的字段将被清空。' : '只修改已填写的字段，未填写的字段保持原值。'}
          </Typography.Paragraph>
          <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
            <RecordFormView form={c.form} schema={c.schema} info={{ formName: props.def.enName, mode: 'edit', loaded: true, ctx: props.ctx, def: c.dialogDef }} />
          </div>
        </>
      ) : (
        <Alert type="info" showIcon message="没有可修改的信息" />
      )}
    </Modal>
  );
}
