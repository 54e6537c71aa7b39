/**
 * The add / edit / detail page of a form (spec 01 §2.1, §4; spec 02 §2.3, §2.4): the generated form
 * in a two-column grid, its actions, success and failure messages, the back confirmation and the
 * tab title. Detail mode is the same schema read-pretty; detailEditable fields stay editable and
 * bring the 保存 button with them.
 */
import { Spin } from 'antd';
import { useFeedback } from '../feedback/useFeedback';
import { HttpError } from '../api/http';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { createUploadTracker, UPLOAD_RUNNING_TEXT } from '../fields/data/uploadTracker';
import { hasPermission, sessionStore } from '../session/sessionStore';
import { formPermission } from '../../shared/formPermissions';
import { formTabTitle } from '../session/tabTitle';
import { retargetTab, setTabTitle } from '../session/tabsStore';
import { useCurrentPage } from '../controllers/useRouteTable';
import { useNavigate } from '../routing/navigation';
import { PageCard } from '../routing/PageCard';
import { Text, Title } from '../routing/typography';
import { BACK_CONFIRM_TEXT, BACK_CONFIRM_TITLE } from './backConfirm';
import { FormActions } from './FormActions';
import { formPaths } from './formRoute';
import { isReadOnlyView } from '../../shared/readOnlyRecords';
import { RecordFormView } from './RecordFormView';
import { userContextOf } from './userContext';
import { useRecordForm } from './useRecordForm';

// antd's Result (with its illustrations) only shows a load error: not part of the first load.
const Result = lazy(() => import('../routing/lazyAntd/Result'));
const ErrorPage = lazy(() => import('../pages/errors/ErrorPage').then((m) => ({ default: m.ErrorPage })));

/**
 * Shown for a record the caller's tenant does not hold (issue 26 item 7): each tenant numbers its
 * own records, so a link from another tenant names a record that is not there — or was deleted;
 * the server cannot tell these apart without looking into other tenants, and does not.
 */
const RECORD_NOT_YOURS = '该记录不存在，或不属于您所在的单位。';
// Detail pages only (antd Table / Timeline): not part of an add or edit page's first load (issue 15, goal 6).
const PrintHistory = lazy(() => import('../print/PrintHistory').then((m) => ({ default: m.PrintHistory })));
const RecordFlowPanel = lazy(() => import('../pages/flow/RecordFlowPanel').then((m) => ({ default: m.RecordFlowPanel })));

export interface RecordFormPageProps {
  enName: string;
  mode: 'add' | 'edit' | 'detail';
  id?: string;
  copyId?: string;
  taskId?: string | null;
  processInstanceId?: string | null;
}

/** Formily's validation failure: the fields' messages. */
function firstError(err: unknown): string | undefined {
  if (Array.isArray(err)) return (err[0] as { messages?: string[] })?.messages?.[0];
  return undefined;
}

/** The page. */
export default function RecordFormPage({ enName, mode, id, copyId, taskId, processInstanceId }: RecordFormPageProps) {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const { path, key: tabKey } = useCurrentPage();
  const session = sessionStore.use((s) => s);
  const ctx = useMemo(() => userContextOf(session), [session.user, session.roles]); // eslint-disable-line react-hooks/exhaustive-deps
  const c = useRecordForm({ enName, mode, id, copyId, ctx });
  const def = c.def;
  const [uploads] = useState(createUploadTracker);

  useEffect(() => {
    if (def) setTabTitle(path, formTabTitle({ cnName: def.cnName, mode: mode === 'add' ? 'add' : 'edit', detail: mode === 'detail', hasFlow: def.hasFlow, taskId, processInstanceId }));
  }, [def, path, mode, taskId, processInstanceId]);

  if (c.error instanceof HttpError && c.error.code === 404 && (mode !== 'add' || copyId)) {
    return (
      <Suspense fallback={null}>
        <ErrorPage status="403" sub={RECORD_NOT_YOURS} />
      </Suspense>
    );
  }
  if (c.error) {
    return (
      <Suspense fallback={null}>
        <Result status="warning" title={(c.error as Error).message || '加载失败'} />
      </Suspense>
    );
  }
  if (!def || !c.form || !c.schema) return <Spin tip="加载中" style={{ display: 'block', margin: 48 }}><div /></Spin>;

  const detailEditable = def.fields.some((f) => f.detailEditable);
  // Spec 01 §4: actions are hidden in flow mode (an approval or a flow view carries these ids).
  const flowMode = !!taskId || !!processInstanceId;
  const canAdd = hasPermission(session, formPermission(enName, 'add'), formPermission(enName, 'list:root'));
  // Spec 01 §2.1: `?from=flow` opens the add page to list:root holders, who may submit (a flow
  // form's save) but not stash: the server's stash needs add (docs/api-flows.md).
  const canStash = mode !== 'add' || hasPermission(session, formPermission(enName, 'add'));
  const isDraft = Number(c.record?.sys_status) === -1;
  const run = async (kind: 'save' | 'stash' | 'push') => {
    if (uploads.busy()) { message.warning(UPLOAD_RUNNING_TEXT); return; }
    try {
      const r = await c.save(kind);
      message.success('操作成功');
      if (r.created) {
        // The add tab becomes the record's edit tab rather than leaving a second tab behind.
        const edit = formPaths.edit(enName, r.id);
        retargetTab(tabKey, { path: edit, fullPath: edit, title: formTabTitle({ cnName: def.cnName, mode: 'edit', hasFlow: def.hasFlow }) });
        navigate(edit, { replace: true });
      }
    } catch (err) {
      const text = firstError(err);
      if (text) message.error(text);
      // Server failures were already shown by the HTTP client; the typed values stay in the form.
    }
  };
  const back = () =>
    modal.confirm({
      title: BACK_CONFIRM_TITLE,
      content: BACK_CONFIRM_TEXT,
      okText: '确定',
      cancelText: '取消',
      onOk: () => window.history.back(),
    });
  const copy = () => {
    if (!canAdd) { message.warning('暂无流程信息'); return; }
    navigate(formPaths.copy(enName, id as string));
  };
  return (
    <PageCard
      className="fw-form-page"
      title={<Title level={4} style={{ margin: 0 }}>{def.cnName}</Title>}
      extra={c.readOnlyReason ? <Text type="secondary" data-testid="form-read-only">{c.readOnlyReason}</Text> : undefined}
    >
      <RecordFormView form={c.form} schema={c.schema} info={{ formName: enName, recordId: id, mode, loaded: c.loadState === 1, ctx, def, uploads }} />
      {flowMode ? null : <FormActions
        showSave={!c.readOnlyReason && (mode !== 'detail' || detailEditable)}
        showStash={!c.readOnlyReason && c.stashEnabled && canStash && mode !== 'detail' && (mode === 'add' || isDraft)}
        showPush={!c.readOnlyReason && c.stashEnabled && mode === 'edit' && isDraft}
        showCopy={mode !== 'add' && canAdd && !isReadOnlyView(def)}
        saving={c.saving}
        onSave={() => void run('save')}
        onStash={() => void run('stash')}
        onPush={() => void run('push')}
        onCopy={copy}
        onBack={back}
      />}
      {mode === 'detail' && id && /^\d+$/.test(id) ? (
        <Suspense fallback={null}>
          <PrintHistory formName={enName} recordId={Number(id)} />
          {def.hasFlow ? <RecordFlowPanel formName={enName} recordId={Number(id)} /> : null}
        </Suspense>
      ) : null}
    </PageCard>
  );
}
