/** Connects the HTTP client's error catalogue to antd's message, notification and modal (themed, zh_CN). */
import { App } from 'antd';
import { useEffect } from 'react';
import { configureHttp } from '../api/httpConfig';

/** Renders nothing; installs antd-backed feedback for the HTTP client while mounted. */
export function FeedbackBridge({ onRelogin }: { onRelogin: () => void | Promise<void> }) {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    configureHttp({
      onRelogin,
      feedback: {
        confirmRelogin: (title, content, okText) =>
          new Promise<void>((resolve) => {
            modal.warning({ title, content, okText, closable: false, keyboard: false, maskClosable: false, onOk: () => resolve() });
          }),
        toast: (text, seconds = 3) => void message.error(text, seconds),
        notify: (title) => notification.error({ message: title }),
      },
    });
  }, [message, notification, modal, onRelogin]);
  return null;
}
