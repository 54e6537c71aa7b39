/**
 * 批量修改 (spec 01 §1, §5, §9; spec 02 §2.3): the form's batch-editable fields with the form
 * page's components, applied to the selected rows or to every row of the current search, a
 * switch 更新空值 (send the fields left empty as null), and the confirmation
 * 本次操作将影响{n}行数据, 请确认！. A refusal lists each refused record; nothing was written.
 */
import { Alert, App, Modal, Radio, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types';
import { HttpError } from '../../api/http';
import type { ListQuery } from '../../api/records';
import { RecordFormView } from '../../form/RecordFormView';
import { batchConfirmText, useBatchEdit } from './useBatchEdit';
import { refusalLines } from './refusalLines';

/** Rows a search may change at most (the server's limit, docs/api-records.md). */
export const BATCH_MAX_ROWS = 1000;

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
  const { modal, message } = App.useApp();
  const c = useBatchEdit(props.def, props.ctx);
  const [scope, setScope] = useState<'selected' | 'search'>(props.selectedIds.length ? 'selected' : 'search');
  const [updateEmpty, setUpdateEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const n = scope === 'selected' ? props.selectedIds.length : props.total;

  const run = async () => {
    setBusy(true);
    try {
      const target = scope === 'selected' ? { ids: props.selectedIds } : { query: { ...props.query, pageNum: 1, pageSize: 1 } };
      const r = await c.submit(target, updateEmpty);
      void message.success(`操作成功，已修改${r.updated}行数据`);
      props.onDone();
      props.onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      modal.error({
        title: err.message,
        width: 520,
        content: err.errors?.length ? <ul data-testid="batch-refused">{refusalLines(err.errors, props.def).map((l) => <li key={l}>{l}</li>)}</ul> : null,
      });
    } finally {
      setBusy(false);
    }
  };

  const ok = async () => {
    if (!c.editable) { void message.warning('没有可修改的信息'); return; }
    await c.form.validate().catch(() => undefined);
    if (c.form.invalid) return;
    if (!Object.keys(c.payload(updateEmpty)).length) { void message.warning('没有可修改的信息'); return; }
    if (scope === 'search' && (!props.totalExact || n > BATCH_MAX_ROWS)) { void message.warning(`一次最多修改${BATCH_MAX_ROWS}行数据，请缩小查询范围`); return; }
    if (!n) { void message.warning('没有需要修改的数据'); return; }
    modal.confirm({ title: '系统提示', content: batchConfirmText(n), okText: '确定', cancelText: '取消', onOk: run });
  };

  return (
    <Modal open title="批量修改" width={800} okText="确定" cancelText="取消" confirmLoading={busy} onOk={() => void ok()} onCancel={props.onClose} destroyOnHidden data-testid="batch-edit-dialog">
      {c.editable ? (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)}>
              <Radio value="selected" disabled={!props.selectedIds.length}>已选中的{props.selectedIds.length}行</Radio>
              <Radio value="search">当前查询的全部{props.totalExact ? '' : '约'}{props.total}行</Radio>
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
