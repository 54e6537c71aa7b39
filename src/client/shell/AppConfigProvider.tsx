/** antd's configuration of the whole app: zh_CN, and the theme colours of the layout settings. */
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { settingsStore } from '../session/settingsStore';

/** Wraps `children` in antd's `ConfigProvider` following the settings store. */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  const settings = settingsStore.use((s) => s);
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
      {children}
    </ConfigProvider>
  );
}
