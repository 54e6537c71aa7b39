import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';

let t: TestApp;
let admin: ReturnType<typeof as>;

type Menu = { menuId: number; parentId: number; menuName: string; menuType: string; perms: string; formName: string; path: string; orderNum: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, await t.login());
});
afterAll(async () => {
  await t?.close();
});

async function menus(): Promise<Menu[]> {
  const res = await admin.get('/api/system/menu/list');
  expect(res.status).toBe(200);
  return res.body.data;
}
const byName = async (name: string) => (await menus()).find((m) => m.menuName === name)!;

/** Flattens getRouters into [title, entry] pairs. */
function flatRouters(entries: any[]): any[] {
  return entries.flatMap((e) => [e, ...flatRouters(e.children ?? [])]);
}

describe('menu administration', () => {
  it('lists the seeded tree, with its own screen under 系统管理, and filters it', async () => {
    const all = await menus();
    const system = all.find((m) => m.menuName === '系统管理')!;
    const menuAdmin = all.find((m) => m.menuName === '菜单管理')!;
    expect(menuAdmin).toMatchObject({ parentId: system.menuId, menuType: 'C', perms: 'system:menu:list', path: '/system/menu' });
    expect(all.filter((m) => m.parentId === menuAdmin.menuId).map((m) => m.perms)).toEqual(['system:menu:query', 'system:menu:add', 'system:menu:edit', 'system:menu:remove']);
    const filtered = (await admin.get(`/api/system/menu/list?menuName=${encodeURIComponent('菜单')}`)).body.data as Menu[];
    expect(filtered.length).toBeGreaterThan(1);
    expect(filtered.every((m) => m.menuName.includes('菜单'))).toBe(true);
    expect((await admin.get('/api/system/menu/list?status=1')).body.data).toEqual([]);
    const tree = (await admin.get('/api/system/menu/treeselect')).body.data;
    expect(tree.find((n: any) => n.label === '系统管理').children.map((n: any) => n.label)).toContain('菜单管理');
    expect((await admin.get(`/api/system/menu/${menuAdmin.menuId}`)).body.data).toMatchObject({ menuName: '菜单管理', component: 'system/menu/index' });
    expect((await admin.get('/api/system/menu/999999')).status).toBe(404);
  });

  it('adds an Auto menu the way the designer calls it; getRouters shows it at once', async () => {
    const business = await byName('业务表单');
    const res = await admin.post('/api/system/menu', {
      parentId: business.menuId, menuName: '采购申请单', menuType: 'C', component: 'Auto', path: '/auto/purchase_request', formName: 'purchase_request',
      perms: 'auto:purchase_request:query', orderNum: 9, icon: '', visible: '0', status: '0', isFrame: '1',
    });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect(res.body.data.menuId).toBe(id);
    const routers = flatRouters((await admin.get('/api/getRouters')).body.data);
    const entry = routers.find((e) => e.menuId === id);
    expect(entry).toMatchObject({ path: '/auto/purchase_request', component: 'Auto', formName: 'purchase_request', meta: { title: '采购申请单' } });
    // Another user holding the form's permission sees it on the next getRouters (no cache).
    const staff = as(t, await t.login('DEFAULT', 'staff'));
    expect(flatRouters((await staff.get('/api/getRouters')).body.data).some((e) => e.menuId === id)).toBe(true);
    // Hidden: still a route, flagged hidden; disabled: gone.
    const m = (await admin.get(`/api/system/menu/${id}`)).body.data;
    const { menuId, createTime: _created, ...rest } = m;
    expect((await admin.post('/api/system/menu/edit', { menuId, ...rest, visible: '1' })).status).toBe(200);
    expect(flatRouters((await admin.get('/api/getRouters')).body.data).find((e) => e.menuId === id).hidden).toBe(true);
    expect((await admin.post('/api/system/menu/edit', { menuId, ...rest, status: '1' })).status).toBe(200);
    expect(flatRouters((await admin.get('/api/getRouters')).body.data).find((e) => e.menuId === id)).toBeUndefined();
    expect((await admin.post('/api/system/menu/delete', [id])).status).toBe(200);
    expect((await admin.get(`/api/system/menu/${id}`)).status).toBe(404);
  });

  it('fills the blanks of a form menu and adds its button entries when asked', async () => {
    const business = await byName('业务表单');
    const form = await admin.post('/api/flowable/form', { enName: 'menu_probe', cnName: '菜单测试', fields: [{ enName: 'title', label: '标题', funcType: 'input' }] });
    expect(form.status).toBe(200);
    const res = await admin.post('/api/system/menu', { parentId: business.menuId, menuName: '菜单测试', menuType: 'C', component: 'Auto', formName: 'menu_probe', createButtons: true });
    expect(res.status).toBe(200);
    const m = (await admin.get(`/api/system/menu/${res.body.data.id}`)).body.data;
    expect(m).toMatchObject({ path: '/auto/menu_probe', perms: 'auto:menu_probe:query', routeName: 'AutoMenuProbe', isFrame: '1' });
    const buttons = (await menus()).filter((x) => x.parentId === m.menuId);
    // One entry for each action the server checks on the form's calls, 作废 and 流程列表 included.
    expect(buttons.sort((x, y) => x.orderNum - y.orderNum).map((b) => [b.menuName, b.perms])).toEqual([
      ['查询', 'auto:menu_probe:query'], ['新增', 'auto:menu_probe:add'], ['修改', 'auto:menu_probe:edit'], ['删除', 'auto:menu_probe:remove'], ['作废', 'auto:menu_probe:invalid'],
      ['导入', 'auto:menu_probe:import'], ['导出', 'auto:menu_probe:export'], ['打印', 'auto:menu_probe:print'], ['流程列表', 'auto:menu_probe:list:root'],
    ]);
    expect(buttons.every((b) => b.menuType === 'F')).toBe(true);
    // Buttons never appear in the sidebar.
    const routers = flatRouters((await admin.get('/api/getRouters')).body.data);
    expect(routers.filter((e) => buttons.some((b) => b.menuId === e.menuId))).toEqual([]);
    // A role granted a button's permission keeps that button (the last menu carrying it).
    const role = await admin.post('/api/system/role', { roleName: '菜单测试员', roleKey: 'menu_probe', permissions: ['auto:menu_probe:export'] });
    const exportButton = buttons.find((b) => b.perms === 'auto:menu_probe:export')!;
    expect((await admin.post('/api/system/menu/delete', [exportButton.menuId])).body.msg).toBe('菜单已分配,不允许删除');
    expect((await admin.post('/api/system/menu/delete', [m.menuId])).body.msg).toBe('存在子菜单,不允许删除');
    await admin.post('/api/system/role/delete', [role.body.data.roleId]);
    // The whole family goes in one call.
    expect((await admin.post('/api/system/menu/delete', [m.menuId, ...buttons.map((b) => b.menuId)])).status).toBe(200);
  });

  it('refuses bad menus with their messages', async () => {
    const business = await byName('业务表单');
    const post = (b: object) => admin.post('/api/system/menu', { parentId: business.menuId, menuType: 'C', ...b });
    let r = await post({ menuName: '无表单', component: 'Auto', formName: 'no_such_form', path: '/auto/no_such_form' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe("新增菜单'无表单'失败，表单'no_such_form'不存在");
    expect(r.body.errors[0].field).toBe('formName');
    r = await post({ menuName: '未选表单', component: 'Auto' });
    expect(r.body.msg).toBe("新增菜单'未选表单'失败，请选择表单");
    r = await post({ menuName: '外链', path: 'www.example.com', isFrame: '0' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe("新增菜单'外链'失败，地址必须以http(s)://开头");
    r = await post({ menuName: '好外链', path: 'https://example.com/help', isFrame: '0' });
    expect(r.status).toBe(200);
    const link = flatRouters((await admin.get('/api/getRouters')).body.data).find((e) => e.menuId === r.body.data.id);
    expect(link).toMatchObject({ isFrame: '0', meta: { link: 'https://example.com/help' } });
    r = await post({ menuName: '好外链', path: 'https://example.com/x', isFrame: '0' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe("新增菜单'好外链'失败，菜单名称已存在");
    r = await post({ menuName: '无路径', component: 'system/user/index' });
    expect(r.body.msg).toBe("新增菜单'无路径'失败，路由地址不能为空");
    r = await admin.post('/api/system/menu', { parentId: 999999, menuName: '孤儿', menuType: 'M', path: '/x' });
    expect(r.body.msg).toBe("新增菜单'孤儿'失败，上级菜单不存在");
    const menuAdmin = await byName('菜单管理');
    r = await admin.post('/api/system/menu', { parentId: menuAdmin.menuId, menuName: '目录', menuType: 'M', path: '/y' });
    expect(r.body.msg).toBe("新增菜单'目录'失败，菜单下只能添加按钮");
    r = await admin.post('/api/system/menu', { parentId: 0, menuName: 'x', menuType: 'Z' });
    expect(r.status).toBe(400);
    r = await admin.post('/api/system/menu', { parentId: 0, menuName: 'x', menuType: 'F', perms: 'drop table;' });
    expect(r.status).toBe(400);
    r = await admin.post('/api/system/menu', { parentId: 0, menuName: 'x', menuType: 'F', unknown: 1 });
    expect(r.status).toBe(400);
  });

  it('refuses deleting a menu with children or one assigned to a role', async () => {
    expect((await admin.post('/api/system/menu/delete', [(await byName('系统管理')).menuId])).body.msg).toBe('存在子菜单,不允许删除');
    // The ledger's form menu holds its button entries (demo seed, as 菜单管理 makes them).
    const all = await menus();
    const ledger = all.find((m) => m.formName === 'contract_ledger' && m.menuType === 'C')!;
    expect((await admin.post('/api/system/menu/delete', [ledger.menuId])).body.msg).toBe('存在子菜单,不允许删除');
    const buttons = all.filter((m) => m.parentId === ledger.menuId && m.menuType === 'F');
    expect(buttons.map((b) => b.menuName)).toEqual(['查询', '新增', '修改', '删除', '作废', '导入', '导出', '打印', '流程列表']);
    // The staff role holds query, add, edit, print and export of the ledger (demo seed): 新增 is the
    // only menu carrying auto:contract_ledger:add; 查询's string is carried by the ledger menu too.
    const add = buttons.find((b) => b.perms === 'auto:contract_ledger:add')!;
    const del = await admin.post('/api/system/menu/delete', [add.menuId]);
    expect(del.status).toBe(400);
    expect(del.body.msg).toBe('菜单已分配,不允许删除');
    const query = buttons.find((b) => b.perms === 'auto:contract_ledger:query')!;
    expect((await admin.post('/api/system/menu/delete', [query.menuId])).status).toBe(200);
    expect((await admin.post('/api/system/menu/delete', [999999])).status).toBe(404);
  });

  it('moves a menu, refusing a cycle', async () => {
    const dir = (await admin.post('/api/system/menu', { parentId: 0, menuName: '临时目录', menuType: 'M', path: '/tmpdir', orderNum: 50 })).body.data.id;
    const sub = (await admin.post('/api/system/menu', { parentId: dir, menuName: '子目录', menuType: 'M', path: 'sub' })).body.data.id;
    let r = await admin.post('/api/system/menu/move', { menuId: dir, parentId: sub, orderNum: 1 });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe("修改菜单'临时目录'失败，上级菜单不能是自己或自己的下级菜单");
    r = await admin.post('/api/system/menu/move', { menuId: dir, parentId: dir, orderNum: 1 });
    expect(r.body.msg).toBe("修改菜单'临时目录'失败，上级菜单不能选择自己");
    // Edit with a descendant as parent is the same refusal.
    r = await admin.post('/api/system/menu/edit', { menuId: dir, parentId: sub, menuName: '临时目录', menuType: 'M', path: '/tmpdir' });
    expect(r.status).toBe(400);
    const system = await byName('系统管理');
    r = await admin.post('/api/system/menu/move', { menuId: sub, parentId: system.menuId, orderNum: 99 });
    expect(r.status).toBe(200);
    expect(await byName('子目录')).toMatchObject({ parentId: system.menuId, orderNum: 99 });
    r = await admin.post('/api/system/menu/move', { menuId: sub, parentId: 0, orderNum: 51 });
    expect(r.status).toBe(200);
    expect((await admin.post('/api/system/menu/delete', [dir, sub])).status).toBe(200);
  });

  it('finds the menus of a form by its id', async () => {
    const forms = (await admin.get('/api/flowable/form/list?pageSize=100')).body.rows;
    const ledger = forms.find((f: any) => f.enName === 'contract_ledger');
    const r = await admin.get(`/api/system/menu/list/formId?formId=${ledger.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((m: Menu) => m.formName)).toEqual(['contract_ledger']);
    expect((await admin.get('/api/system/menu/list/formId?formId=999999')).status).toBe(404);
  });

  it('answers 403 to a user without system:menu rights and keeps tenants apart', async () => {
    const staff = as(t, await t.login('DEFAULT', 'staff'));
    expect((await staff.get('/api/system/menu/list')).status).toBe(403);
    expect((await staff.post('/api/system/menu', { parentId: 0, menuName: 'x', menuType: 'M', path: '/x' })).status).toBe(403);
    expect((await staff.post('/api/system/menu/delete', [1])).status).toBe(403);
    expect((await staff.post('/api/system/menu/move', { menuId: 1, parentId: 0, orderNum: 1 })).status).toBe(403);
    const t2 = as(t, await t.login('T2'));
    const own = (await menus())[0];
    expect((await t2.get(`/api/system/menu/${own.menuId}`)).status).toBe(404);
    expect((await t2.post('/api/system/menu/delete', [own.menuId])).status).toBe(404);
    expect((await t2.post('/api/system/menu/move', { menuId: own.menuId, parentId: 0, orderNum: 1 })).status).toBe(404);
    const t2Menus = (await t2.get('/api/system/menu/list')).body.data as Menu[];
    expect(t2Menus.some((m) => m.menuId === own.menuId)).toBe(false);
    // A menu of T2 cannot be hung under a DEFAULT directory.
    const r = await t2.post('/api/system/menu', { parentId: (await byName('业务表单')).menuId, menuName: '越界', menuType: 'M', path: '/z' });
    expect(r.body.msg).toBe("新增菜单'越界'失败，上级菜单不存在");
  });

  it('records the changes in the operation log', async () => {
    const r = await admin.get(`/api/system/operlog/list?title=${encodeURIComponent('菜单管理')}`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBeGreaterThan(0);
  });
});

describe('pages a user may not open (issue 26 item 7)', () => {
  it('answers forbidden for a tenant page outside the user\'s menus, missing for no page, allowed for theirs', async () => {
    const staff = as(t, await t.login('DEFAULT', 'staff'));
    const access = async (who: typeof staff, path: string) => {
      const res = await who.get(`/api/getRouters/access?path=${encodeURIComponent(path)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.access;
    };
    expect(await access(staff, '/system/menu')).toBe('forbidden');
    expect(await access(staff, '/system/menu/')).toBe('forbidden');
    expect(await access(staff, '/system/dept')).toBe('allowed');
    expect(await access(staff, '/no/such/page')).toBe('missing');
    expect(await access(admin, '/system/menu')).toBe('allowed');
    expect(await access(staff, '/system/menu?x=1')).toBe('forbidden');
    expect((await staff.get('/api/getRouters/access')).status).toBe(400);
    expect((await staff.get(`/api/getRouters/access?path=${'a'.repeat(600)}`)).status).toBe(400);
  });
});
