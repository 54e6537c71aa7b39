/** The HTTP client's feedback drawn with an antd `App`'s message, notification and modal. */
import type { useAppProps } from '../feedback/useFeedback';
import type { HttpFeedback } from '../api/httpConfig';

/** Spec 02 §8's confirm box, toast and notification in one antd `App` (themed, zh_CN). */
export function feedbackOf({ message, notification, modal }: useAppProps): HttpFeedback {
  return {
    confirmRelogin: (title, content, okText) =>
      new Promise<void>((resolve) => {
        modal.warning({ title, content, okText, closable: false, keyboard: false, maskClosable: false, onOk: () => resolve() });
      }),
    toast: (text, seconds = 3) => void message.error(text, seconds),
    notify: (title) => notification.error({ message: title }),
  };
}
