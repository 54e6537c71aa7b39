/**
 * 仪表盘管理 (`/system/dashboard`): the tenant's dashboards on the left; on the right the one
 * being edited, its name, page path and refresh interval, and its panels each beside a live
 * preview. Saving sends the version read (a save of someone else in between is refused).
 */
import { Button, Checkbox, Empty, Input, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { DashboardInput } from '../../api/dashboards';
import { NEW_DASHBOARD, useDashboardsController } from '../../controllers/useDashboardsController';
import { useFeedback } from '../../feedback/useFeedback';
import { Authorized } from '../../routing/Authorized';
import { useNavigate, useQueryParams } from '../../routing/navigation';
import { paths } from '../../paths';
import { confirmDelete } from '../admin/common/confirmDelete';
import { newPanel } from './panelDraft';
import { PanelEditor } from './PanelEditor';
import styles from './dashboards.module.css';

/** The screen. */
export default function DashboardsPage() {
  const app = useFeedback();
  const navigate = useNavigate();
  const c = useDashboardsController();
  const [draft, setDraft] = useState<DashboardInput | undefined>();
  // `?id=` (the 编辑 button of a dashboard page) opens that dashboard for editing.
  const askedId = Number(useQueryParams().get('id')) || 0;
  const { load } = c;
  useEffect(() => {
    if (askedId) void load(askedId).then(setDraft, () => undefined);
  }, [askedId, load]);
  const set = (patch: Partial<DashboardInput>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const save = async () => {
    if (!draft) return;
    if (!draft.name.trim()) { void app.message.warning('请输入仪表盘名称'); return; }
    const id = await c.save(draft);
    void app.message.success(draft.id ? '修改成功' : '新增成功');
    setDraft(await c.load(id));
  };
  return (
    <div className={styles.layout}>
      <div className={styles.list}>
        <Authorized perms={['system:dashboard:add']}><Button type="primary" onClick={() => setDraft({ ...NEW_DASHBOARD, panels: [] })}>新建仪表盘</Button></Authorized>
        {c.rows.map((d) => (
          <Button key={d.id} type={draft?.id === d.id ? 'link' : 'text'} style={{ textAlign: 'left' }} onClick={async () => setDraft(await c.load(d.id))}>
            {d.name}（{d.panelCount}）
          </Button>
        ))}
      </div>
      {draft ? (
        <div>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input aria-label="仪表盘名称" placeholder="仪表盘名称" style={{ width: 200 }} value={draft.name} maxLength={50} onChange={(e) => set({ name: e.target.value })} />
            <Input aria-label="页面路径" placeholder="页面路径（可选）" style={{ width: 180 }} value={draft.routeKey ?? ''} maxLength={63} onChange={(e) => set({ routeKey: e.target.value || null })} />
            <InputNumber aria-label="刷新间隔" suffix="秒刷新" style={{ width: 140 }} min={10} max={3600} value={draft.refreshSeconds} onChange={(v) => set({ refreshSeconds: Number(v) || 60 })} />
            {/* ADR 1056: signed-out visitors read it over the portal's published records (needs a page path). */}
            <Checkbox checked={draft.isPublic} onChange={(e) => set({ isPublic: e.target.checked })}>公开访问（无需登录，仅统计门户已发布的数据）</Checkbox>
            <Button onClick={() => set({ panels: [...draft.panels, newPanel(draft.panels.at(-1)?.form ?? c.forms[0]?.enName ?? '', draft.panels)] })} disabled={!c.forms.length}>添加面板</Button>
            <Button type="primary" loading={c.saving} onClick={() => void save()}>保存</Button>
            {draft.id ? <Button onClick={() => navigate(draft.routeKey === 'guanlijiashicang' ? paths.cockpit : paths.dashboard(draft.id!))}>打开</Button> : null}
            {draft.id ? (
              <Authorized perms={['system:dashboard:remove']}>
                <Button danger onClick={() => confirmDelete(app, '仪表盘', [draft.name], async () => { await c.remove([draft.id!]); setDraft(undefined); })}>删除</Button>
              </Authorized>
            ) : null}
          </Space>
          {draft.panels.map((p, i) => (
            <PanelEditor key={p.id} panel={p} forms={c.forms}
              onChange={(next) => set({ panels: draft.panels.map((x, j) => (j === i ? next : x)) })}
              onRemove={() => set({ panels: draft.panels.filter((_, j) => j !== i) })} />
          ))}
          {!draft.panels.length ? <Empty description="暂无面板，点击「添加面板」" /> : null}
        </div>
      ) : (
        <Empty description="选择或新建一个仪表盘" />
      )}
    </div>
  );
}
