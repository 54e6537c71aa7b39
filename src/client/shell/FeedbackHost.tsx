/** antd's `App` in a root of its own, for the HTTP client's feedback on pages without one. */
import { App } from 'antd';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { HttpFeedback } from '../api/httpConfig';
import { AppConfigProvider } from './AppConfigProvider';
import { feedbackOf } from './feedbackOf';

function Capture({ onReady }: { onReady: (feedback: HttpFeedback) => void }) {
  const app = App.useApp();
  useEffect(() => onReady(feedbackOf(app)), [app, onReady]);
  return null;
}

/** Mounts the host once; answers its feedback when rendered. */
export function mountFeedbackHost(): Promise<HttpFeedback> {
  return new Promise((resolve) => {
    const holder = document.createElement('div');
    document.body.appendChild(holder);
    createRoot(holder).render(
      <AppConfigProvider>
        <App component={false}>
          <Capture onReady={resolve} />
        </App>
      </AppConfigProvider>,
    );
  });
}
