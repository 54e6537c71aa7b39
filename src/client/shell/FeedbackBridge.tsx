/** Connects the HTTP client's error catalogue to antd's message, notification and modal (themed, zh_CN). */
import { App } from 'antd';
import { useEffect } from 'react';
import { configureHttp } from '../api/httpConfig';
import { feedbackOf } from './feedbackOf';
import { lazyFeedback } from './lazyFeedback';

/**
 * Renders nothing; while mounted the HTTP client's feedback shows in this page's antd `App` (with
 * the page's own messages); unmounted, the lazily loaded one takes over again. `onRelogin`
 * replaces the one main.tsx installs (tests).
 */
export function FeedbackBridge({ onRelogin }: { onRelogin?: () => void | Promise<void> }) {
  const app = App.useApp();
  useEffect(() => {
    configureHttp(onRelogin ? { feedback: feedbackOf(app), onRelogin } : { feedback: feedbackOf(app) });
    return () => configureHttp({ feedback: lazyFeedback });
  }, [app, onRelogin]);
  return null;
}
