/**
 * /tool/build/index — the form designer, without the shell's header and sidebar (spec 02 §2.3):
 * palette, canvas, field properties or form settings, and the live preview; undo / redo; saving
 * through the definition check (issue 19). `?id=` edits a saved form.
 */
import { HistoryOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Space, Tabs, Tooltip } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useState } from 'react';
import { useHasPermission } from '../../routing/Authorized';
import { useNavigate, useQueryParams } from '../../routing/navigation';
import { PageLoading } from '../../routing/PageLoading';
import { paths } from '../../paths';
import { LivePreview } from '../../preview/LivePreview';
import type { DefinitionCheck } from '../../../shared/contract/formVersions';
import { Canvas } from './Canvas';
import { DataChangesDialog } from './DataChangesDialog';
import { DesignerDnd } from './DesignerDnd';
import { fieldOf, pathOf } from './draft';
import { FormSettings } from './FormSettings';
import { MenuDialog } from './MenuDialog';
import { Palette } from './Palette';
import { PropertyPanel } from './PropertyPanel';
import { LEAVE_TEXT, useLeaveGuard } from './useLeaveGuard';
import { useDesigner } from './useDesigner';
import { VersionsDrawer } from './VersionsDrawer';
import { problemBadge } from './designerTexts';
import './designer.css';

/** The page (permission-gated). */
export default function DesignerPage() {
  const formId = useQueryParams().get('id');
  const allowed = useHasPermission(formId ? 'flowable:form:edit' : 'flowable:form:add');
  if (!allowed) return <Alert type="error" showIcon style={{ margin: 24 }} message="无权访问表单设计" description={`需要权限 ${formId ? 'flowable:form:edit' : 'flowable:form:add'}`} />;
  // No key on the id: a new form's save puts `?id=` into the address without re-mounting.
  return <Designer formId={formId} />;
}

function Designer({ formId }: { formId: string | null }) {
  const d = useDesigner(formId);
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const [tab, setTab] = useState('field');
  const [confirming, setConfirming] = useState<DefinitionCheck | null>(null);
  const [menuFor, setMenuFor] = useState<{ enName: string; cnName: string } | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  useLeaveGuard(d.dirty);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      const target = e.target as HTMLElement | null;
      // Inside a text box the browser's own undo applies.
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      e.preventDefault();
      if (e.shiftKey) d.redo(); else d.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [d]);

  const leave = (to: string) => {
    if (!d.dirty) { navigate(to); return; }
    modal.confirm({ title: '离开表单设计', content: LEAVE_TEXT, okText: '离开', cancelText: '留下', onOk: () => navigate(to) });
  };

  const save = async (confirm: boolean) => {
    const outcome = await d.save(confirm);
    if (outcome.kind === 'problems') void message.error(`定义有 ${outcome.count} 个问题，请先改正（已标在字段上）`);
    else if (outcome.kind === 'failed') void message.error(`保存失败：${outcome.message}`);
    else if (outcome.kind === 'confirm') setConfirming(outcome.check);
    else {
      if (outcome.note) void message.warning(outcome.note);
      void message.success('保存成功');
      if (outcome.created) {
        navigate(`${paths.designer}?id=${outcome.id}`, { replace: true });
        setMenuFor({ enName: d.definition.enName, cnName: d.definition.cnName });
      }
    }
  };

  if (d.loading) return <PageLoading />;
  if (d.loadError) return <Alert type="error" showIcon style={{ margin: 24 }} message={`读取表单失败：${d.loadError}`} />;
  const field = fieldOf(d.draft, d.selected);
  const fieldPath = field ? pathOf(d.draft, field.__key) : null;
  // A new form nobody has touched has nothing wrong yet (its empty names are not a mistake).
  const badge = problemBadge(d.problems, { isNew: d.draft.id == null, dirty: d.dirty });
  return (
    <div className="fw-designer">
      <div className="fw-designer-bar">
        <h1>表单设计{d.draft.cnName ? ` · ${d.draft.cnName}` : ''}</h1>
        <Tooltip title="撤销（Ctrl+Z）"><Button aria-label="撤销" icon={<UndoOutlined />} disabled={!d.canUndo} onClick={d.undo} /></Tooltip>
        <Tooltip title="重做（Ctrl+Shift+Z）"><Button aria-label="重做" icon={<RedoOutlined />} disabled={!d.canRedo} onClick={d.redo} /></Tooltip>
        {badge ? <Badge count={badge.count} size="small" title="定义问题"><span style={{ padding: '0 6px', color: badge.count ? '#ff4d4f' : '#52c41a' }}>{badge.text}</span></Badge> : null}
        {d.dirty ? <span style={{ color: '#fa8c16' }}>未保存</span> : null}
        <span style={{ flex: 1 }} />
        <Space>
          <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} disabled={d.draft.id == null}>版本记录</Button>
          <Button onClick={() => leave(paths.autoList(d.draft.enName))} disabled={d.draft.id == null}>打开列表</Button>
          <Button onClick={() => leave('/system/form')}>返回</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={d.saving} onClick={() => void save(false)}>保存</Button>
        </Space>
      </div>
      <DesignerDnd
        onAdd={(t, target) => { if (d.add(t, target)) setTab('field'); else void message.warning('该字段不能放在这里'); }}
        onMove={d.move}
      >
        <div className="fw-designer-body">
          <div className="fw-designer-pane"><Palette onAdd={(t) => { if (d.add(t, { container: 'root', index: d.draft.fields.length })) setTab('field'); }} /></div>
          <div className="fw-designer-pane" aria-label="画布">
            <Canvas draft={d.draft} selected={d.selected} problems={d.problems} onSelect={(k) => { d.select(k); if (k) setTab('field'); }} onSpan={(k, span) => d.setField(k, { span })} onRemove={d.remove} />
          </div>
          <div className="fw-designer-pane">
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'field', label: '字段属性', children: field && fieldPath ? <PropertyPanel field={field} path={fieldPath} problems={d.problems} onChange={(patch, group) => d.setField(field.__key, patch, group)} /> : <Alert type="info" message="在画布上选择一个字段" /> },
                { key: 'form', label: '表单设置', children: <FormSettings draft={d.draft} problems={d.problems} onChange={d.setForm} /> },
              ]}
            />
          </div>
          <div className="fw-designer-pane" aria-label="预览"><LivePreview def={d.definition} problems={d.problems.length} /></div>
        </div>
      </DesignerDnd>
      <DataChangesDialog check={confirming} onCancel={() => setConfirming(null)} onConfirm={() => { setConfirming(null); void save(true); }} />
      <MenuDialog form={menuFor} onClose={() => setMenuFor(null)} />
      <VersionsDrawer open={versionsOpen} formId={d.draft.id} current={d.definition} dirty={d.dirty} onClose={() => setVersionsOpen(false)} onRestored={d.reload} />
    </div>
  );
}
