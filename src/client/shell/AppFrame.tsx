/**
 * What every page but the sign-in pages renders in: the base text style antd's `App` wrapper
 * gives (colour, size, line height and font of the theme's tokens) and TanStack Query. Loaded
 * with the page (ShellRoutes' `framed`), so the sign-in page's first load goes without them
 * (ADR 0403). antd's `App` itself is not here: it imports message, notification and modal, which
 * load on their first use instead, into one antd `App` of their own (feedback/useFeedback, ADR 0410).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient';

/** Wraps a page. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </div>
  );
}
