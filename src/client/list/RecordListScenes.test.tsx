import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters';
import type { RecordRow } from '../api/records';
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

const def: FormDefinition = { enName: 'project', cnName: '项目', fields: [{ enName: 'name', label: '名称', funcType: 'input' }] };
let rows: RecordRow[] = [];
let emptyTip = 'true';
/** The mounted list's query client: settled when every read (rows, settings) has been answered. */
let client: QueryClient;
const listBodies: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('/api/flowable/form/en/project', () => HttpResponse.json({ code: 200, msg: '操作成功', data: def })),
  http.post('/api/system/config/configKeys', () => HttpResponse.json({ code: 200, msg: '操作成功', data: { 'sys.list.empty.tip': emptyTip } })),
  http.get('/api/system/config/userColumns/project', () => HttpResponse.json({ code: 200, msg: '操作成功', data: null })),
  http.post('/api/auto/project/list', async ({ request }) => {
    listBodies.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ code: 200, msg: '查询成功', rows, total: rows.length, totalExact: true });
  }),
);

let root: Root;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => server.close());
beforeEach(() => {
  listBodies.length = 0;
  rows = [
    { id: 1, sys_status: 1, name: '甲项目' },
    { id: 2, sys_status: 0, name: '乙项目' },
  ];
  emptyTip = 'true';
  sessionStore.set({ ready: true, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: [] } as never });
  document.body.innerHTML = '';
});
afterEach(async () => {
  await act(async () => root?.unmount());
});

async function mount(props: Partial<Omit<RecordListProps, 'def'>>) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AntdApp>
          <TestFeedbackHost />
          <ListOf enName="project" height={500} {...props} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
}

const pick = (id: number) => document.querySelector<HTMLInputElement>(`[data-row-key="${id}"] input[aria-label="选择"]`)!;

describe('RecordList scenes', () => {
  it('relateForm: a radio column, one record chosen at a time, asked with the picker scene and source form', async () => {
    const changes: RecordRow[][] = [];
    const picks: RecordRow[][] = [];
    await mount({ scene: 'relateForm', sourceForm: 'contract', onSelectionChange: (r) => changes.push(r), onPick: (r) => picks.push(r) });
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    expect(pick(1).type).toBe('radio');
    expect(listBodies[0]).toMatchObject({ scene: 'relateForm', sourceForm: 'contract' });
    // Picking copies `$view` companions into the form: a picker's rows stay full (issue 28 item 4).
    expect(listBodies[0]).not.toHaveProperty('rowShape');
    expect(document.querySelector('[data-testid="list-toolbar"] button')).toBeNull();
    await act(async () => pick(1).click());
    await act(async () => pick(2).click());
    await until(() => changes.at(-1)?.length === 1 && changes.at(-1)?.[0].id === 2);
    await act(async () => {
      document.querySelector('[data-row-key="1"]')!.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    });
    expect(picks).toEqual([[rows[0]]]);
  });

  it('relateForm: 是否新增? on an empty first page when sys.list.empty.tip is true', async () => {
    rows = [];
    let asked = 0;
    await mount({ scene: 'relateForm', onAddRequest: () => asked++ });
    const ok = await until(() => document.body.textContent?.includes('是否新增?') && [...document.querySelectorAll('.ant-modal-confirm button')].find((b) => /确\s*定/.test(b.textContent ?? '')));
    await act(async () => (ok as HTMLElement).click());
    expect(asked).toBe(1);
  });

  it('relateForm: no prompt when the setting is not true', async () => {
    rows = [];
    emptyTip = '暂无数据';
    await mount({ scene: 'relateForm' });
    // Both things the prompt depends on have been answered (the empty page and the setting) and
    // React has run the effects that follow: a state to wait for, not a fixed time.
    await until(() => listBodies.length > 0 && document.body.textContent?.includes('暂无数据') && client.isFetching() === 0);
    await act(async () => {});
    expect(document.body.textContent).not.toContain('是否新增?');
  });

  it('subForm: checkboxes, several records picked', async () => {
    const changes: RecordRow[][] = [];
    await mount({ scene: 'subForm', onSelectionChange: (r) => changes.push(r) });
    await until(() => document.querySelectorAll('[data-row-key]').length === 2);
    expect(pick(1).type).toBe('checkbox');
    await act(async () => pick(1).click());
    await act(async () => pick(2).click());
    await until(() => changes.at(-1)?.length === 2);
    expect(changes.at(-1)!.map((r) => r.id).sort()).toEqual([1, 2]);
    expect(listBodies[0]).not.toHaveProperty('scene');
    expect(listBodies[0]).not.toHaveProperty('rowShape');
  });
});
