/** Browser entry: mount the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './shell/global.css';
import { configureHttp } from './api/httpConfig';
import { forgetSessionAndLeave } from './controllers/sessionActions';
import { AppRoot } from './shell/AppRoot';
import { setFeedbackHost } from './feedback/useFeedback';
import { lazyFeedback, loadFeedbackApp } from './shell/lazyFeedback';

// The HTTP client's and the pages' messages load antd's feedback on first use and share its one
// holder (first loads go without it: ADR 0403, ADR 0410).
configureHttp({ feedback: lazyFeedback, onRelogin: forgetSessionAndLeave });
setFeedbackHost(loadFeedbackApp);

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
