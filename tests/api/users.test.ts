import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as, deptIdByName } from './support/api.js';

let t: TestApp;
let admin: string;
let api: ReturnType<typeof as>;
let project1: number;
let staffRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  api = as(t, admin);
  project1 = await deptIdByName(t, admin, '项目一部');
  const roles = await api.get('/api/system/role/list');
  staffRoleId = roles.body.rows.find((r: any) => r.roleKey === 'staff').roleId;
});
afterAll(async () => {
  await t?.close();
});

describe('users', () => {
  it('lists users with department and roles, paged, and filters by department subtree', async () => {
    const all = await api.get('/api/system/user/list?pageNum=1&pageSize=2');
    expect(all.body).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(all.body.rows).toHaveLength(2);
    expect(all.body.rows[0]).toMatchObject({ userName: 'admin', deptName: '华建工程有限公司', roleNames: ['超级管理员'] });
    expect(all.body.rows[0].password_hash).toBeUndefined();
    const engineering = await deptIdByName(t, admin, '工程管理部');
    const sub = await api.get(`/api/system/user/list?deptId=${engineering}`);
    expect(sub.body.rows.map((u: any) => u.userName)).toEqual(['staff']);
  });

  it('adds a user who can then sign in with the given password and role', async () => {
    const res = await api.post('/api/system/user', { userName: 'wangwu', nickName: '王五', password: 'secret1', deptId: project1, roleIds: [staffRoleId], phonenumber: '13900000000' });
    expect(res.status).toBe(200);
    expect(res.body.data.userId).toBeGreaterThan(0);
    const token = await t.login('DEFAULT', 'wangwu', 'secret1');
    const info = await as(t, token).get('/api/getInfo');
    expect(info.body.roles).toEqual(['staff']);
    expect(info.body.user.deptId).toBe(project1);
    const one = await api.get(`/api/system/user/${res.body.data.userId}`);
    expect(one.body.data).toMatchObject({ userName: 'wangwu', nickName: '王五', roleIds: [staffRoleId] });
    expect(one.body.roles.map((r: any) => r.roleKey)).toContain('admin');
  });

  it('refuses a duplicate user name with 409', async () => {
    const res = await api.post('/api/system/user', { userName: 'admin', nickName: 'x', password: 'secret1' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe("新增用户'admin'失败，登录账号已存在");
  });

  it('refuses missing fields, bad values, unknown departments and roles', async () => {
    const missing = await api.post('/api/system/user', { userName: 'zz' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('nickName');
    const shortPwd = await api.post('/api/system/user', { userName: 'zz', nickName: 'z', password: '1' });
    expect(shortPwd.status).toBe(400);
    expect(shortPwd.body.msg).toBe('密码长度不能少于5个字符');
    const badName = await api.post('/api/system/user', { userName: 'a b', nickName: 'z', password: '123456' });
    expect(badName.status).toBe(400);
    const dept = await api.post('/api/system/user', { userName: 'zz', nickName: 'z', password: '123456', deptId: 999999 });
    expect(dept.status).toBe(400);
    expect(dept.body.msg).toBe('部门不存在');
    const role = await api.post('/api/system/user', { userName: 'zz', nickName: 'z', password: '123456', roleIds: [999999] });
    expect(role.status).toBe(400);
    expect(role.body.msg).toBe('角色不存在：999999');
    const wrongType = await api.post('/api/system/user', { userName: 'zz', nickName: 'z', password: '123456', roleIds: 'admin' });
    expect(wrongType.status).toBe(400);
    // The phone rule of the user dialog is the contract's, so the server applies it too (issue 13).
    const badPhone = await api.post('/api/system/user', { userName: 'zz', nickName: 'z', password: '123456', phonenumber: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors).toEqual([{ field: 'phonenumber', message: '手机号码格式不正确' }]);
  });

  it('edits a user, keeps the user name, and answers 404 for an unknown id', async () => {
    const list = await api.get('/api/system/user/list?userName=liuyang');
    const u = list.body.rows[0];
    const res = await api.post('/api/system/user/edit', { userId: u.userId, nickName: '刘洋（物资）', deptId: project1, roleIds: [] });
    expect(res.status).toBe(200);
    const after = await api.get(`/api/system/user/${u.userId}`);
    expect(after.body.data).toMatchObject({ nickName: '刘洋（物资）', deptId: project1, roleIds: [] });
    const rename = await api.post('/api/system/user/edit', { userId: u.userId, userName: 'other', nickName: 'x' });
    expect(rename.status).toBe(400);
    const unknown = await api.post('/api/system/user/edit', { userId: 999999, nickName: 'x' });
    expect(unknown.status).toBe(404);
    expect((await api.get('/api/system/user/999999')).status).toBe(404);
  });

  it('resets a password: the old one stops working and live tokens are revoked', async () => {
    const add = await api.post('/api/system/user', { userName: 'reset1', nickName: '重置', password: 'first11' });
    const id = add.body.data.userId;
    const token = await t.login('DEFAULT', 'reset1', 'first11');
    expect((await api.post('/api/system/user/resetPwd', { userId: id, password: 'second2' })).status).toBe(200);
    expect((await as(t, token).get('/api/getInfo')).status).toBe(401);
    expect((await as(t, null).post('/api/login', { username: 'reset1', password: 'first11' })).status).toBe(400);
    await t.login('DEFAULT', 'reset1', 'second2');
    expect((await api.post('/api/system/user/resetPwd', { userId: 999999, password: 'second2' })).status).toBe(404);
    expect((await api.post('/api/system/user/resetPwd', { userId: id })).status).toBe(400);
  });

  it('changes status by {userId} or a list, and refuses to disable oneself', async () => {
    const add = await api.post('/api/system/user', { userName: 'status1', nickName: '状态', password: 'first11' });
    const id = add.body.data.userId;
    expect((await api.post('/api/system/user/changeStatus/1', [id])).status).toBe(200);
    expect((await api.get(`/api/system/user/${id}`)).body.data.status).toBe('1');
    expect((await api.post('/api/system/user/changeStatus/0', { userId: id })).status).toBe(200);
    expect((await api.get(`/api/system/user/${id}`)).body.data.status).toBe('0');
    expect((await api.post('/api/system/user/changeStatus/2', { userId: id })).status).toBe(400);
    const me = (await api.get('/api/getInfo')).body.user.userId;
    const self = await api.post('/api/system/user/changeStatus/1', { userId: me });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能停用当前登录的用户');
  });

  it('deletes users, refusing oneself and unknown ids without deleting anything', async () => {
    const add = await api.post('/api/system/user', { userName: 'gone1', nickName: '删除', password: 'first11' });
    const id = add.body.data.userId;
    const mixed = await api.post('/api/system/user/delete', [id, 999999]);
    expect(mixed.status).toBe(404);
    expect((await api.get(`/api/system/user/${id}`)).status).toBe(200);
    const me = (await api.get('/api/getInfo')).body.user.userId;
    expect((await api.post('/api/system/user/delete', [me])).body.msg).toBe('当前用户不能删除');
    const res = await api.post('/api/system/user/delete', [id]);
    expect(res.body).toEqual({ code: 200, msg: '删除成功' });
    expect((await api.get(`/api/system/user/${id}`)).status).toBe(404);
    expect((await api.post('/api/system/user/delete', [])).status).toBe(400);
  });

  it('serves pickers to every signed-in user: ids, byFilter, list/dept', async () => {
    const staff = as(t, await t.login('DEFAULT', 'staff'));
    const list = await api.get('/api/system/user/list?userName=staff');
    const staffId = list.body.rows[0].userId;
    const ids = await staff.post('/api/system/user/ids', [staffId, 999999]);
    expect(ids.body.data).toEqual([{ userId: staffId, userName: 'staff', nickName: '张工', deptId: project1, status: '0' }]);
    const byFilter = await staff.post('/api/system/user/byFilter', { nickName: '张', pageSize: 10 });
    expect(byFilter.body.rows.map((u: any) => u.userName)).toEqual(['staff']);
    expect(byFilter.body.total).toBe(1);
    const engineering = await deptIdByName(t, admin, '工程管理部');
    const withSub = await staff.get(`/api/system/user/list/dept/${engineering}`);
    expect(withSub.body.data.map((u: any) => u.userName)).toContain('staff');
    const direct = await staff.get(`/api/system/user/list/dept/${engineering}?includeChildren=false`);
    expect(direct.body.data.map((u: any) => u.userName)).not.toContain('staff');
    expect((await staff.post('/api/system/user/ids', ['x'])).status).toBe(400);
  });

  it('maps users to their departments and filters users by department (list/ByFilter)', async () => {
    const staffId = (await api.get('/api/system/user/list?userName=staff')).body.rows[0].userId;
    const map = await api.post('/api/system/user/userDeptId/get', [staffId, 999999]);
    expect(map.body.data).toEqual({ [staffId]: [project1] });
    const engineering = await deptIdByName(t, admin, '工程管理部');
    const sub = await api.post('/api/system/user/list/ByFilter', { deptId: engineering, isGetSub: true });
    expect(sub.body.rows.map((u: any) => u.userName)).toContain('staff');
    const direct = await api.post('/api/system/user/list/ByFilter', { deptId: engineering, isGetSub: false });
    expect(direct.body.rows.map((u: any) => u.userName)).not.toContain('staff');
  });

  it('lets only an admin reset every user layout settings', async () => {
    const staffApi = as(t, await t.login('DEFAULT', 'staff'));
    await staffApi.post('/api/user/config/features/edit', { theme: '#000000' });
    expect((await staffApi.get('/api/system/user/profile/init/all')).status).toBe(403);
    const res = await api.get('/api/system/user/profile/init/all');
    expect(res.status).toBe(200);
    expect(res.body.data.removed).toBeGreaterThanOrEqual(1);
    expect((await staffApi.get('/api/user/config/get')).body.data.features).toBeUndefined();
  });

  it('lets a user read and edit their profile and change their password', async () => {
    await api.post('/api/system/user', { userName: 'self1', nickName: '本人', password: 'first11' });
    const me = as(t, await t.login('DEFAULT', 'self1', 'first11'));
    expect((await me.get('/api/system/user/profile')).body.data.userName).toBe('self1');
    const edit = await me.post('/api/system/user/profile/edit', { nickName: '本人改', email: 'me@example.com' });
    expect(edit.body.data).toMatchObject({ nickName: '本人改', email: 'me@example.com' });
    expect((await me.post('/api/system/user/profile/edit', { userName: 'hack' })).status).toBe(400);
    const wrong = await me.post('/api/system/user/profile/updatePwd', { oldPassword: 'nope', newPassword: 'Second22' });
    expect(wrong.body.msg).toBe('修改密码失败，旧密码错误');
    expect((await me.post('/api/system/user/profile/updatePwd', { oldPassword: 'first11', newPassword: 'Second22' })).status).toBe(200);
    await t.login('DEFAULT', 'self1', 'Second22');
  });

  it('records every write in the operation log of the tenant', async () => {
    const log = await api.get('/api/system/operlog/list?title=用户管理&pageSize=100');
    const types = log.body.rows.map((r: any) => r.businessType);
    expect(types).toEqual(expect.arrayContaining([1, 2, 3]));
    const add = log.body.rows.find((r: any) => r.businessType === 1);
    expect(add.operName).toBe('admin');
    expect(add.operParam).not.toContain('first11');
    expect(add.operParam).toContain('******');
  });

  it('stores a profile picture for the signed-in user, and refuses what is not an image', async () => {
    const upload = (name: string, type: string, content: Buffer) => {
      const boundary = '----formwork' + Date.now();
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatarfile"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: '/api/system/user/profile/avatar', payload, headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082', 'hex');
    const res = await upload('me.png', 'image/png', png);
    expect(res.statusCode).toBe(200);
    const url = res.json().imgUrl;
    expect(url).toContain('me.png');
    expect((await api.get('/api/system/user/profile')).body.data.avatar).toBe(url);
    const bad = await upload('notes.txt', 'text/plain', Buffer.from('hello'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('头像只能是 png、jpg、gif 或 webp 图片');
    expect((await api.post('/api/system/user/profile/avatar', { x: 1 })).status).toBe(400);
  });
});
