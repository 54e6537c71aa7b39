/**
 * 外部接口日志 against msw answers: the rows shown with provider and outcome in words, a provider
 * filter sent as the query the server expects, and a row's 详情 drawer showing its redacted bodies.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OutApiLogPage from './OutApiLogPage';
import { freshRoot, renderInApp, testQueryClient } from '../../../testing/renderInApp';
import { until } from '../../../testing/until';
import { configureHttp } from '../../../api/httpConfig';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROWS = [
  { id: 2, provider: 'sms', method: 'POST', url: 'http://127.0.0.1:9/sms', status: 503, outcome: 'error', durationMs: 12, errorMsg: 'HTTP 503', callTime: '2026-03-02T02:00:00.000Z' },
  { id: 1, provider: 'tax', method: 'POST', url: 'http://127.0.0.1:9/invoices/collect', status: 200, outcome: 'ok', durationMs: 40, errorMsg: '', callTime: '2026-03-02T01:00:00.000Z' },
];
const server = setupServer();
let queries: URLSearchParams[] = [];
let root: Root;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ feedback: { toast: () => undefined, notify: () => undefined, confirmRelogin: () => Promise.resolve() } });
});
afterAll(() => server.close());
beforeEach(() => {
  queries = [];
  server.use(
    http.get('*/api/system/outapilog/list', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const rows = ROWS.filter((r) => !q.get('provider') || r.provider === q.get('provider'));
      return HttpResponse.json({ code: 200, msg: '查询成功', rows, total: rows.length });
    }),
    http.get('*/api/system/outapilog/2', () =>
      HttpResponse.json({ code: 200, msg: '操作成功', data: { ...ROWS[0], requestBody: '{"phone":"139****0077","text":"您的验证码为***"}', responseBody: '' } }),
    ),
  );
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
});

async function mount() {
  await renderInApp(root, <OutApiLogPage />, { queryClient: testQueryClient() });
  await until(() => document.querySelectorAll('.ant-table-row').length === 2);
}

const rowTexts = () => [...document.querySelectorAll('.ant-table-row')].map((r) => r.textContent ?? '');
const button = (text: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent?.replace(/\s/g, '') === text);

describe('外部接口日志', () => {
  it('lists the calls with provider, status and outcome in words', async () => {
    await mount();
    expect(rowTexts()[0]).toContain('短信');
    expect(rowTexts()[0]).toContain('POST http://127.0.0.1:9/sms');
    expect(rowTexts()[0]).toContain('503');
    expect(rowTexts()[0]).toContain('失败');
    expect(rowTexts()[1]).toContain('税务平台');
    expect(rowTexts()[1]).toContain('成功');
    expect(queries[0].get('pageNum')).toBe('1');
  });

  it('sends the chosen provider as the filter', async () => {
    await mount();
    await act(async () => {
      document.querySelector<HTMLElement>('#provider')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const option = await until(() => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === '税务平台'));
    await act(async () => option.click());
    await act(async () => button('搜索')[0].click());
    await until(() => document.querySelectorAll('.ant-table-row').length === 1);
    expect(queries.at(-1)!.get('provider')).toBe('tax');
    expect(rowTexts()[0]).toContain('税务平台');
  });

  it('opens a call in the drawer with its redacted request body', async () => {
    await mount();
    await act(async () => button('详情')[0].click());
    const request = await until(() => document.querySelector('[data-testid="out-api-request"]'));
    expect(request.textContent).toContain('139****0077');
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('接口调用详情');
    expect(document.querySelector('[data-testid="out-api-response"]')?.textContent).toBe('无');
    expect(document.body.textContent).toContain('HTTP 503');
  });
});
