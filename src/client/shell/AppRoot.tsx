/** The providers around the whole app: antd (zh_CN, theme from settings), TanStack Query, the record picker service, router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { forgetSessionAndLeave } from '../controllers/sessionActions';
import { settingsStore } from '../session/settingsStore';
import { FeedbackBridge } from './FeedbackBridge';
import { queryClient } from './queryClient';
import { RecordPickerProvider } from './RecordPickerProvider';
import { ShellRoutes } from './ShellRoutes';

/** The root component mounted by main.tsx. */
export function AppRoot() {
  const settings = settingsStore.use((s) => s);
  useEffect(() => {
    // Plain CSS (tab bar, progress bar, content background) follows the settings too.
    const style = document.documentElement.style;
    style.setProperty('--fw-theme', settings.theme);
    style.setProperty('--fw-form-bg', settings.fromBackgroundColor);
    style.setProperty('--fw-menu-active', settings.menuActiveColor);
  }, [settings.theme, settings.fromBackgroundColor, settings.menuActiveColor]);
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{
        token: { colorPrimary: settings.theme },
        components: {
          Input: { colorBorder: settings.inputBorderColor },
          Menu: { darkItemSelectedBg: settings.menuActiveColor, itemSelectedColor: settings.menuActiveColor },
        },
      }}
    >
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <FeedbackBridge onRelogin={forgetSessionAndLeave} />
          <RecordPickerProvider>
            <Router>
              <ShellRoutes />
            </Router>
          </RecordPickerProvider>
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
