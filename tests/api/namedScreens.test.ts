/**
 * Issue 34 item 6: the forms behind the spec's named screens (/xtgl/apppz/kanban-info,
 * /allocation, /order-manage/form, /work-order/form) exist in every tenant with a menu entry, take
 * records, and the seed step keeps a tenant's own form of the same name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';
import { seedNamedScreens } from '../../src/server/services/seed/seedNamedScreens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NAMED = { kanban_info: '看板通知', allocation: '物资调拨', order_manage: '订单', work_order: '任务' };

function paths(menus: { path?: string; children?: unknown[] }[]): string[] {
  return menus.flatMap((m) => [m.path ?? '', ...paths((m.children ?? []) as { path?: string; children?: unknown[] }[])]);
}

describe('named screens', () => {
  it('gives every tenant the four forms with their menus', async () => {
    for (const tenant of ['DEFAULT', 'T2']) {
      const api = as(t, await t.login(tenant));
      for (const [enName, cnName] of Object.entries(NAMED)) {
        const def = await api.get(`/api/flowable/form/en/${enName}`);
        expect(def.status).toBe(200);
        expect(def.body.data.cnName).toBe(cnName);
      }
      const routes = paths((await api.get('/api/getRouters')).body.data).join(' ');
      for (const enName of Object.keys(NAMED)) expect(routes).toContain(enName);
    }
  });

  it('takes a manual order and answers it to the detail page', async () => {
    const api = as(t, await t.login('DEFAULT'));
    const uuid = (await api.get('/api/auto/uuid/get')).body.data;
    const add = await api.post('/api/auto/order_manage/add', { formName: 'order_manage', uuid, data: { order_date: '2026-03-02', customer: '示例客户', goods: '钢材', quantity: 2, amount: 3000 } });
    expect(add.status).toBe(200);
    const one = await api.get(`/api/auto/order_manage/${add.body.data.id}`);
    expect(one.body.data).toMatchObject({ customer: '示例客户', goods: '钢材' });
    // Required fields are the server's to enforce too.
    const bad = await api.post('/api/auto/work_order/add', { formName: 'work_order', uuid: (await api.get('/api/auto/uuid/get')).body.data, data: { task_title: '巡检' } });
    expect(bad.status).toBe(400);
  });

  it('leaves a form of the same name alone when the step runs again', async () => {
    const tenants = await t.db.selectFrom('tenants').select(['id', 'code', 'name']).execute();
    const before = await t.db.selectFrom('form_definitions').select(['tenant_id', 'en_name', 'update_time']).where('en_name', 'in', Object.keys(NAMED)).orderBy('tenant_id').orderBy('en_name').execute();
    await seedNamedScreens.run({ db: t.db, tenants: tenants.map((x) => ({ id: Number(x.id), code: x.code, name: x.name })), adminPassword: 'x', log: () => undefined } as never);
    const after = await t.db.selectFrom('form_definitions').select(['tenant_id', 'en_name', 'update_time']).where('en_name', 'in', Object.keys(NAMED)).orderBy('tenant_id').orderBy('en_name').execute();
    expect(after).toEqual(before);
  });
});
