import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters';
import { sessionStore } from '../session/sessionStore';
import { useFormDefinition } from '../controllers/useFormDefinition';
import { RecordList, type RecordListProps } from './RecordList';
import { TestFeedbackHost } from '../feedback/testFeedback';
import { until } from '../testing/until';

/** The list with its definition fetched (as ListPage and the picker do). */
function ListOf({ enName, ...props }: Omit<RecordListProps, 'def'> & { enName: string }) {
  const { definition } = useFormDefinition(enName);
  return definition ? <RecordList def={definition} {...props} /> : null;
}


(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const def: FormDefinition = {
  enName: 'demo',
  cnName: '演示',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
  ],
  feature: { columnEvalList: [{ enName: 'amount', type: 'sum' }] },
};
const rows = [
  { id: 1, sys_status: 1, title: '地铁站房', amount: 1200.5 },
  { id: 2, sys_status: -1, title: '管廊', amount: 300 },
];

const listBodies: Record<string, unknown>[] = [];
const suggestionBodies: Record<string, unknown>[] = [];
let savedKeys: string[] = [];
const server = setupServer(
  http.get('/api/queries/1/demo', () => HttpResponse.json({ code: 200, msg: '操作成功', data: savedKeys })),
  http.post('/api/queries/1/demo', async ({ request }) => {
    savedKeys = (await request.json()) as string[];
    return HttpResponse.json({ code: 200, msg: '操作成功', data: savedKeys });
  }),
  http.get('/api/flowable/form/en/demo', () => HttpResponse.json({ code: 200, msg: '操作成功', data: def })),
  http.post('/api/system/config/configKeys', () => HttpResponse.json({ code: 200, msg: '操作成功', data: { 'sys.thousand.separator.enabled': 'true' } })),
  http.get('/api/system/config/userColumns/demo', () => HttpResponse.json({ code: 200, msg: '操作成功', data: null })),
  http.post('/api/auto/demo/list', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    listBodies.push(body);
    return HttpResponse.json({ code: 200, msg: '查询成功', rows, total: 2, totalExact: true });
  }),
  http.post('/api/auto/demo/getCalcdValue', () => HttpResponse.json({ code: 200, msg: '操作成功', data: [{ field: 'amount', sum: 1500.5 }] })),
  http.post('/api/auto/search/suggestion', async ({ request }) => {
    suggestionBodies.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ code: 200, msg: '操作成功', data: ['地铁站房'] });
  }),
);

let root: Root;
let host: HTMLElement;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The virtualised body renders no rows in a DOM emulator without a height.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => server.close());
beforeEach(async () => {
  listBodies.length = 0;
  suggestionBodies.length = 0;
  savedKeys = [];
  sessionStore.set({ ready: true, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: ['管理员'] } as never });
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AntdApp>
          <TestFeedbackHost />
          <ListOf enName="demo" height={500} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
});
afterEach(async () => {
  await act(async () => root.unmount());
});

function click(el: Element) {
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

describe('RecordList column search (msw)', () => {
  it('renders the rows, the status colours and the server total with thousands separators', async () => {
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    expect(document.querySelector('[data-row-key="1"] [data-status="1"]')?.textContent).toBe('已审核');
    expect(document.querySelector('[data-row-key="2"] [data-status="-1"]')?.textContent).toBe('草稿');
    await until(() => document.querySelector('[data-total="amount"]')?.textContent?.includes('1,500.50'));
    // The page asks for compact rows (issue 28 item 4); the 状态 above came from sys_status alone.
    expect(listBodies[0]).toMatchObject({ pageNum: 1, pageSize: 20, rowShape: 'compact' });
  });

  it('repeats the totals in one line under the table, outside the sideways scroll (issue 27 item 12)', async () => {
    await until(() => document.querySelector('[data-testid="totals-summary"]')?.textContent?.includes('合计: 1,500.50'));
    const summary = document.querySelector('[data-testid="totals-summary"]')!;
    // It is not inside the horizontally scrolled table, so no sideways scroll hides it.
    expect(summary.closest('[data-testid="record-list-scroller"]')).toBeNull();
    expect(summary.textContent).toMatch(/^\S+ 合计: 1,500\.50/);
  });

  it('stripes every other row (spec 02 §9 zebra rows)', async () => {
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    expect(document.querySelector('[data-row-key="1"]')?.className).not.toMatch(/rowStriped/);
    expect(document.querySelector('[data-row-key="2"]')?.className).toMatch(/rowStriped/);
  });

  it('sends the text typed in a header popover as a like condition on Enter, after 200 ms suggestions', async () => {
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    await act(async () => click(document.querySelector('[aria-label="搜索标题"]')!));
    const input = await until(() => document.querySelector<HTMLInputElement>('input[aria-label="搜索标题"]'));
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(input, '地铁');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await until(() => suggestionBodies.length > 0);
    expect(suggestionBodies[0]).toMatchObject({ formName: 'demo', fieldName: 'title', text: '地铁' });
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
    });
    const body = await until(() => listBodies.find((b) => Array.isArray(b.searchConList)));
    expect(body.searchConList).toEqual([{ enName: 'title', funcType: 'input', searchType: 'like', searchRange: 'all', title: '地铁' }]);
    expect(body.pageNum).toBe(1);
    await until(() => document.querySelector('[data-testid="condition-tags"]')?.textContent?.includes('标题: 地铁'));
  });

  it('sorts descending on the first header click and ascending on the second', async () => {
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    const title = () => document.querySelector('[role="columnheader"][data-column="amount"] span')!;
    await act(async () => click(title()));
    await until(() => listBodies.find((b) => (b.sysOrderBy as { order?: string } | undefined)?.order === 'desc'));
    await act(async () => click(title()));
    const asc = await until(() => listBodies.find((b) => (b.sysOrderBy as { order?: string } | undefined)?.order === 'asc'));
    expect(asc.sysOrderBy).toEqual({ field: 'amount', order: 'asc' });
  });

  it('keeps a column as a saved filter for the user and form', async () => {
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    const open = [...document.querySelectorAll('[data-testid="saved-filters"] button')].find((b) => b.textContent?.includes('常用筛选'))!;
    await act(async () => click(open));
    const box = await until(() => [...document.querySelectorAll('.ant-popover label')].find((l) => l.textContent === '标题'));
    await act(async () => click(box.querySelector('input')!));
    await until(() => savedKeys.length === 1);
    expect(savedKeys).toEqual(['title']);
    await until(() => [...document.querySelectorAll('[data-testid="saved-filters"] button')].some((b) => b.textContent?.includes('标题')));
  });
});
