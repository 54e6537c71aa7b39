/**
 * For client tests (happy-dom): the render target and the providers every page has in the app,
 * written once instead of in each test file (issue 29 item 4). `freshRoot()` in a `beforeEach`,
 * `renderInApp(root, <Page />)` to show a page as the shell would: antd in Chinese (its own
 * buttons read 确 定 / 取 消 as in the app), antd's App with the feedback host, and react-query when
 * the page reads through it.
 *
 * `motion: false` turns antd's animations off. happy-dom runs no CSS transitions, so with them on a
 * select's option list, a drawer or a dropdown that closes never gets antd's hidden class: every
 * one opened so far stays in the page as if open, and a test looking for "the open list" finds
 * stale ones. A test that opens several of them passes `motion: false`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TestFeedbackHost } from '../feedback/testFeedback';

/** An emptied document with one host element, and a React root on it. */
export function freshRoot(): Root {
  document.body.innerHTML = '';
  const host = document.createElement('div');
  document.body.appendChild(host);
  return createRoot(host);
}

/** A react-query client without retries: a refused request shows its error at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders `ui` into `root` inside act(), wrapped as the app shell wraps a page. */
export async function renderInApp(root: Root, ui: ReactNode, options: { queryClient?: QueryClient; motion?: boolean } = {}): Promise<void> {
  const tree = (
    <ConfigProvider locale={zhCN} theme={options.motion === false ? { token: { motion: false } } : undefined}>
      <AntdApp>
        <TestFeedbackHost />
        {ui}
      </AntdApp>
    </ConfigProvider>
  );
  await act(async () => root.render(options.queryClient ? <QueryClientProvider client={options.queryClient}>{tree}</QueryClientProvider> : tree));
}
