/**
 * antd's `App` in a root of its own, mounted once and kept: the HTTP client's feedback and every
 * page's `App.useApp()` draw in it, so a message or the 重新登录 box outlives the page that
 * caused it (a failed sign-in gate leaves for /login with the box still open).
 */
import { App } from 'antd';
import type { useAppProps } from '../feedback/useFeedback';
import { createRoot } from 'react-dom/client';
import { AppConfigProvider } from './AppConfigProvider';
import { FeedbackBridge } from './FeedbackBridge';

/** Mounts the host; answers its `App` once rendered. */
export function mountFeedbackHost(): Promise<useAppProps> {
  return new Promise((resolve) => {
    const holder = document.createElement('div');
    document.body.appendChild(holder);
    createRoot(holder).render(
      <AppConfigProvider>
        <App component={false}>
          <FeedbackBridge onApp={resolve} />
        </App>
      </AppConfigProvider>,
    );
  });
}
