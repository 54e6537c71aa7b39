/** Connects the HTTP client's error catalogue to antd's message, notification and modal (themed, zh_CN). */
import { App } from 'antd';
import type { useAppProps } from '../feedback/useFeedback';
import { useEffect } from 'react';
import { configureHttp } from '../api/httpConfig';
import { feedbackOf } from './feedbackOf';

/**
 * Renders nothing; installs the enclosing antd `App`'s message, notification and modal as the
 * HTTP client's feedback, and hands that `App` to `onApp` (the feedback host shares it with pages).
 */
export function FeedbackBridge({ onRelogin, onApp }: { onRelogin?: () => void | Promise<void>; onApp?: (app: useAppProps) => void }) {
  const app = App.useApp();
  useEffect(() => {
    configureHttp(onRelogin ? { feedback: feedbackOf(app), onRelogin } : { feedback: feedbackOf(app) });
    onApp?.(app);
  }, [app, onRelogin, onApp]);
  return null;
}
