/** The main layout (spec 02 §2.4): sidebar, header, tab bar, content, settings panel, watermark. */
import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { appStore, setSidebar, updateDevice } from '../../session/appStore';
import { CONFIG_KEYS, isOn } from '../../session/configKeys';
import { sessionStore } from '../../session/sessionStore';
import { settingsStore } from '../../session/settingsStore';
import { ContentRoutes } from '../ContentRoutes';
import { PageLoading } from '../../routing/PageLoading';
import { PasswordGuard } from './PasswordGuard';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { TabTracker } from './TabTracker';
import { VersionPrompt } from './VersionPrompt';
import styles from './MainLayout.module.css';

// The settings drawer (colour pickers, sliders, switches) loads the first time it opens, not with
// every signed-in page (issue 15, goal 6: first-load JavaScript budgets).
// The watermark only where the system setting turns it on.
const Watermark = lazy(() => import('../../routing/lazyAntd/Watermark'));
const SettingsPanel = lazy(() => import('./SettingsPanel').then((m) => ({ default: m.SettingsPanel })));

/** Mounts the settings drawer once it has been opened; kept mounted after, so it animates closed. */
function SettingsPanelOnDemand() {
  const open = settingsStore.use((s) => s.showSettings);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SettingsPanel />
    </Suspense>
  );
}

/** Sidebar + header + tabs + routed content. */
export function MainLayout() {
  const [location] = useLocation();
  const query = new URLSearchParams(useSearch());
  const { sidebarOpened, mobile } = appStore.use((s) => s);
  const { fixedHeader, tagsView, sideTheme } = settingsStore.use((s) => s);
  const user = sessionStore.use((s) => s.user);
  const watermarkOn = sessionStore.use((s) => isOn(s.config[CONFIG_KEYS.watermark]));
  const blank = query.has('blank');
  const showSidebar = !blank && !query.has('noSidebar');
  const showHeader = !blank && !query.has('noHeader');

  useEffect(() => {
    const onResize = () => updateDevice(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    if (appStore.get().mobile) setSidebar(false);
  }, [location]);

  const body = (
    <Layout className={styles.root}>
      {showSidebar ? <Sidebar collapsed={!sidebarOpened} mobile={mobile} theme={sideTheme === 'theme-light' ? 'light' : 'dark'} /> : null}
      {showSidebar && mobile && sidebarOpened ? <div className={styles.mask} onClick={() => setSidebar(false)} /> : null}
      <Layout className={styles.main}>
        {showHeader ? (
          <div className={fixedHeader ? styles.fixedHeader : undefined}>
            <Navbar />
            {tagsView ? <TabBar /> : null}
          </div>
        ) : null}
        <Layout.Content className={styles.content}>
          <ContentRoutes />
        </Layout.Content>
      </Layout>
      <SettingsPanelOnDemand />
      <TabTracker />
      <PasswordGuard />
      <VersionPrompt />
    </Layout>
  );
  if (!watermarkOn || !user) return body;
  return (
    // The layout mounts once, inside the watermark: no first render without it.
    <Suspense fallback={<PageLoading />}>
      <Watermark
        content={[user.nickName, user.phonenumber ?? ''].filter(Boolean)}
        rotate={-30}
        width={120}
        height={40}
        gap={[80, 160]}
        font={{ color: 'rgba(0, 0, 0, 0.1)', fontSize: 14 }}
        zIndex={2100}
      >
        {body}
      </Watermark>
    </Suspense>
  );
}
