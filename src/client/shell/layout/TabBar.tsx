/** The tab bar (spec 02 §2.4): visited tabs, affix index tab, refresh / close current / others / all, right-click menu. */
import { CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useCurrentPage } from '../../controllers/useRouteTable';
import { notifyTabsClosed, onTabsClosed } from '../../session/tabEvents';
import { forgetClosedTabs } from './forgetClosedTabs';
import { closeAllTabs, closeOtherTabs, closeTab, tabsStore, type TabView } from '../../session/tabsStore';
import styles from './TabBar.module.css';

/** Spec 02 §2.4. */
const CONTEXT_MENU_WIDTH = 105;

/** The tab strip under the header. */
export function TabBar() {
  const tabs = tabsStore.use((s) => s.tabs);
  const [, navigate] = useLocation();
  // Tabs are keyed by page (path + menu id), so compare with the current page's key.
  const { key: location } = useCurrentPage();
  const [menu, setMenu] = useState<{ x: number; y: number; tab: TabView } | null>(null);
  const client = useQueryClient();
  useEffect(() => onTabsClosed((paths) => forgetClosedTabs(paths, client)), [client]);
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const goLast = (remaining: TabView[]) => {
    const last = remaining[remaining.length - 1];
    navigate(last ? last.fullPath : '/');
  };
  const actions = {
    refresh: (tab: TabView) => {
      notifyTabsClosed([tab.path], 0);
      // Everything cached is stale now, so the remounted page asks the server again.
      void client.invalidateQueries({ refetchType: 'none' });
      navigate(`/redirect${tab.fullPath}`, { replace: true });
    },
    close: (tab: TabView) => {
      if (tab.affix) return;
      const remaining = closeTab(tab.path);
      notifyTabsClosed([tab.path], 0);
      if (tab.path === location) goLast(remaining);
    },
    others: (tab: TabView) => {
      const closed = tabs.filter((t) => !t.affix && t.path !== tab.path).map((t) => t.path);
      closeOtherTabs(tab.path);
      notifyTabsClosed(closed, 200);
      if (tab.path !== location) navigate(tab.fullPath);
    },
    all: () => {
      const closed = tabs.filter((t) => !t.affix).map((t) => t.path);
      goLast(closeAllTabs());
      notifyTabsClosed(closed, 200);
    },
  };

  return (
    <div className={styles.bar}>
      <div className={styles.strip}>
        {tabs.map((tab) => (
          <span
            key={tab.path}
            role="tab"
            aria-selected={tab.path === location}
            className={tab.path === location ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => navigate(tab.fullPath)}
            onContextMenu={(e) => {
              e.preventDefault();
              setMenu({ x: e.clientX, y: e.clientY, tab });
            }}
          >
            {tab.title}
            {tab.affix ? null : (
              <CloseOutlined
                className={styles.close}
                aria-label="关闭"
                onClick={(e) => {
                  e.stopPropagation();
                  actions.close(tab);
                }}
              />
            )}
          </span>
        ))}
      </div>
      {menu ? (
        <ul className={styles.menu} style={{ left: menu.x, top: menu.y, width: CONTEXT_MENU_WIDTH }} role="menu">
          <li role="menuitem" onClick={() => actions.refresh(menu.tab)}>刷新页面</li>
          {menu.tab.affix ? null : <li role="menuitem" onClick={() => actions.close(menu.tab)}>关闭当前</li>}
          <li role="menuitem" onClick={() => actions.others(menu.tab)}>关闭其他</li>
          <li role="menuitem" onClick={() => actions.all()}>全部关闭</li>
        </ul>
      ) : null}
    </div>
  );
}
