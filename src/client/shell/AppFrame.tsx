/**
 * What every page but the sign-in pages renders in: antd's `App` (message, notification, modal for
 * `App.useApp()`), TanStack Query and the HTTP client's feedback in that `App`. Loaded with the
 * page (ShellRoutes' `framed`), so the sign-in page's first load goes without them (ADR 0403).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { FeedbackBridge } from './FeedbackBridge';
import { queryClient } from './queryClient';

/** Wraps a page. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AntdApp>
      <QueryClientProvider client={queryClient}>
        <FeedbackBridge />
        {children}
      </QueryClientProvider>
    </AntdApp>
  );
}
