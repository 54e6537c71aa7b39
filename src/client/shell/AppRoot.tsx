/**
 * The providers around the whole app: antd's configuration (zh_CN, theme from settings), the record
 * picker service and the router. antd's `App` (message, notification, modal) and TanStack Query
 * wrap every page but the sign-in pages, in `AppFrame`, loaded with each page; the HTTP client's
 * antd feedback loads on first use (issue 15: the sign-in page's first load; ADR 0403).
 */
import { useEffect } from 'react';
import { Router } from 'wouter';
import { settingsStore } from '../session/settingsStore';
import { AppConfigProvider } from './AppConfigProvider';
import { RecordPickerProvider } from './RecordPickerProvider';
import { ShellRoutes } from './ShellRoutes';

/** The root component mounted by main.tsx. */
export function AppRoot() {
  const settings = settingsStore.use((s) => s);
  useEffect(() => {
    // Plain CSS (tab bar, progress bar, content background, the sign-in page's tenant select)
    // follows the settings too.
    const style = document.documentElement.style;
    style.setProperty('--fw-theme', settings.theme);
    style.setProperty('--fw-form-bg', settings.fromBackgroundColor);
    style.setProperty('--fw-menu-active', settings.menuActiveColor);
    style.setProperty('--fw-input-border', settings.inputBorderColor);
  }, [settings.theme, settings.fromBackgroundColor, settings.menuActiveColor, settings.inputBorderColor]);
  return (
    <AppConfigProvider>
      <RecordPickerProvider>
        <Router>
          <ShellRoutes />
        </Router>
      </RecordPickerProvider>
    </AppConfigProvider>
  );
}
