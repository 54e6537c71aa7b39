/**
 * `/mmh5?formName&formId&tenant` (spec 01 §2.1; issue 17 item 2): the record a QR code points at,
 * on a phone. No shell chrome; signed-in users only (the route sends others to sign in). The
 * form page's schema in one column: read-only, and editable with 编辑 for holders of
 * `auto:{form}:edit` (the server checks the save as any other).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { loadSession } from '../../controllers/loadSession';
import '../../session/dayjsLocale';
import { userContextOf } from '../../form/userContext';
import { getTenantCode } from '../../session/cookies';
import { hasPermission, hasRole, sessionStore } from '../../session/sessionStore';
import { mobileParams } from './mobileParams';
import { MobileRecordView } from './MobileRecordView';

/** The page: checks the link and the session, then shows the record. */
export default function MobileRecordPage() {
  const params = mobileParams(useSearch());
  const client = useQueryClient();
  // The shell's gate is not on this route: the user's roles and permissions are loaded here.
  const session = useQuery({ queryKey: ['mobile', 'session'], queryFn: async () => { await loadSession(client); return true; }, staleTime: Infinity, retry: false });
  const state = sessionStore.use((s) => s);
  const ctx = useMemo(() => userContextOf(state), [state.user, state.roles]); // eslint-disable-line react-hooks/exhaustive-deps
  const [editing, setEditing] = useState(false);

  const shell = (body: React.ReactNode) => <div className="fw-mobile-page" style={{ maxWidth: 480, margin: '0 auto', minHeight: '100vh', background: '#fff' }}>{body}</div>;
  if (!params.ok) return shell(<Result status="warning" title={params.reason} />);
  // The link names its tenant: the signed-in tenant must be the same, since records are kept per tenant.
  if (params.tenant && params.tenant !== getTenantCode()) return shell(<Result status="warning" title="该记录不属于当前登录的租户" subTitle={`请以租户 ${params.tenant} 的账号登录后再扫码`} />);
  if (session.isError) return shell(<Result status="warning" title="加载失败" />);
  if (!session.data || !state.user) return shell(<Spin tip="加载中" style={{ display: 'block', padding: 48 }}><div /></Spin>);
  const form = params.formName;
  const canEdit = hasRole(state, 'admin') || hasPermission(state, `auto:${form}:edit`);
  const canRead = canEdit || hasPermission(state, `auto:${form}:query`, `auto:${form}:list:root`);
  if (!canRead) return shell(<Result status="403" title="当前操作没有权限" />);
  return shell(
    <MobileRecordView
      key={editing ? 'edit' : 'detail'}
      enName={form}
      id={params.formId}
      ctx={ctx}
      editing={editing}
      actions={(c) => <MobileActions canEdit={canEdit && !c.readOnly} editing={editing} saving={c.saving} onEdit={() => setEditing(true)} onCancel={() => setEditing(false)} onSave={c.save} />}
    />,
  );
}

function MobileActions(props: { canEdit: boolean; editing: boolean; saving: boolean; onEdit(): void; onCancel(): void; onSave(): Promise<boolean> }) {
  const { message } = useFeedback();
  if (!props.canEdit) return <Typography.Text type="secondary">只读</Typography.Text>;
  if (!props.editing) return <Button type="primary" block onClick={props.onEdit}>编辑</Button>;
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button block onClick={props.onCancel}>取消</Button>
      <Button type="primary" block loading={props.saving} onClick={() => void props.onSave().then((saved) => { if (saved) { void message.success('操作成功'); props.onCancel(); } })}>保存</Button>
    </div>
  );
}
