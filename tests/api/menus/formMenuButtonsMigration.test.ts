/**
 * Migration 131: a form menu made with 同时生成按钮权限 before 作废 and 流程列表 joined
 * FORM_ACTIONS gets those two buttons, once, shaped as a menu made today gets them; menus that
 * already have them, form menus without buttons and every other menu stay as they were, and no
 * role gains a permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { insertMenu } from '../../../src/server/repositories/menuRepository.js';

let t: TestApp;

/** The seven buttons a form menu got before, in their order then (export before import). */
const BEFORE = [['查询', 'query'], ['新增', 'add'], ['修改', 'edit'], ['删除', 'remove'], ['导出', 'export'], ['导入', 'import'], ['打印', 'print']] as const;

/** Adds a form menu through the API, as an administrator of the tenant does today. */
async function addFormMenu(tenantCode: string, formName: string, menuName: string, createButtons: boolean): Promise<{ menuId: number; tenantId: number }> {
  const admin = as(t, await t.login(tenantCode));
  const business = ((await admin.get('/api/system/menu/list')).body.data as { menuId: number; menuName: string }[]).find((m) => m.menuName === '业务表单')!;
  const res = await admin.post('/api/system/menu', { parentId: business.menuId, menuName, menuType: 'C', component: 'Auto', formName, createButtons });
  expect(res.status).toBe(200);
  const { tenant_id: tenantId } = await t.db.selectFrom('menus').select('tenant_id').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
  return { menuId: res.body.data.id, tenantId };
}

/** A form menu with the buttons an older release created under it. */
async function menuMadeBefore(tenantCode: string, formName: string, menuName: string): Promise<{ menuId: number; tenantId: number }> {
  const menu = await addFormMenu(tenantCode, formName, menuName, false);
  for (const [i, [label, action]] of BEFORE.entries()) {
    await insertMenu(t.db, menu.tenantId, {
      parentId: menu.menuId, menuName: label, menuType: 'F', orderNum: i + 1, component: '', path: '', formName: '', perms: `auto:${formName}:${action}`,
      icon: '', visible: '0', status: '0', isFrame: '1', target: '', query: '', routeName: '',
    });
  }
  return menu;
}

const allMenus = () => t.db.selectFrom('menus').selectAll().orderBy('id').execute();
const buttonsOf = async (menuId: number) => (await allMenus()).filter((m) => m.parent_id === menuId).sort((a, b) => a.order_num - b.order_num || a.id - b.id);
const grants = () => t.db.selectFrom('role_permissions').selectAll().orderBy('tenant_id').orderBy('role_id').orderBy('permission').execute();

/** Runs migration 131 again, as on a database that has not had it. */
async function rerun131(): Promise<void> {
  await t.db.deleteFrom('schema_migrations').where('id', '=', 131).execute();
  expect(await migrate(t.db)).toEqual([131]);
}

/** A button row as a new menu would have it: everything but its identity and its form. */
const shape = (m: Awaited<ReturnType<typeof allMenus>>[number], formName: string) => {
  const { id: _id, parent_id: _p, tenant_id: _t, create_time: _c, update_time: _u, ...rest } = m;
  return { ...rest, perms: rest.perms.replace(`auto:${formName}:`, 'auto:{form}:') };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('migration 131: the buttons form menus made before lack', () => {
  it('adds 作废 and 流程列表 under menus that lack them, in every tenant, once, and touches nothing else', async () => {
    const old = await menuMadeBefore('DEFAULT', 'purchase_request', '旧采购菜单');
    const oldT2 = await menuMadeBefore('T2', 'purchase_request', '旧采购菜单');
    const { menuId: current } = await addFormMenu('DEFAULT', 'contract_ledger', '新合同菜单', true);
    const { menuId: bare } = await addFormMenu('DEFAULT', 'project_wbs', '无按钮菜单', false);
    const before = await allMenus();
    const grantsBefore = await grants();
    expect((await buttonsOf(current)).length).toBe(9);

    await rerun131();

    const after = await allMenus();
    // Every row there was is unchanged (the demo seed's form menus, made without buttons, included).
    expect(after.filter((m) => before.some((b) => b.id === m.id))).toEqual(before);
    const added = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(added.map((m) => [m.tenant_id, m.parent_id, m.menu_name, m.perms]).sort()).toEqual(
      [
        [old.tenantId, old.menuId, '作废', 'auto:purchase_request:invalid'], [old.tenantId, old.menuId, '流程列表', 'auto:purchase_request:list:root'],
        [oldT2.tenantId, oldT2.menuId, '作废', 'auto:purchase_request:invalid'], [oldT2.tenantId, oldT2.menuId, '流程列表', 'auto:purchase_request:list:root'],
      ].sort(),
    );
    expect(oldT2.tenantId).not.toBe(old.tenantId);
    expect(await buttonsOf(bare)).toEqual([]);

    // The new rows are those a menu made today has for the same actions (name, order, type, visible, status, …).
    const today = new Map((await buttonsOf(current)).map((b) => [b.perms.replace('auto:contract_ledger:', ''), shape(b, 'contract_ledger')]));
    for (const m of added) expect(shape(m, 'purchase_request')).toEqual(today.get(m.perms.replace('auto:purchase_request:', '')));
    // Each action once; 作废 takes its place after 删除 (order 5, beside the older 导出), 流程列表 the last.
    expect((await buttonsOf(old.menuId)).map((b) => [b.menu_name, b.order_num])).toEqual([
      ['查询', 1], ['新增', 2], ['修改', 3], ['删除', 4], ['导出', 5], ['作废', 5], ['导入', 6], ['打印', 7], ['流程列表', 9],
    ]);
    // 菜单管理 lists them under the old menu.
    const listed = (await as(t, await t.login()).get('/api/system/menu/list')).body.data as { parentId: number; perms: string }[];
    expect(listed.filter((m) => m.parentId === old.menuId).map((m) => m.perms.replace('auto:purchase_request:', ''))).toEqual(
      ['query', 'add', 'edit', 'remove', 'export', 'invalid', 'import', 'print', 'list:root'],
    );
    // No role gains a permission: adding buttons grants nothing, as creating a menu grants nothing.
    expect(await grants()).toEqual(grantsBefore);

    // Run again: nothing more.
    await rerun131();
    expect(await allMenus()).toEqual(after);
  });
});
