/** Browser entry: mount the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './shell/global.css';
import { AppRoot } from './shell/AppRoot';

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
