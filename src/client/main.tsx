/** Browser entry: mount the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './shell/global.css';
import { configureHttp } from './api/httpConfig';
import { forgetSessionAndLeave } from './controllers/sessionActions';
import { AppRoot } from './shell/AppRoot';
import { lazyFeedback } from './shell/lazyFeedback';

// The HTTP client's messages load antd's feedback on first use (the sign-in page's first load goes
// without it; every other page loads it with its frame).
configureHttp({ feedback: lazyFeedback, onRelogin: forgetSessionAndLeave });

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
