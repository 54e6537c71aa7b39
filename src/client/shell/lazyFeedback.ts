/**
 * antd's message, notification and modal, loaded on first use: the first HTTP error message, or
 * the first page that needs them (ShellRoutes' `framed`). The sign-in pages' first load goes
 * without them (issue 15, ADR 0403); calls made meanwhile wait, in order.
 */
import type { useAppProps } from '../feedback/useFeedback';
import type { HttpFeedback } from '../api/httpConfig';
import { feedbackOf } from './feedbackOf';

let host: Promise<useAppProps> | null = null;

/** The one feedback `App` of the page (mounted on the first call). */
export function loadFeedbackApp(): Promise<useAppProps> {
  host ??= import('./FeedbackHost').then(
    (m) => m.mountFeedbackHost(),
    (err: unknown) => {
      // A failed chunk load (server restarted with a new build) may succeed on the next call.
      host = null;
      throw err;
    },
  );
  return host;
}

/** The HTTP client's feedback until the host has mounted (then it installs its own). */
export const lazyFeedback: HttpFeedback = {
  confirmRelogin: (title, content, okText) => loadFeedbackApp().then((app) => feedbackOf(app).confirmRelogin(title, content, okText)),
  toast: (text, seconds) => void loadFeedbackApp().then((app) => feedbackOf(app).toast(text, seconds), () => console.warn(text)),
  notify: (title) => void loadFeedbackApp().then((app) => feedbackOf(app).notify(title), () => console.warn(title)),
};
