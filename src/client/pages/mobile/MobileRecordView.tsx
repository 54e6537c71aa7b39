/** The record of the mobile page: the form page's controller and schema, one column, actions fixed at the bottom. */
import { Result, Spin, Typography } from 'antd';
import type { UserContext } from '../../../../schema-adapters/definition/types';
import { RecordFormView } from '../../form/RecordFormView';
import { useRecordForm } from '../../form/useRecordForm';

/** What the actions row is given. */
export interface MobileControls {
  saving: boolean;
  /** Why the record takes no edit (a view, a voided record), as the form page says it. */
  readOnly: string | null;
  /** Validates and saves; false when a rule failed or the server refused (its message was shown). */
  save(): Promise<boolean>;
}

/** Detail mode, or edit mode while `editing`. */
export function MobileRecordView(props: { enName: string; id: string; ctx: UserContext; editing: boolean; actions(c: MobileControls): React.ReactNode }) {
  const mode = props.editing ? 'edit' : 'detail';
  const c = useRecordForm({ enName: props.enName, mode, id: props.id, ctx: props.ctx });
  if (c.error) return <Result status="warning" title={(c.error as Error).message || '加载失败'} />;
  if (!c.def || !c.form || !c.schema) return <Spin tip="加载中" style={{ display: 'block', padding: 48 }}><div /></Spin>;
  const save = async () => {
    try {
      await c.save('save');
      return true;
    } catch {
      // Rule messages stay on the fields; server refusals were shown by the HTTP client.
      return false;
    }
  };
  return (
    <div data-testid="mobile-record" data-mode={mode} style={{ paddingBottom: 72 }}>
      <div style={{ position: 'sticky', top: 0, zIndex: 2, background: '#fff', borderBottom: '1px solid #f0f0f0', padding: '12px 16px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{c.def.cnName}</Typography.Title>
        {c.readOnlyReason ? <Typography.Text type="secondary">{c.readOnlyReason}</Typography.Text> : null}
      </div>
      <div style={{ padding: '8px 16px' }}>
        <RecordFormView form={c.form} schema={c.schema} info={{ formName: props.enName, recordId: props.id, mode, loaded: c.loadState === 1, ctx: props.ctx, def: c.def }} />
      </div>
      <div style={{ position: 'fixed', left: 0, right: 0, bottom: 0, maxWidth: 480, margin: '0 auto', padding: '10px 16px', background: '#fff', borderTop: '1px solid #f0f0f0', textAlign: 'center' }}>
        {props.actions({ saving: c.saving, readOnly: c.readOnlyReason, save })}
      </div>
    </div>
  );
}
