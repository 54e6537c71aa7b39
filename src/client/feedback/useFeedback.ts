/**
 * The pages' message, notification and modal without antd's feedback code on first load
 * (issue 15, ADR 0410): calls go to the one feedback host (the antd `App` the shell mounts on
 * first use, shared with the HTTP client), whose chunk is fetched on the first call. Calls made
 * before it has loaded wait and run in the order they were made; what they answer (a message's
 * close function and promise, a modal's destroy / update and promise) works before and after.
 */
import type { App, ModalFuncProps } from 'antd';

/** What antd's `App.useApp()` answers: its message, modal and notification (antd's public types). */
export type useAppProps = ReturnType<typeof App.useApp>;
type MessageInstance = useAppProps['message'];
type MessageType = ReturnType<MessageInstance['info']>;
type ModalHookAPI = useAppProps['modal'];
type NotificationInstance = useAppProps['notification'];
type ModalHandle = ReturnType<ModalHookAPI['confirm']>;
type ConfigUpdate = Parameters<ModalHandle['update']>[0];

let loadHost: (() => Promise<useAppProps>) | null = null;
let host: useAppProps | null = null;

/**
 * Set by main.tsx: the shell's feedback host loader (shell/ may not be imported from here). Unit
 * tests set an antd `App` of their own (testFeedback.tsx).
 */
export function setFeedbackHost(load: () => Promise<useAppProps>): void {
  loadHost = load;
  host = null;
}

/** Runs `call` on the host now if it is there, else once it has loaded (in call order). */
function withHost<T>(call: (app: useAppProps) => T): Promise<T> {
  if (host) return Promise.resolve(call(host));
  if (!loadHost) throw new Error('feedback: setFeedbackHost was not called');
  return loadHost().then((app) => {
    host = app;
    return call(app);
  });
}

/** A message's answer: closes it (also before it is shown) and resolves when it closes. */
function deferredMessage(open: (m: MessageInstance) => MessageType): MessageType {
  if (host) return open(host.message);
  let closed = false;
  // Boxed: a promise resolving to the (thenable) message would wait for it to close.
  const shown = withHost((app) => ({ m: closed ? null : open(app.message) }));
  const done = shown.then(
    ({ m }) => (m ? new Promise<boolean>((resolve) => void m.then(resolve)) : true),
    (err: unknown) => {
      console.warn('feedback: message not shown', err);
      return false;
    },
  );
  const close = () => {
    closed = true;
    void shown.then(({ m }) => m?.(), () => undefined);
  };
  return Object.assign(close, { then: done.then.bind(done) });
}

const messageOf =
  (kind: 'info' | 'success' | 'error' | 'warning' | 'loading'): MessageInstance['info'] =>
  (content, duration, onClose) =>
    deferredMessage((m) => m[kind](content, duration, onClose));

const message: MessageInstance = {
  info: messageOf('info'),
  success: messageOf('success'),
  error: messageOf('error'),
  warning: messageOf('warning'),
  loading: messageOf('loading'),
  open: (args) => deferredMessage((m) => m.open(args)),
  destroy: (key) => void withHost((app) => app.message.destroy(key)).catch(() => undefined),
};

/** A modal's answer: destroy / update reach it once shown; the promise says whether it was confirmed. */
function modalOf(kind: keyof ModalHookAPI): ModalHookAPI['confirm'] {
  return (props: ModalFuncProps) => {
    if (host) return host.modal[kind](props);
    let destroyed = false;
    // Boxed: the handle is thenable (resolves when the dialog is answered).
    const shown = withHost((app) => ({ h: destroyed ? null : app.modal[kind](props) }));
    const confirmed = shown.then(
      ({ h }) => (h ? new Promise<boolean>((resolve) => void h.then(resolve, () => resolve(false))) : false),
      (err: unknown) => {
        console.warn('feedback: dialog not shown', err);
        return false;
      },
    );
    const handle: ModalHandle = {
      destroy: () => {
        destroyed = true;
        void shown.then(({ h }) => h?.destroy(), () => undefined);
      },
      update: (config: ConfigUpdate) => void shown.then(({ h }) => h?.update(config), () => undefined),
      // `confirmed` never rejects (a dialog that could not be shown counts as not confirmed).
      then: (resolve) => confirmed.then(resolve),
    };
    return handle;
  };
}

const modal: ModalHookAPI = {
  info: modalOf('info'),
  success: modalOf('success'),
  error: modalOf('error'),
  warning: modalOf('warning'),
  confirm: modalOf('confirm'),
};

const notificationOf =
  (kind: 'success' | 'error' | 'info' | 'warning' | 'open'): NotificationInstance['open'] =>
  (args) =>
    void withHost((app) => app.notification[kind](args)).catch((err: unknown) => console.warn('feedback: notification not shown', err));

const notification: NotificationInstance = {
  success: notificationOf('success'),
  error: notificationOf('error'),
  info: notificationOf('info'),
  warning: notificationOf('warning'),
  open: notificationOf('open'),
  destroy: (key) => void withHost((app) => app.notification.destroy(key)).catch(() => undefined),
};

/** The page-independent feedback (same shape as antd's `App.useApp()`); stable across renders. */
export const feedback: useAppProps = { message, modal, notification };

/** antd's `App.useApp()` without antd's `App` on first load: the shared host's holder. */
export function useFeedback(): useAppProps {
  return feedback;
}
