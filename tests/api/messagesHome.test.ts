import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let otherTenant: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, await t.login());
  staff = as(t, await t.login('DEFAULT', 'staff'));
  otherTenant = as(t, await t.login('T2'));
});
afterAll(async () => {
  await t?.close();
});

type Msg = { id: number; title: string; isRead: boolean; link: string; msgType: string; createTime: string };
const pageOf = async (who: ReturnType<typeof as>, body: Record<string, unknown> = {}) => (await who.post('/api/msg/detail/page/get', body)).body as { rows: Msg[]; total: number };
const unread = async (who: ReturnType<typeof as>) => (await who.get('/api/msg/task/unread/count')).body.data as number;

describe('message centre', () => {
  it('pages the own messages newest first and filters read / unread', async () => {
    const all = await pageOf(admin, { pageNum: 1, pageSize: 10 });
    expect(all.total).toBe(4);
    expect(all.rows[0]).toMatchObject({ title: '平台使用指引', isRead: false, msgType: '2' });
    expect(all.rows.find((m) => m.link === '/auto/contract_ledger')).toBeTruthy();
    const firstPage = await pageOf(admin, { pageNum: 1, pageSize: 3 });
    const second = await pageOf(admin, { pageNum: 2, pageSize: 3 });
    expect(firstPage.rows).toHaveLength(3);
    expect(second.rows.map((m) => m.title)).toEqual(['系统维护通知']);
    expect((await pageOf(admin, { isRead: false })).total).toBe(3);
    expect((await pageOf(admin, { isRead: true })).rows.map((m) => m.title)).toEqual(['系统维护通知']);
    expect((await pageOf(admin, { keyword: '合同' })).rows.map((m) => m.title)).toEqual(['合同台账有新的合同待查看']);
    expect(await unread(admin)).toBe(3);
  });

  it('marks own messages read, and the unread count follows', async () => {
    const [msg] = (await pageOf(staff, { isRead: false, pageSize: 1 })).rows;
    const before = await unread(staff);
    const res = await staff.post('/api/msg/detail/batch/update', { ids: [msg.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 1, unread: before - 1 });
    expect(await unread(staff)).toBe(before - 1);
    expect((await pageOf(staff, { isRead: true })).rows.map((m) => m.id)).toContain(msg.id);
    // Back to unread, then all read at once.
    await staff.post('/api/msg/detail/batch/update', { ids: [msg.id], isRead: false });
    expect(await unread(staff)).toBe(before);
    const all = await staff.post('/api/msg/detail/batch/update', { all: true });
    expect(all.body.data).toEqual({ updated: before, unread: 0 });
    expect(await unread(staff)).toBe(0);
  });

  it("never shows or marks another user's message, in the same tenant or another", async () => {
    const adminMsgs = (await pageOf(admin)).rows.map((m) => m.id);
    const staffMsgs = (await pageOf(staff)).rows.map((m) => m.id);
    const t2Msgs = (await pageOf(otherTenant)).rows.map((m) => m.id);
    expect(adminMsgs.filter((id) => staffMsgs.includes(id) || t2Msgs.includes(id))).toEqual([]);
    const adminUnread = await unread(admin);
    const target = (await pageOf(admin, { isRead: false })).rows[0].id;
    for (const who of [staff, otherTenant]) {
      const res = await who.post('/api/msg/detail/batch/update', { ids: [target] });
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('访问资源不存在');
      // Mixed with an own id: nothing at all is changed.
      const own = (await pageOf(who)).rows[0].id;
      expect((await who.post('/api/msg/detail/batch/update', { ids: [own, target] })).status).toBe(404);
    }
    expect(await unread(admin)).toBe(adminUnread);
    expect((await pageOf(admin, { isRead: false })).rows.map((m) => m.id)).toContain(target);
  });

  it('refuses bad input with a 400 and no token with a 401', async () => {
    expect((await admin.post('/api/msg/detail/batch/update', {})).body).toMatchObject({ code: 400, msg: '请选择消息' });
    expect((await admin.post('/api/msg/detail/batch/update', { ids: ['x'] })).status).toBe(400);
    expect((await admin.post('/api/msg/detail/page/get', { isRead: 'yes' })).status).toBe(400);
    expect((await admin.post('/api/msg/detail/page/get', { pageSize: 5000 })).status).toBe(400);
    expect((await admin.post('/api/msg/detail/page/get', { nope: 1 })).status).toBe(400);
    expect((await as(t, null).get('/api/msg/task/unread/count')).status).toBe(401);
  });

  it('puts the 消息中心 menu in every user’s router list', async () => {
    for (const who of [admin, staff, otherTenant]) {
      const menus = (await who.get('/api/getRouters')).body.data as { meta: { title: string }; path: string; component: string }[];
      expect(menus.find((m) => m.meta.title === '消息中心')).toMatchObject({ path: '/msg/detail', component: 'msg/detail/index' });
    }
  });
});

describe('WeChat unbind', () => {
  it('tells whether an openId exists without sending it, and clears only the own binding', async () => {
    const info = async (who: ReturnType<typeof as>) => (await who.get('/api/getInfo')).body.user;
    expect(await info(staff)).toMatchObject({ hasOpenId: false });
    expect((await info(staff)).openId).toBeUndefined();
    expect((await staff.post('/api/unbind')).body).toMatchObject({ code: 400, msg: '当前账号未绑定微信' });
    // An openId belongs to one user of a tenant (migration 197): each user gets their own.
    await t.db.updateTable('users').set({ open_id: sql<string>`'wx-open-id-' || user_name` }).where('user_name', 'in', ['staff', 'admin']).execute();
    const staffInfo = await info(staff);
    expect(staffInfo.hasOpenId).toBe(true);
    expect(JSON.stringify(staffInfo)).not.toContain('wx-open-id-staff');
    const res = await staff.post('/api/unbind');
    expect(res.body).toMatchObject({ code: 200, msg: '解绑成功' });
    expect(await info(staff)).toMatchObject({ hasOpenId: false });
    // The admins (this tenant's and T2's) keep theirs.
    const kept = await t.db.selectFrom('users').select(['user_name', 'open_id']).where('user_name', '=', 'admin').orderBy('tenant_id').execute();
    expect(kept.map((u) => u.open_id)).toEqual(['wx-open-id-admin', 'wx-open-id-admin']);
    expect((await info(admin)).hasOpenId).toBe(true);
    await t.db.updateTable('users').set({ open_id: null }).execute();
  });
});

describe('home modules', () => {
  const ids = (list: { id: string; selected: boolean }[]) => list.map((m) => `${m.id}:${m.selected ? 1 : 0}`);

  it('starts with every module on, from the tenant default', async () => {
    const mine = (await staff.get('/api/system/home/my/modules')).body.data;
    expect(mine).toEqual([
      { id: 'userInfo', name: '个人信息', selected: true },
      { id: 'messages', name: '我的消息', selected: true },
      { id: 'shortcuts', name: '常用功能', selected: true },
      { id: 'calendar', name: '我的日程', selected: false },
      { id: 'announce', name: '滚动公告', selected: false },
      { id: 'todo', name: '我的待办', selected: false },
    ]);
    expect((await staff.get('/api/system/home/modules/default')).body.data).toEqual(mine);
  });

  it('lets the admin change the tenant default, which users without their own list follow', async () => {
    expect((await staff.post('/api/system/home/modules/default', [{ id: 'messages', selected: false }])).status).toBe(403);
    const res = await admin.post('/api/system/home/modules/default', [
      { id: 'shortcuts', name: '常用功能', selected: true },
      { id: 'messages', selected: true },
      { id: 'userInfo', selected: false },
    ]);
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功' });
    expect(ids((await staff.get('/api/system/home/my/modules')).body.data)).toEqual(['shortcuts:1', 'messages:1', 'userInfo:0', 'calendar:0', 'announce:0', 'todo:0']);
    // Another tenant keeps its own default.
    expect(ids((await otherTenant.get('/api/system/home/my/modules')).body.data)).toEqual(['userInfo:1', 'messages:1', 'shortcuts:1', 'calendar:0', 'announce:0', 'todo:0']);
  });

  it('saves a user’s own choice, which then outranks the default', async () => {
    const res = await staff.post('/api/system/home/my/modules', [
      { id: 'messages', selected: true },
      { id: 'shortcuts', selected: false },
    ]);
    expect(res.status).toBe(200);
    expect(ids((await staff.get('/api/system/home/my/modules')).body.data)).toEqual(['messages:1', 'shortcuts:0', 'userInfo:1', 'calendar:0', 'announce:0', 'todo:0']);
    await admin.post('/api/system/home/modules/default', [{ id: 'messages', selected: false }]);
    expect(ids((await staff.get('/api/system/home/my/modules')).body.data)).toEqual(['messages:1', 'shortcuts:0', 'userInfo:1', 'calendar:0', 'announce:0', 'todo:0']);
    // The admin has no list of their own, so follows the new default.
    expect(ids((await admin.get('/api/system/home/my/modules')).body.data)).toEqual(['messages:0', 'userInfo:1', 'shortcuts:1', 'calendar:0', 'announce:0', 'todo:0']);
  });

  it('refuses unknown or repeated modules and malformed lists', async () => {
    expect((await staff.post('/api/system/home/my/modules', [{ id: 'nope', selected: true }])).body).toMatchObject({ code: 400, msg: '未知的首页模块：nope' });
    expect((await staff.post('/api/system/home/my/modules', [{ id: 'messages', selected: true }, { id: 'messages', selected: false }])).status).toBe(400);
    expect((await staff.post('/api/system/home/my/modules', [{ id: 'messages', selected: 'yes' }])).status).toBe(400);
    expect((await staff.post('/api/system/home/my/modules', { id: 'messages' })).status).toBe(400);
  });
});
