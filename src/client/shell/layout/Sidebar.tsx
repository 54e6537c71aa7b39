/** The left menu (spec 02 §2.4): 220 px, collapsible, unique-opened submenus, external links in a new tab. */
import { AppstoreOutlined, FileTextOutlined, LinkOutlined } from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useCurrentPage, useRouteTable } from '../../controllers/useRouteTable';
import { useUnreadCount } from '../../controllers/useUnreadCount';
import { useTodoCount } from '../../pages/flow/useTodoCount';
import type { MenuNode } from '../../session/buildRoutes';
import { CONFIG_KEYS } from '../../session/configKeys';
import { fillPlaceholders } from '../../session/fillPlaceholders';
import { sessionStore } from '../../session/sessionStore';
import { sidebarTitle } from '../../session/sidebarTitle';
import { settingsStore } from '../../session/settingsStore';
import { menuIcon } from '../../routing/menuIcons';
import styles from './Sidebar.module.css';

// The unread / to-do count shows only when there is one: antd's Badge is not part of the first load.
const Badge = lazy(() => import('../../routing/lazyAntd/Badge'));

/** Spec 02 §9. */
export const SIDEBAR_WIDTH = 220;

type Item = Required<MenuProps>['items'][number];

function isMessageCentre(node: MenuNode): boolean {
  return node.title === '消息中心' || /\/msg(\/|\?|$)/.test(node.path ?? '');
}

/** 我的待办 (issue 18) carries the count of open tasks. */
const isTodo = (node: MenuNode): boolean => /^\/flow\/todo(\?|$)/.test(node.path ?? '');

function toItems(nodes: MenuNode[], unread: number, todo: number): Item[] {
  return nodes.map((n) => {
    if (n.children) {
      return { key: n.key, label: n.title, icon: menuIcon(n.icon) ?? <AppstoreOutlined />, children: toItems(n.children, unread, todo) } as Item;
    }
    // A standalone badge after the title: wrapping the title would give it the badge's dark text colour.
    const count = isMessageCentre(n) ? unread : isTodo(n) ? todo : 0;
    const label =
      count > 0 ? (
        <span>
          {n.title} <Suspense fallback={null}><Badge count={count} overflowCount={99} size="small" /></Suspense>
        </span>
      ) : (
        n.title
      );
    return { key: n.key, label, icon: menuIcon(n.icon) ?? (n.external ? <LinkOutlined /> : <FileTextOutlined />) } as Item;
  });
}

/** Keys of the groups that contain `key`, outermost first. */
function ancestorsOf(nodes: MenuNode[], key: string, trail: string[] = []): string[] | undefined {
  for (const n of nodes) {
    if (n.key === key) return trail;
    if (n.children) {
      const found = ancestorsOf(n.children, key, [...trail, n.key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The sidebar. */
export function Sidebar({ collapsed, mobile, theme }: { collapsed: boolean; mobile: boolean; theme: 'dark' | 'light' }) {
  const { tree, byKey } = useRouteTable();
  const [, navigate] = useLocation();
  const { key: selected } = useCurrentPage();
  const showLogo = settingsStore.use((s) => s.sidebarLogo);
  const config = sessionStore.use((s) => s.config);
  const hasMessageMenu = useMemo(() => JSON.stringify(tree).includes('消息中心'), [tree]);
  const unread = useUnreadCount(hasMessageMenu);
  const todo = useTodoCount(useMemo(() => JSON.stringify(tree).includes('/flow/todo'), [tree]));
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorsOf(tree, selected) ?? []);
  useEffect(() => {
    if (!collapsed) setOpenKeys(ancestorsOf(tree, selected) ?? []);
  }, [selected, tree, collapsed]);

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    // Unique-opened: keep only the newly opened group and its ancestors.
    setOpenKeys(latest ? [...(ancestorsOf(tree, latest) ?? []), latest] : keys);
  };
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('link:')) window.open(fillPlaceholders(key.slice(5), (sessionStore.get().user ?? {}) as Record<string, unknown>), '_blank', 'noopener');
    else navigate(byKey.get(key)?.href ?? key);
  };
  const roles = sessionStore.use((s) => s.roles);
  const title = sidebarTitle(roles, config);
  const logo = config[CONFIG_KEYS.sidebarLogo];
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsed={collapsed}
      collapsedWidth={mobile ? 0 : 54}
      trigger={null}
      theme={theme}
      className={mobile ? styles.mobile : styles.sider}
    >
      {showLogo ? (
        <div className={theme === 'dark' ? styles.logoDark : styles.logoLight} title={title}>
          {logo ? <img src={logo} alt="" className={styles.logoImg} /> : <span className={styles.logoMark}>表</span>}
          {collapsed || !title ? null : <span className={styles.logoText}>{title}</span>}
        </div>
      ) : null}
      <Menu
        mode="inline"
        theme={theme}
        items={toItems(tree, unread, todo)}
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={onOpenChange}
        onClick={onClick}
        subMenuOpenDelay={0.3}
        subMenuCloseDelay={0.3}
        inlineIndent={18}
      />
    </Layout.Sider>
  );
}
