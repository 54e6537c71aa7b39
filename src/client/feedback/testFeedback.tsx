/**
 * For unit tests: makes the antd `App` around the rendered tree the feedback host, as the shell's
 * host is in the app (`<AntdApp><TestFeedbackHost />…</AntdApp>`).
 */
import { App } from 'antd';
import { setFeedbackHost } from './useFeedback';

/** Renders nothing; hands the enclosing antd `App`'s holder to useFeedback. */
export function TestFeedbackHost() {
  const app = App.useApp();
  setFeedbackHost(() => Promise.resolve(app));
  return null;
}
