/** The seeded demo flow: a purchase request goes to 刘洋 (部门审批), then to the administrators (总经理审批). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/testServer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

const call = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await t.request({ method, url, token, body });
  return { status: res.statusCode, json: res.json() };
};

describe('demo flow of 采购申请', () => {
  it('is deployed and runs a submitted request through both levels', async () => {
    const admin = await t.login();
    // Demo users share the seed password.
    const liuyang = await t.login('DEFAULT', 'liuyang', TEST_PASSWORD);
    const latest = await call(admin, 'GET', '/api/flowable/definition/latest/purchase_request');
    expect(latest.json.data).toMatchObject({ name: '采购审批', version: 1, nodeFields: { deptApprove: { hidden: ['finance_note'] } } });
    const me = (await call(admin, 'GET', '/api/getInfo')).json.user.userId;
    const add = await call(admin, 'POST', '/api/auto/purchase_request/add', {
      formName: 'purchase_request',
      data: { title: '采购笔记本电脑', applicant: String(me), urgency: 'normal', est_amount: 8000, need_date: '2026-12-01', finance_note: '预算内' },
    });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const todo1 = (await call(liuyang, 'GET', '/api/flowable/task/todoList')).json.rows;
    const mine = todo1.find((r: any) => r.recordId === add.json.data.id);
    expect(mine).toMatchObject({ taskName: '部门审批', title: '采购申请：采购笔记本电脑' });
    const view = (await call(liuyang, 'GET', `/api/flowable/task/${mine.taskId}`)).json.data;
    expect(view.record).not.toHaveProperty('finance_note');
    expect((await call(liuyang, 'POST', '/api/flowable/task/complete', { taskId: mine.taskId, comment: '同意采购' })).status).toBe(200);
    expect((await call(admin, 'GET', '/api/flowable/task/todoCount')).json.data).toBe(1);
    const todo2 = (await call(admin, 'GET', '/api/flowable/task/todoList')).json.rows[0];
    expect(todo2.taskName).toBe('总经理审批');
    expect((await call(admin, 'POST', '/api/flowable/task/complete', { taskId: todo2.taskId, data: { finance_note: '已核' } })).status).toBe(200);
    const rec = (await call(admin, 'GET', `/api/auto/purchase_request/${add.json.data.id}`)).json.data;
    expect(rec).toMatchObject({ sys_status: 1, finance_note: '已核' });
  });
});
