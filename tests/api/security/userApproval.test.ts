/**
 * Issue 32 item 2: 用户管理's decision on self-registered accounts waiting for approval. The list
 * marks them (`pendingApproval`) and filters them; `system:user:edit` approves (the account signs in
 * and finds a 消息中心 message) or rejects (the account is deleted, its name free again); other
 * callers get 403, another tenant's administrator 404, a settled account 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { startSmsFake, type SmsFake } from '../support/smsFake.js';
import { setTenantConfig } from '../support/tenantConfig.js';

let t: TestApp;
let sms: SmsFake;
let clock = new Date('2026-03-02T02:00:00Z');
const anon = () => as(t, null);
let admin: ReturnType<typeof as>;
let phoneSeq = 13700000000;

beforeAll(async () => {
  sms = await startSmsFake();
  t = await createTestApp({ config: { smsHttpUrl: sms.url, smsHttpToken: sms.token }, now: () => clock });
  for (const [k, v] of [
    ['sys.sms.enabled', 'true'],
    ['sys.register.enabled', 'true'],
    ['sys.register.approval', 'true'],
  ]) await setTenantConfig(t, 'DEFAULT', k, v);
  admin = as(t, await t.login('DEFAULT', 'admin'));
});
afterAll(async () => {
  await t?.close();
  await sms?.close();
});

/** Registers an account that waits for approval; returns its user id. */
async function registerPending(username: string): Promise<number> {
  const phone = String(++phoneSeq);
  clock = new Date(clock.getTime() + 61_000);
  expect((await anon().post('/api/common/sms/send', { phonenumber: phone, tenantCode: 'DEFAULT' })).status).toBe(200);
  const res = await anon().post('/api/register', { tenantCode: 'DEFAULT', username, password: 'Abcdef123', phonenumber: phone, code: sms.lastCode(phone) });
  expect(res.body).toMatchObject({ code: 200, pending: true });
  return (await admin.get(`/api/system/user/list?userName=${username}`)).body.rows[0].userId;
}

const loginMsg = async (username: string) => (await anon().post('/api/login', { username, password: 'Abcdef123', tenantCode: 'DEFAULT' })).body.msg;

describe('accounts waiting for approval in 用户管理', () => {
  it('marks them in the list and filters them', async () => {
    const id = await registerPending('waiting1');
    const all = await admin.get('/api/system/user/list?pageSize=100');
    expect(all.body.rows.find((u: any) => u.userName === 'admin').pendingApproval).toBe(false);
    expect(all.body.rows.find((u: any) => u.userId === id)).toMatchObject({ userName: 'waiting1', status: '1', pendingApproval: true });
    const pending = await admin.get('/api/system/user/list?pendingApproval=true&pageSize=100');
    expect(pending.body.rows.map((u: any) => u.userName)).toEqual(['waiting1']);
    expect(pending.body.total).toBe(1);
    expect((await admin.get('/api/system/user/list?pendingApproval=maybe')).status).toBe(400);
  });

  it('approves: the account signs in and finds a 消息中心 message', async () => {
    const id = await registerPending('approve1');
    expect(await loginMsg('approve1')).toBe('您的账号正在等待管理员审核，审核通过后即可登录');
    expect((await admin.post('/api/system/user/approve', { userIds: [id] })).body).toEqual({ code: 200, msg: '审核通过' });
    const user = (await admin.get(`/api/system/user/${id}`)).body.data;
    expect(user).toMatchObject({ status: '0', pendingApproval: false });
    const me = as(t, await t.login('DEFAULT', 'approve1', 'Abcdef123'));
    const inbox = (await me.post('/api/msg/detail/page/get', { pageNum: 1, pageSize: 10 })).body;
    expect(inbox.rows.map((m: any) => m.title)).toEqual(['账号审核通过']);
    expect(inbox.rows[0].isRead).toBe(false);
    // Decided once: a second approval or a rejection is refused, and so is an account never waiting.
    expect((await admin.post('/api/system/user/approve', { userIds: [id] })).body).toEqual({ code: 400, msg: '用户「approve1」不是待审核状态' });
    expect((await admin.post('/api/system/user/reject', { userIds: [id] })).body).toEqual({ code: 400, msg: '用户「approve1」不是待审核状态' });
    const adminId = (await admin.get('/api/system/user/list?userName=admin')).body.rows.find((u: any) => u.userName === 'admin').userId;
    expect((await admin.post('/api/system/user/approve', { userIds: [adminId] })).body.msg).toBe('用户「admin」不是待审核状态');
  });

  it('rejects: the account is deleted and its name can register again', async () => {
    const id = await registerPending('reject1');
    const res = await admin.post('/api/system/user/reject', { userIds: [id], reason: '信息不完整' });
    expect(res.body).toEqual({ code: 200, msg: '已驳回' });
    expect((await admin.get(`/api/system/user/${id}`)).status).toBe(404);
    expect(await loginMsg('reject1')).toBe('用户不存在/密码错误');
    const again = await registerPending('reject1');
    expect(again).not.toBe(id);
    const log = await admin.get(`/api/system/operlog/list?title=${encodeURIComponent('用户管理-驳回')}`);
    expect(log.body.rows.map((r: any) => JSON.parse(r.operParam))).toContainEqual({ userIds: [id], userNames: ['reject1'], reason: '信息不完整' });
  });

  it('approves too when an administrator enables the waiting account by its status, with the same message', async () => {
    const id = await registerPending('switch1');
    expect((await admin.post('/api/system/user/changeStatus/0', { userId: id })).status).toBe(200);
    const me = as(t, await t.login('DEFAULT', 'switch1', 'Abcdef123'));
    expect((await me.post('/api/msg/detail/page/get', { pageNum: 1, pageSize: 10 })).body.rows.map((m: any) => m.title)).toEqual(['账号审核通过']);
    // Frozen and enabled again later, the account is no longer waiting: no second message.
    await admin.post('/api/system/user/changeStatus/1', { userId: id });
    await admin.post('/api/system/user/changeStatus/0', { userId: id });
    const again = as(t, await t.login('DEFAULT', 'switch1', 'Abcdef123'));
    expect((await again.post('/api/msg/detail/page/get', { pageNum: 1, pageSize: 10 })).body.total).toBe(1);
  });

  it('refuses callers without system:user:edit, and nothing changes', async () => {
    const id = await registerPending('perm1');
    const role = await admin.post('/api/system/role', { roleName: '用户查看', roleKey: 'userviewer', permissions: ['system:user:list', 'system:user:query'] });
    const roleId = role.body.data.roleId;
    expect((await admin.post('/api/system/user', { userName: 'viewer1', nickName: '查看员', password: 'Viewer123', roleIds: [roleId] })).status).toBe(200);
    const viewer = as(t, await t.login('DEFAULT', 'viewer1', 'Viewer123'));
    expect((await viewer.get('/api/system/user/list?pendingApproval=true')).body.rows.map((u: any) => u.userName)).toContain('perm1');
    for (const url of ['/api/system/user/approve', '/api/system/user/reject']) {
      expect((await viewer.post(url, { userIds: [id] })).body).toEqual({ code: 403, msg: '当前操作没有权限' });
      expect((await anon().post(url, { userIds: [id] })).status).toBe(401);
    }
    expect((await admin.get(`/api/system/user/${id}`)).body.data.pendingApproval).toBe(true);
  });

  it('keeps tenants apart: another tenant’s administrator gets 404 and nothing changes', async () => {
    const id = await registerPending('tenant1');
    const other = as(t, await t.login('T2', 'admin'));
    expect((await other.get('/api/system/user/list?pendingApproval=true')).body.rows).toEqual([]);
    for (const url of ['/api/system/user/approve', '/api/system/user/reject']) {
      const res = await other.post(url, { userIds: [id] });
      expect(res.status).toBe(404);
    }
    expect((await admin.get(`/api/system/user/${id}`)).body.data).toMatchObject({ status: '1', pendingApproval: true });
  });

  it('refuses malformed bodies with a 400', async () => {
    for (const body of [{}, { userIds: [] }, { userIds: ['x'] }, { userIds: [1], extra: 1 }, [1]]) {
      expect((await admin.post('/api/system/user/approve', body)).status).toBe(400);
      expect((await admin.post('/api/system/user/reject', body)).status).toBe(400);
    }
  });
});
