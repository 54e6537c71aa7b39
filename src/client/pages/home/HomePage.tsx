/**
 * `/index`: the home page inside the layout — the user's selected modules (spec 02 §2.4 "home-page
 * module configuration"): 个人信息, 我的消息 (latest unread), 常用功能 (menu shortcuts), in the
 * saved order, with a 模块设置 dialog saved per user (admins may also save the tenant default).
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Empty, List, Modal, Row, Space, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { HomeModule } from '../../api/home';
import type { Message } from '../../api/messages';
import { HOME_DEFAULT_PERMISSION, useCommonMenus, useHomeModules } from '../../controllers/useHomeModules';
import { useMessagesController } from '../../controllers/useMessagesController';
import { useRouteTable } from '../../controllers/useRouteTable';
import { formatDateTime } from '../../session/formatDateTime';
import { sessionStore } from '../../session/sessionStore';
import { useHasPermission } from '../../routing/Authorized';
import { useNavigate } from '../../routing/navigation';
import { RelativeTime } from '../../routing/RelativeTime';
import { linkTarget } from '../msg/openLink';
import { AnnounceModule } from './AnnounceModule';
import { CalendarModule } from './CalendarModule';
import { TodoModule } from '../flow/TodoModule';
import { saveDownload } from '../../list/io/useJob';

/** The component path of the message-centre menu (the "更多" link of 我的消息). */
const MESSAGE_VIEW = 'msg/detail/index';
const LATEST_UNREAD = 5;

function UserInfoModule() {
  const user = sessionStore.use((s) => s.user);
  return (
    <Card title="个人信息" size="small">
      <Typography.Title level={5} style={{ marginTop: 0 }}>欢迎，{user?.nickName}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {[user?.tenantName, user?.deptName].filter((v, i, all) => v && all.indexOf(v) === i).join(' · ')}
        {user?.loginDate ? ` · 上次登录 ${formatDateTime(user.loginDate)}` : ''}
      </Typography.Paragraph>
    </Card>
  );
}

function MessagesModule() {
  const c = useMessagesController({ filter: 'unread', pageSize: LATEST_UNREAD });
  const { routes } = useRouteTable();
  const navigate = useNavigate();
  const centre = routes.find((r) => r.kind === 'view' && r.target === MESSAGE_VIEW);
  const open = async (m: Message) => {
    await c.open(m).catch(() => undefined);
    const target = linkTarget(m.link);
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener');
    else if (target.kind === 'internal') navigate(target.path);
    else if (target.kind === 'download') await saveDownload(target.url, decodeURIComponent(target.url.split('%2F').pop() ?? 'download')).catch(() => undefined);
    else if (centre) navigate(centre.href);
  };
  return (
    <Card
      title={`我的消息${c.total ? `（${c.total} 条未读）` : ''}`}
      size="small"
      extra={centre ? <Typography.Link onClick={() => navigate(centre.href)}>更多</Typography.Link> : null}
    >
      <List<Message>
        size="small"
        loading={c.loading}
        dataSource={c.rows}
        locale={{ emptyText: '暂无未读消息' }}
        renderItem={(m) => (
          <List.Item actions={[<Typography.Text key="t" type="secondary"><RelativeTime value={m.createTime} /></Typography.Text>]}>
            <Typography.Link onClick={() => void open(m)}>{m.title}</Typography.Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** How many shortcuts the module shows when it lists the most visited menus. */
const MOST_VISITED = 12;

/**
 * 常用功能: the user's most visited menus (most used first); before the first visit, every menu
 * page, as the sidebar orders them.
 */
function ShortcutsModule() {
  const { routes } = useRouteTable();
  const navigate = useNavigate();
  const common = useCommonMenus();
  const pages = routes.filter((r) => !r.hidden);
  const visited = common.rows.flatMap((row) => {
    const route = routes.find((r) => r.menuId === row.menuId);
    return route ? [{ route, count: row.count }] : [];
  });
  const shown = visited.length ? visited.slice(0, MOST_VISITED) : pages.map((route) => ({ route, count: 0 }));
  if (!common.loaded) return <Card title="常用功能" size="small" loading />;
  return (
    <Card title="常用功能" size="small" extra={visited.length ? <Typography.Text type="secondary">按访问次数排序</Typography.Text> : null}>
      {shown.length ? (
        <Row gutter={[12, 12]} data-testid="shortcuts">
          {shown.map(({ route: r, count }) => (
            <Col key={r.key} xs={12} sm={8} md={6} lg={4}>
              <Card hoverable size="small" onClick={() => (r.kind === 'external' ? window.open(r.path, '_blank', 'noopener') : navigate(r.href))}>
                <Card.Meta title={r.title} description={count ? `访问 ${count} 次` : r.breadcrumb.slice(0, -1).join(' > ') || '\u00a0'} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description="暂无可访问的菜单" />
      )}
    </Card>
  );
}

const MODULE_VIEWS: Record<string, () => JSX.Element> = {
  userInfo: UserInfoModule,
  messages: MessagesModule,
  shortcuts: ShortcutsModule,
  calendar: CalendarModule,
  announce: AnnounceModule,
  todo: TodoModule,
};

/** The 模块设置 dialog: a checkbox per module; admins can save the list as the tenant default. */
function ModuleSettings({ open, modules, onClose }: { open: boolean; modules: HomeModule[]; onClose: () => void }) {
  const { message } = useFeedback();
  const h = useHomeModules();
  const canDefault = useHasPermission(HOME_DEFAULT_PERMISSION);
  const [draft, setDraft] = useState<HomeModule[]>(modules);
  useEffect(() => {
    if (open) setDraft(modules);
  }, [open, modules]);
  const toggle = (id: string, selected: boolean) => setDraft((d) => d.map((m) => (m.id === id ? { ...m, selected } : m)));
  const save = async (asDefault: boolean) => {
    await (asDefault ? h.saveDefault(draft) : h.saveMine(draft));
    void message.success(asDefault ? '已保存为默认模块' : '保存成功');
    if (!asDefault) onClose();
  };
  return (
    <Modal
      title="模块设置"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={() => void h.loadDefault().then(setDraft)}>恢复默认</Button>
          {canDefault ? <Button onClick={() => void save(true).catch(() => undefined)} loading={h.saving}>保存为默认</Button> : null}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={() => void save(false).catch(() => undefined)} loading={h.saving}>确定</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">勾选要在首页显示的模块。</Typography.Paragraph>
      <Space direction="vertical">
        {draft.map((m) => (
          <Checkbox key={m.id} checked={m.selected} onChange={(e) => toggle(m.id, e.target.checked)}>
            {m.name}
          </Checkbox>
        ))}
      </Space>
    </Modal>
  );
}

// The portal's blocks load in their own chunk (issue 32 item 1).
const PortalHomeModule = lazy(() => import('../portal/PortalHomeModule'));

/** The home page. */
export default function HomePage() {
  const h = useHomeModules();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const shown = h.modules.filter((m) => m.selected && MODULE_VIEWS[m.id]);
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} disabled={!h.loaded}>
          模块设置
        </Button>
      </div>
      {h.loaded && !shown.length ? <Empty description="未选择首页模块，请点击“模块设置”选择" /> : null}
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Suspense fallback={null}>
          <PortalHomeModule />
        </Suspense>
        {shown.map((m) => {
          const View = MODULE_VIEWS[m.id];
          return <View key={m.id} />;
        })}
      </Space>
      <ModuleSettings open={settingsOpen} modules={h.modules} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
