/**
 * The HTTP client's feedback on pages without antd's `App` (the sign-in pages): antd's message,
 * notification and modal load on the first call, which waits for them (issue 15: they are not
 * part of the sign-in page's first load; ADR 0403).
 */
import type { HttpFeedback } from '../api/httpConfig';

let host: Promise<HttpFeedback> | null = null;

function loaded(): Promise<HttpFeedback> {
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

/** Feedback that loads antd's on first use; until then calls wait in order. */
export const lazyFeedback: HttpFeedback = {
  confirmRelogin: (title, content, okText) => loaded().then((f) => f.confirmRelogin(title, content, okText)),
  toast: (text, seconds) => void loaded().then((f) => f.toast(text, seconds), () => console.warn(text)),
  notify: (title) => void loaded().then((f) => f.notify(title), () => console.warn(title)),
};
