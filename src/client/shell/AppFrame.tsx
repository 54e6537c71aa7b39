/**
 * What every page but the sign-in pages renders in: antd's `App` wrapper (its base styles), whose
 * `App.useApp()` answers the one feedback host's message, notification and modal (shared with the
 * HTTP client, kept across pages), and TanStack Query. Loaded with the page (ShellRoutes'
 * `framed`), so the sign-in page's first load goes without them (ADR 0403).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient';

/** Wraps a page; `app` is the feedback host's (`loadFeedbackApp`). */
export function AppFrame({ app, children }: { app: useAppProps; children: ReactNode }) {
  return (
    <AntdApp>
      <AppContext.Provider value={app}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppContext.Provider>
    </AntdApp>
  );
}
