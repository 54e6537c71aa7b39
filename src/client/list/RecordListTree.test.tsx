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

const def: FormDefinition = { enName: 'wbs', cnName: '分解结构', tree: true, fields: [{ enName: 'node_name', label: '节点', funcType: 'input' }] };
const roots = [
  { id: 1, sys_status: 1, node_name: '一号楼' },
  { id: 2, sys_status: 1, node_name: '二号楼' },
];
const server = setupServer(
  http.get('/api/flowable/form/en/wbs', () => HttpResponse.json({ code: 200, msg: '操作成功', data: def })),
  http.post('/api/system/config/configKeys', () => HttpResponse.json({ code: 200, msg: '操作成功', data: {} })),
  http.get('/api/system/config/userColumns/wbs', () => HttpResponse.json({ code: 200, msg: '操作成功', data: null })),
  http.post('/api/auto/wbs/list', async ({ request }) => {
    const body = (await request.json()) as { initFilter?: { pid?: number } };
    const pid = body.initFilter?.pid;
    if (pid === undefined) return HttpResponse.json({ code: 200, msg: '查询成功', rows: roots, total: 2 });
    if (pid === 1) return HttpResponse.json({ code: 200, msg: '查询成功', rows: [{ id: 3, sys_status: 1, node_name: '一号楼基础' }], total: 1 });
    return HttpResponse.json({ code: 500, msg: '系统未知错误，请反馈给管理员' }, { status: 500 });
  }),
  http.post('/api/auto/wbs/haveSub', async ({ request }) => {
    const ids = (await request.json()) as number[];
    return HttpResponse.json({ code: 200, msg: '操作成功', data: Object.fromEntries(ids.map((id) => [id, id === 1 || id === 2])) });
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
beforeEach(async () => {
  sessionStore.set({ ready: true, roles: ['admin'], permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: [] } as never });
  document.body.innerHTML = '';
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AntdApp>
          <TestFeedbackHost />
          <ListOf enName="wbs" scene="subForm" height={500} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
});
afterEach(async () => {
  await act(async () => root.unmount());
});

const toggle = (key: string) => document.querySelector<HTMLElement>(`[data-row-key="${key}"] [role="button"]`);

describe('RecordList tree rows', () => {
  it('offers a toggle on rows haveSub marks, loads children on demand and folds them again', async () => {
    await until(() => toggle('1'));
    await act(async () => toggle('1')!.click());
    await until(() => document.querySelector('[data-row-key="1>3"]'));
    expect(document.querySelector('[data-row-key="1>3"]')!.textContent).toContain('一号楼基础');
    expect(document.querySelector('[data-row-key="1>3"] [role="button"]')).toBeNull();
    expect(toggle('1')!.getAttribute('aria-label')).toBe('收起');
    await act(async () => toggle('1')!.click());
    await until(() => !document.querySelector('[data-row-key="1>3"]'));
  });

  it('says 获取子级信息失败 when the children cannot be loaded', async () => {
    await until(() => toggle('2'));
    await act(async () => toggle('2')!.click());
    await until(() => document.body.textContent?.includes('获取子级信息失败'));
    expect(document.querySelectorAll('[data-row-key^="2>"]')).toHaveLength(0);
  });
});
