// Spec 02 §7 / issue 27 item 10: a detail page's department and user fields ask for their names
// together — N department ids in one `POST /system/dept/batch`, N user ids in one `POST /system/user/ids` —
// and a department disabled since it was chosen still shows its name.
import { createForm } from '@formily/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FieldDefinition, FormDefinition } from '../../../schema-adapters/definition/types';
import { pageSchema } from '../form/formSchema';
import { RecordFormView } from '../form/RecordFormView';
import { TestFeedbackHost } from '../feedback/testFeedback';
import { loadSchemaComponents } from './registry';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DEPTS = [
  { deptId: 101, deptName: '工程管理部' }, { deptId: 102, deptName: '财务部' },
  { deptId: 103, deptName: '项目一部' }, { deptId: 104, deptName: '已停用的采购部' },
];
const USERS = [{ userId: 1, nickName: '管理员' }, { userId: 7, nickName: '张三' }, { userId: 8, nickName: '李四' }];
const calls: { path: string; ids: number[] }[] = [];
const server = setupServer(
  http.post('*/api/system/dept/batch', async ({ request }) => {
    const ids = (await request.json()) as number[];
    calls.push({ path: 'dept', ids });
    return HttpResponse.json({ code: 200, msg: '操作成功', data: DEPTS.filter((d) => ids.includes(d.deptId)) });
  }),
  http.post('*/api/system/user/ids', async ({ request }) => {
    const ids = (await request.json()) as number[];
    calls.push({ path: 'user', ids });
    return HttpResponse.json({ code: 200, msg: '操作成功', data: USERS.filter((u) => ids.includes(u.userId)) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const fields: FieldDefinition[] = [
  { enName: 'owner_dept', label: '归口部门', funcType: 'dept' },
  { enName: 'pay_dept', label: '付款部门', funcType: 'dept' },
  { enName: 'old_dept', label: '原部门', funcType: 'dept' },
  { enName: 'joint_depts', label: '协办部门', funcType: 'dept', multiple: true },
  { enName: 'manager', label: '项目经理', funcType: 'user' },
  { enName: 'checker', label: '复核人', funcType: 'user' },
  { enName: 'members', label: '成员', funcType: 'user', multiple: true },
] as FieldDefinition[];
const def: FormDefinition = { enName: 'demo', cnName: '演示', fields };
const ctx = { userId: 1, userName: 'admin', deptId: 101, roleKeys: ['admin'], roleNames: [] };

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  calls.length = 0;
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

const shown = () => {
  const out: Record<string, string> = {};
  for (const item of Array.from(host.querySelectorAll('.ant-formily-item'))) {
    const label = item.querySelector('.ant-formily-item-label')?.textContent?.replace(/[:：\s]/g, '') ?? '';
    out[label] = (item.querySelector('.ant-formily-item-control')?.textContent ?? '').trim();
  }
  return out;
};

describe('detail page labels', () => {
  it('four department fields make one department call and three user fields one user call', async () => {
    const values = { owner_dept: 101, pay_dept: 102, old_dept: 104, joint_depts: [102, 103], manager: 7, checker: 8, members: [1, 7] };
    const form = createForm({ initialValues: values });
    const schema = pageSchema(def, { mode: 'detail', ctx });
    await loadSchemaComponents(schema);
    await act(async () => {
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AntdApp>
            <TestFeedbackHost />
            <RecordFormView form={form} schema={schema} info={{ formName: 'demo', mode: 'detail', loaded: true, ctx, def, offline: true }} />
          </AntdApp>
        </QueryClientProvider>,
      );
    });
    await expect.poll(shown).toEqual({
      归口部门: '工程管理部', 付款部门: '财务部', 原部门: '已停用的采购部', 协办部门: '财务部、项目一部',
      项目经理: '张三', 复核人: '李四', 成员: expect.stringMatching(/管理员.*张三/),
    });
    expect(calls.filter((c) => c.path === 'dept')).toHaveLength(1);
    expect(calls.find((c) => c.path === 'dept')!.ids.sort()).toEqual([101, 102, 103, 104]);
    expect(calls.filter((c) => c.path === 'user')).toHaveLength(1);
    expect(calls.find((c) => c.path === 'user')!.ids.sort()).toEqual([1, 7, 8]);
  });
});
