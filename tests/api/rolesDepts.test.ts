import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as, deptIdByName } from './support/api.js';

let t: TestApp;
let api: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  api = as(t, await t.login());
});
afterAll(async () => {
  await t?.close();
});

describe('roles', () => {
  it('creates a role whose permissions take effect for its users', async () => {
    const res = await api.post('/api/system/role', { roleName: '人事专员', roleKey: 'hr', permissions: ['system:user:list', 'system:user:query'] });
    expect(res.status).toBe(200);
    const roleId = res.body.data.roleId;
    expect((await api.get(`/api/system/role/${roleId}`)).body.data).toMatchObject({ roleName: '人事专员', roleKey: 'hr', permissions: ['system:user:list', 'system:user:query'] });
    await api.post('/api/system/user', { userName: 'hr1', nickName: '人事', password: 'hr12345', roleIds: [roleId] });
    const hr = as(t, await t.login('DEFAULT', 'hr1', 'hr12345'));
    expect((await hr.get('/api/system/user/list')).status).toBe(200);
    expect((await hr.post('/api/system/user', { userName: 'x2', nickName: 'x', password: '123456' })).status).toBe(403);
    // Granting add makes it pass on the next call (no re-login).
    await api.post('/api/system/role/edit', { roleId, roleName: '人事专员', roleKey: 'hr', permissions: ['system:user:list', 'system:user:add'] });
    expect((await hr.post('/api/system/user', { userName: 'x2', nickName: 'x', password: '123456' })).status).toBe(200);
    const info = await hr.get('/api/getInfo');
    expect(info.body.permissions).toEqual(['system:user:add', 'system:user:list']);
  });

  it('lists roles and offers options', async () => {
    const list = await api.get('/api/system/role/list?roleKey=staff');
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.total).toBe(1);
    const options = await api.get('/api/system/role/optionselect');
    expect(options.body.data.map((r: any) => r.roleKey)).toEqual(expect.arrayContaining(['admin', 'staff']));
    // T2 has not opened self-registration (sys.register.enabled): nothing is offered (tests/api/security/register.test.ts).
    const register = await as(t, null).get('/api/system/role/options/register?tenantCode=T2');
    expect(register.body.data).toEqual([]);
  });

  it('refuses bad role input', async () => {
    expect((await api.post('/api/system/role', { roleName: '无键' })).body.errors[0].field).toBe('roleKey');
    expect((await api.post('/api/system/role', { roleName: '重复', roleKey: 'staff' })).status).toBe(409);
    const badPerm = await api.post('/api/system/role', { roleName: '坏', roleKey: 'bad', permissions: ['drop table;'] });
    expect(badPerm.status).toBe(400);
    expect(badPerm.body.errors[0]).toEqual({ field: 'permissions.0', message: '权限第1项格式不正确' });
    expect((await api.post('/api/system/role', { roleName: '坏', roleKey: 'bad', permissions: 'x' })).status).toBe(400);
    expect((await api.post('/api/system/role/edit', { roleId: 999999, roleName: 'x', roleKey: 'x' })).status).toBe(404);
    expect((await api.get('/api/system/role/999999')).status).toBe(404);
  });

  it('protects the admin role and roles in use; deletes an unused role', async () => {
    const list = await api.get('/api/system/role/list');
    const adminRole = list.body.rows.find((r: any) => r.roleKey === 'admin');
    const staffRole = list.body.rows.find((r: any) => r.roleKey === 'staff');
    expect((await api.post('/api/system/role/delete', [adminRole.roleId])).body.msg).toBe('不允许删除超级管理员角色');
    expect((await api.post('/api/system/role/delete', [staffRole.roleId])).body.msg).toBe('普通员工已分配，不能删除');
    expect((await api.post('/api/system/role/edit', { roleId: adminRole.roleId, roleName: 'x', roleKey: 'boss' })).status).toBe(400);
    const spare = await api.post('/api/system/role', { roleName: '临时', roleKey: 'temp' });
    expect((await api.post('/api/system/role/delete', [spare.body.data.roleId])).status).toBe(200);
    expect((await api.get(`/api/system/role/${spare.body.data.roleId}`)).status).toBe(404);
    expect((await api.post('/api/system/role/delete', [999999])).status).toBe(404);
  });
});

describe('departments', () => {
  it('lists the seeded tree with full names and a treeselect', async () => {
    const list = await api.get('/api/system/dept/list');
    const p1 = list.body.data.find((d: any) => d.deptName === '项目一部');
    expect(p1.fullName).toBe('华建工程有限公司/工程管理部/项目一部');
    const tree = await api.get('/api/system/dept/treeselect');
    expect(tree.body.data).toHaveLength(1);
    expect(tree.body.data[0].label).toBe('华建工程有限公司');
    const eng = tree.body.data[0].children.find((c: any) => c.label === '工程管理部');
    expect(eng.children.map((c: any) => c.label)).toEqual(['项目一部', '项目二部']);
    const staff = as(t, await t.login('DEFAULT', 'staff'));
    expect((await staff.get('/api/system/dept/treeselect')).status).toBe(200);
    const reg = await as(t, null).get('/api/system/dept/options/register?tenantCode=DEFAULT');
    expect(reg.body.data).toEqual([]);
  });

  it('adds, moves (with its subtree), edits and deletes departments', async () => {
    const eng = await deptIdByName(t, (await t.login()), '工程管理部');
    const tech = await deptIdByName(t, (await t.login()), '技术质量部');
    // A contact telephone may be a landline; anything but digits and + - ( ) is refused (issue 13: the dialog's rule is the contract's).
    const bad = await api.post('/api/system/dept', { parentId: eng, deptName: '项目三部', phone: 'call me' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'phone', message: '联系电话格式不正确' }]);
    const a = await api.post('/api/system/dept', { parentId: eng, deptName: '项目三部', orderNum: 3, phone: '010-88886666' });
    expect(a.status).toBe(200);
    const child = await api.post('/api/system/dept', { parentId: a.body.data.deptId, deptName: '三部测量组' });
    const moved = await api.post('/api/system/dept/edit', { deptId: a.body.data.deptId, parentId: tech, deptName: '项目三部' });
    expect(moved.status).toBe(200);
    const list = await api.get('/api/system/dept/list');
    const grandchild = list.body.data.find((d: any) => d.deptId === child.body.data.deptId);
    expect(grandchild.fullName).toBe('华建工程有限公司/技术质量部/项目三部/三部测量组');
    const one = await api.get(`/api/system/dept/${a.body.data.deptId}`);
    expect(one.body.data.parentId).toBe(tech);
    const exclude = await api.get(`/api/system/dept/list/exclude/${a.body.data.deptId}`);
    expect(exclude.body.data.map((d: any) => d.deptId)).not.toContain(child.body.data.deptId);

    const self = await api.post('/api/system/dept/edit', { deptId: a.body.data.deptId, parentId: a.body.data.deptId, deptName: '项目三部' });
    expect(self.body.msg).toBe("修改部门'项目三部'失败，上级部门不能是自己");
    const loop = await api.post('/api/system/dept/edit', { deptId: a.body.data.deptId, parentId: child.body.data.deptId, deptName: '项目三部' });
    expect(loop.body.msg).toBe("修改部门'项目三部'失败，上级部门不能是自己的下级部门");

    const hasChild = await api.post('/api/system/dept/delete', [a.body.data.deptId]);
    expect(hasChild.body.msg).toBe('项目三部存在下级部门，不允许删除');
    const p1 = await deptIdByName(t, (await t.login()), '项目一部');
    expect((await api.post('/api/system/dept/delete', [p1])).body.msg).toBe('项目一部部门存在用户，不允许删除');
    expect((await api.post('/api/system/dept/delete', [child.body.data.deptId])).status).toBe(200);
    expect((await api.post('/api/system/dept/delete', [a.body.data.deptId])).status).toBe(200);
    expect((await api.get(`/api/system/dept/${a.body.data.deptId}`)).status).toBe(404);
  });

  it('offers the user picker tree, batch lookup, the flat list and the current user subtree', async () => {
    const admin = await t.login();
    const eng = await deptIdByName(t, admin, '工程管理部');
    const p1 = await deptIdByName(t, admin, '项目一部');
    const tree = await api.post('/api/system/dept/treeselect/byFilter', { deptId: eng, includeUsers: true });
    expect(tree.body.data).toHaveLength(1);
    const p1Node = tree.body.data[0].children.find((c: any) => c.id === p1 && c.type === 'dept');
    expect(p1Node.children).toEqual([expect.objectContaining({ type: 'user', label: '张工' })]);
    const noUsers = await api.post('/api/system/dept/treeselect/byFilter', null);
    expect(JSON.stringify(noUsers.body.data)).not.toContain('"user"');
    expect((await api.post('/api/system/dept/treeselect/byFilter', { deptId: 999999 })).status).toBe(404);
    const batch = await api.post(`/api/system/dept/batch?ids=${eng},${p1},999999`, null);
    expect(batch.body.data.map((d: any) => d.deptName).sort()).toEqual(['工程管理部', '项目一部'].sort());
    expect((await api.post('/api/system/dept/batch?ids=1;drop', null)).status).toBe(400);
    const single = await api.get('/api/system/dept/single/list');
    expect(single.body.data.find((d: any) => d.deptId === p1).fullName).toBe('华建工程有限公司/工程管理部/项目一部');
    const staff = as(t, await t.login('DEFAULT', 'staff'));
    const mine = await staff.get('/api/system/dept/currentUser/subList');
    expect(mine.body.data.map((d: any) => d.deptName)).toEqual(['项目一部']);
  });

  it('refuses bad department input', async () => {
    expect((await api.post('/api/system/dept', { deptName: '无上级' })).body.errors[0]).toEqual({ field: 'parentId', message: '上级不能为空' });
    expect((await api.post('/api/system/dept', { parentId: 999999, deptName: 'x' })).body.msg).toBe('上级部门不存在');
    expect((await api.post('/api/system/dept', { parentId: 1, deptName: '' })).status).toBe(400);
    expect((await api.post('/api/system/dept/edit', { deptId: 999999, parentId: 1, deptName: 'x' })).status).toBe(404);
    expect((await api.post('/api/system/dept/delete', [999999])).status).toBe(404);
    expect((await api.get('/api/system/dept/list/exclude/999999')).status).toBe(404);
  });
});
