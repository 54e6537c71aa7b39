/**
 * What every page but the sign-in pages renders in: the base text style of antd's `App` wrapper
 * and TanStack Query. Loaded with the page (ShellRoutes' `framed`), so the sign-in page's first
 * load goes without them (ADR 0403). antd's `App` itself is not here: it imports message,
 * notification and modal, which load on their first use instead (feedback/useFeedback, ADR 0410).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { ConfigProvider } from 'antd';
import { useContext, type ReactNode } from 'react';
import { feedback } from '../feedback/useFeedback';
import { queryClient } from './queryClient';

/** Wraps a page. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [wrapCSSVar, hashId, cssVarCls] = useAppStyle(prefixCls);
  const className = [hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : ''].filter(Boolean).join(' ');
  return wrapCSSVar(
    // A file still calling antd's `App.useApp()` reaches the same shared holder.
    <AppContext.Provider value={feedback}>
      <div className={className}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </div>
    </AppContext.Provider>,
  );
}
