/** The header (spec 02 §2.4): sidebar toggle, breadcrumb, menu search, tenant, user menu. */
import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Breadcrumb, Dropdown, Tooltip } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useLocation } from 'wouter';
import { endSessionAndLeave } from '../../controllers/sessionActions';
import { useAvatarSrc } from '../../controllers/useAvatarSrc';
import { useCurrentPage, useRouteTable } from '../../controllers/useRouteTable';
import { appStore, setSidebar } from '../../session/appStore';
import { sessionStore } from '../../session/sessionStore';
import { settingsStore } from '../../session/settingsStore';
import { paths } from '../../paths';
import { breadcrumbTrail } from './breadcrumbTrail';
import { MenuSearch } from './MenuSearch';
import styles from './Navbar.module.css';

/** Tenant names longer than this get a tooltip (spec 02 §2.4). */
const TENANT_TOOLTIP_OVER = 12;

/** The header bar. */
export function Navbar() {
  const { modal } = useFeedback();
  const [location, navigate] = useLocation();
  const opened = appStore.use((s) => s.sidebarOpened);
  const user = sessionStore.use((s) => s.user);
  const avatarSrc = useAvatarSrc(user?.avatar);
  const { search } = useCurrentPage();
  const { routeAt } = useRouteTable();
  const crumbs = breadcrumbTrail(location, search, routeAt);
  const tenantName = String(user?.tenantName ?? '');
  const tenant = tenantName.length > TENANT_TOOLTIP_OVER ? (
    <Tooltip title={tenantName}>
      <span className={styles.tenant}>{tenantName.slice(0, TENANT_TOOLTIP_OVER)}…</span>
    </Tooltip>
  ) : (
    <span className={styles.tenant}>{tenantName}</span>
  );
  const logout = () =>
    modal.confirm({
      title: '提示',
      content: '确定注销并退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => endSessionAndLeave(),
    });
  return (
    <div className={styles.navbar}>
      <span className={styles.icon} aria-label={opened ? '收起菜单' : '展开菜单'} onClick={() => setSidebar(!opened)}>
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </span>
      <Breadcrumb className={styles.crumbs} items={crumbs.map((title) => ({ title }))} />
      <div className={styles.right}>
        <MenuSearch />
        {tenant}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', label: '个人中心' },
              { key: 'settings', label: '布局设置' },
              { type: 'divider' },
              { key: 'logout', label: '退出登录' },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') navigate(paths.profile);
              if (key === 'settings') settingsStore.set({ showSettings: true });
              if (key === 'logout') logout();
            },
          }}
        >
          <span className={styles.user} aria-label="用户菜单">
            <Avatar size="small" src={avatarSrc} icon={<UserOutlined />} alt="头像" />
            <span>{user?.nickName}</span>
          </span>
        </Dropdown>
      </div>
    </div>
  );
}
