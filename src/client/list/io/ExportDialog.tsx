/**
 * 导出选择 (spec 01 §2.4): 520 px; main fields (and 状态, ticked) and sub-forms with their child
 * fields; 按行导出; 不导出已作废的数据 (issue 27 item 4);
 * 取 消 / 确定. 确定 queues an export job of the selected rows, or of every row matching the
 * list's search and sort; the dialog then shows its progress, a cancel button and the download.
 * The user may close it meanwhile: the 消息中心 announces the file.
 */
import { Alert, Button, Checkbox, Modal, Progress, Space, Switch, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useMemo, useState } from 'react';
import type { FormDefinition, UserContext } from '../../../../schema-adapters';
import { startExport, type ExportRequest } from '../../api/io';
import type { ListQuery } from '../../api/records';
import { ID_EXPORT_COLUMN, idColumnByDefault } from '../../../shared/exportColumns';
import { exportChoices } from './exportChoices';
import { progressText, saveDownload, useJob } from './useJob';

/** Open while `open`; `selectedIds` non-empty exports those rows, else the `query`'s rows. */
export function ExportDialog(props: {
  open: boolean;
  def: FormDefinition;
  ctx: UserContext | undefined;
  query: ListQuery;
  selectedIds: (number | string)[];
  onClose(): void;
}) {
  const { message } = useFeedback();
  const groups = useMemo(() => exportChoices(props.def, props.ctx), [props.def, props.ctx]);
  // Ticked at first: every non-file column; 记录ID only when the form has no serial number (shared/exportColumns.ts).
  const [checked, setChecked] = useState<Record<string, string[]>>(() => ({ '': groups[0].options.filter((o) => !o.file && (o.value !== ID_EXPORT_COLUMN.enName || idColumnByDefault(props.def))).map((o) => o.value) }));
  const [byLine, setByLine] = useState(false);
  const [excludeVoided, setExcludeVoided] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const { job, cancel } = useJob(jobId);

  const close = () => {
    setJobId(null);
    props.onClose();
  };
  const submit = async () => {
    const main = checked[''] ?? [];
    const subs = groups.slice(1).map((g) => ({ formName: g.name!, columns: checked[g.name!] ?? [], includeFiles: (checked[g.name!] ?? []).some((v) => g.options.find((o) => o.value === v)?.file) }))
      .filter((s) => s.columns.length);
    if (!main.length && !subs.length) {
      void message.warning('请选择要导出的字段');
      return;
    }
    const body: ExportRequest = {
      currentColumns: main,
      subFormColumns: subs,
      exportByLine: byLine,
      excludeVoided,
      includeFiles: main.some((v) => groups[0].options.find((o) => o.value === v)?.file),
      // Spec 01 §9: the export query is page 1 × 1,000,000.
      queryMap: props.selectedIds.length ? { ids: props.selectedIds } : { ...props.query, pageNum: 1, pageSize: 1_000_000 },
    };
    setStarting(true);
    try {
      setJobId((await startExport(props.def.enName, body)).data.jobId);
    } catch {
      // The HTTP client showed the message.
    } finally {
      setStarting(false);
    }
  };

  const running = !!jobId && (!job || job.status === 'queued' || job.status === 'running');
  const footer = !jobId
    ? [
        <Button key="cancel" onClick={close}>取 消</Button>,
        <Button key="ok" type="primary" loading={starting} onClick={() => void submit()}>确定</Button>,
      ]
    : [
        running ? <Button key="stop" danger onClick={() => void cancel()}>取消导出</Button> : null,
        job?.status === 'done' && job.downloadUrl ? (
          <Button key="dl" type="primary" onClick={() => void saveDownload(job.downloadUrl!, job.result?.fileName ?? 'export.xlsx').catch(() => undefined)}>下载文件</Button>
        ) : null,
        <Button key="close" onClick={close}>关 闭</Button>,
      ];

  return (
    <Modal title="导出选择" open={props.open} width={520} onCancel={close} footer={footer} maskClosable={false} destroyOnHidden>
      {!jobId ? (
        <div data-testid="export-choices">
          <Typography.Text type="secondary">
            {props.selectedIds.length ? `将导出选中的 ${props.selectedIds.length} 条数据` : '将导出当前查询条件下的全部数据'}
          </Typography.Text>
          {groups.map((g) => {
            const key = g.name ?? '';
            const values = checked[key] ?? [];
            return (
              <div key={key} style={{ marginTop: 12 }} data-testid={`export-group-${g.name ?? 'main'}`}>
                <Checkbox
                  indeterminate={values.length > 0 && values.length < g.options.length}
                  checked={g.options.length > 0 && values.length === g.options.length}
                  onChange={(e) => setChecked({ ...checked, [key]: e.target.checked ? g.options.map((o) => o.value) : [] })}
                >
                  <strong>{g.label}</strong>
                </Checkbox>
                <div style={{ paddingLeft: 24, marginTop: 4 }}>
                  <Checkbox.Group options={g.options.map((o) => ({ value: o.value, label: o.label }))} value={values} onChange={(v) => setChecked({ ...checked, [key]: v as string[] })} />
                </div>
              </div>
            );
          })}
          <Space style={{ marginTop: 16 }} size="large" wrap>
            <Space>
              <span>按行导出</span>
              <Switch aria-label="按行导出" checked={byLine} onChange={setByLine} />
            </Space>
            <Checkbox checked={excludeVoided} onChange={(e) => setExcludeVoided(e.target.checked)}>不导出已作废的数据</Checkbox>
          </Space>
        </div>
      ) : (
        <div data-testid="export-progress">
          <Progress percent={job?.percent ?? 0} status={job?.status === 'failed' ? 'exception' : job?.status === 'done' ? 'success' : 'active'} />
          <div>
            {job?.status === 'done' ? `导出完成，共 ${job.result?.rows ?? 0} 条数据` : job?.status === 'cancelled' ? '已取消导出' : job?.status === 'failed' ? '' : progressText(job, '导出')}
          </div>
          {job?.status === 'failed' ? <Alert type="error" showIcon message={job.error ?? '导出失败'} /> : null}
          {running ? <Typography.Text type="secondary">可以关闭此窗口，文件生成后将在消息中心通知</Typography.Text> : null}
        </div>
      )}
    </Modal>
  );
}
