/** 我的日程, 滚动公告 and 常用功能 (spec 02 §7 "Messages and home") on the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Entry = { id: number; title: string; content: string; startTime: string; endTime: string; allDay: boolean };
const list = async (who: ReturnType<typeof as>, start = '2026-03-01', end = '2026-03-31') => {
  const res = await who.get(`/api/system/userCalendar/list?start=${start}&end=${end}`);
  expect(res.status).toBe(200);
  return res.body.data as Entry[];
};

describe('my calendar', () => {
  it('adds, lists by range and edits the own entries', async () => {
    const add = await staff.post('/api/system/userCalendar/add', { title: ' 周会 ', content: '项目进度', startTime: '2026-03-10 09:00', endTime: '2026-03-10 10:30:00' });
    expect(add.body).toMatchObject({ code: 200, msg: '新增成功', data: { title: '周会', startTime: '2026-03-10 09:00:00', endTime: '2026-03-10 10:30:00', allDay: false } });
    const allDay = await staff.post('/api/system/userCalendar/add', { title: '出差', startTime: '2026-03-31', endTime: '2026-04-02 08:00', allDay: true });
    expect(allDay.body.data).toMatchObject({ startTime: '2026-03-31 00:00:00', endTime: '2026-04-02 23:59:59', allDay: true });
    await staff.post('/api/system/userCalendar/add', { title: '下月计划', startTime: '2026-04-15 14:00' });
    expect((await list(staff)).map((e) => e.title)).toEqual(['周会', '出差']);
    // The trip overlaps April too; the single-time entry ends when it starts.
    expect((await list(staff, '2026-04-01', '2026-04-30')).map((e) => [e.title, e.endTime])).toEqual([
      ['出差', '2026-04-02 23:59:59'],
      ['下月计划', '2026-04-15 14:00:00'],
    ]);
    const id = add.body.data.id as number;
    const edit = await staff.post('/api/system/userCalendar/edit', { id, title: '周会（改）', content: '', startTime: '2026-03-11 09:00:00', endTime: '2026-03-11 09:30:00', allDay: false });
    expect(edit.body).toMatchObject({ code: 200, msg: '修改成功', data: { id, title: '周会（改）', startTime: '2026-03-11 09:00:00' } });
    expect((await list(staff, '2026-03-11', '2026-03-11')).map((e) => e.title)).toEqual(['周会（改）']);
    const log = await t.db.selectFrom('oper_log').select(['title', 'business_type']).where('title', '=', '我的日程').execute();
    expect(log.map((l) => l.business_type).sort()).toEqual([1, 1, 1, 2]);
  });

  it("never lists, edits or deletes another user's entry, in the same tenant or another", async () => {
    const mine = (await list(staff))[0];
    expect(await list(admin)).toEqual([]);
    expect(await list(otherTenant)).toEqual([]);
    for (const who of [admin, otherTenant]) {
      const edit = await who.post('/api/system/userCalendar/edit', { id: mine.id, title: '篡改', startTime: '2026-03-01 08:00' });
      expect(edit.status).toBe(404);
      expect(edit.body.msg).toBe('访问资源不存在');
      expect((await who.post('/api/system/userCalendar/delete', { id: mine.id })).status).toBe(404);
    }
    expect((await list(staff))[0]).toMatchObject({ id: mine.id, title: mine.title });
    expect((await staff.post('/api/system/userCalendar/edit', { id: 999_999, title: 'x', startTime: '2026-03-01' })).status).toBe(404);
  });

  it('deletes an own entry', async () => {
    const res = await admin.post('/api/system/userCalendar/add', { title: '临时', startTime: '2026-03-05 10:00' });
    expect((await list(admin)).map((e) => e.title)).toEqual(['临时']);
    expect((await admin.post('/api/system/userCalendar/delete', { id: res.body.data.id })).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await list(admin)).toEqual([]);
  });

  it('refuses bad input with clear 400s', async () => {
    const bad = async (body: Record<string, unknown>, msg: string) => {
      const res = await staff.post('/api/system/userCalendar/add', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    await bad({ title: '  ', startTime: '2026-03-01' }, '标题不能为空');
    await bad({ startTime: '2026-03-01' }, '标题不能为空');
    await bad({ title: '长'.repeat(101), startTime: '2026-03-01' }, '标题长度不能超过100个字符');
    await bad({ title: 'a', content: '长'.repeat(2001), startTime: '2026-03-01' }, '内容长度不能超过2000个字符');
    await bad({ title: 'a' }, '开始时间不能为空');
    await bad({ title: 'a', startTime: '2026-02-30 10:00' }, '开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
    await bad({ title: 'a', startTime: '2026-03-01 10:00', endTime: '明天' }, '结束时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
    await bad({ title: 'a', startTime: '2026-03-02 10:00', endTime: '2026-03-02 09:59' }, '结束时间不能早于开始时间');
    expect((await staff.post('/api/system/userCalendar/add', { title: 'a', startTime: '2026-03-01', extra: 1 })).status).toBe(400);
    expect((await staff.post('/api/system/userCalendar/edit', { title: 'a', startTime: '2026-03-01' })).status).toBe(400);
    expect((await staff.get('/api/system/userCalendar/list?start=2026-3-1&end=2026-03-31')).body).toMatchObject({ code: 400, msg: '日期格式不正确，应为 YYYY-MM-DD' });
    expect((await staff.get('/api/system/userCalendar/list?start=2026-03-31&end=2026-03-01')).body).toMatchObject({ code: 400, msg: '结束日期不能早于开始日期' });
    expect((await staff.get('/api/system/userCalendar/list?start=2024-01-01&end=2026-03-01')).body.code).toBe(400);
    expect((await as(t, null).get('/api/system/userCalendar/list')).status).toBe(401);
    // The current month by default.
    expect((await staff.get('/api/system/userCalendar/list')).body.code).toBe(200);
  });
});

type Announce = { id: number; content: string; startDate: string | null; endDate: string | null; status: string; sort: number; createBy: string };
const announcements = async (who: ReturnType<typeof as>, query = '') => {
  const res = await who.get(`/api/rollingAnnounce/list${query}`);
  expect(res.status).toBe(200);
  return res.body.data as Announce[];
};
const ymd = (offsetDays: number) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('rolling announcements', () => {
  it("lists the tenant's seeded announcements by sort, and never another tenant's", async () => {
    const mine = await announcements(staff);
    expect(mine).toHaveLength(3);
    expect(mine[0].content).toContain('华建工程有限公司');
    expect(mine.map((a) => a.sort)).toEqual([0, 1, 2]);
    const theirs = await announcements(otherTenant);
    expect(theirs[0].content).toContain('宏远建设集团');
    expect(theirs.map((a) => a.id).filter((i) => mine.some((m) => m.id === i))).toEqual([]);
    expect(await announcements(staff, '?limit=2')).toHaveLength(2);
    expect((await staff.get('/api/rollingAnnounce/list?limit=0')).status).toBe(400);
  });

  it('shows only shown announcements within their dates, newest first among equals', async () => {
    const add = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/rollingAnnounce/add', { sort: 5, ...body });
      expect(res.body).toMatchObject({ code: 200, msg: '新增成功' });
      return res.body.data as Announce;
    };
    const current = await add({ content: '本周有效', startDate: ymd(-1), endDate: ymd(1) });
    const today = await add({ content: '仅今天', startDate: ymd(0), endDate: ymd(0) });
    await add({ content: '已过期', startDate: ymd(-10), endDate: ymd(-1) });
    await add({ content: '尚未开始', startDate: ymd(1) });
    await add({ content: '已停用', status: '1' });
    expect(today).toMatchObject({ startDate: ymd(0), endDate: ymd(0), status: '0', createBy: 'admin' });
    const shown = (await announcements(staff)).map((a) => a.content);
    expect(shown.slice(3)).toEqual(['仅今天', '本周有效']);
    expect(shown).not.toContain('已过期');
    expect(shown).not.toContain('尚未开始');
    expect(shown).not.toContain('已停用');
    expect((await announcements(otherTenant)).map((a) => a.content)).not.toContain('本周有效');
    // Edit moves it out of date; the other tenant cannot edit or delete it.
    const edit = await admin.post('/api/rollingAnnounce/edit', { id: current.id, content: '本周有效（改）', startDate: ymd(-5), endDate: ymd(-2), status: '0', sort: 5 });
    expect(edit.body).toMatchObject({ code: 200, msg: '修改成功', data: { content: '本周有效（改）' } });
    expect((await announcements(staff)).map((a) => a.content)).not.toContain('本周有效（改）');
    expect((await otherTenant.post('/api/rollingAnnounce/edit', { id: today.id, content: 'x' })).status).toBe(404);
    expect((await otherTenant.post('/api/rollingAnnounce/delete', [today.id])).status).toBe(404);
    const page = (await admin.get('/api/rollingAnnounce/page?pageNum=1&pageSize=50')).body;
    expect(page.total).toBe(8);
    expect(page.rows.map((a: Announce) => a.content)).toContain('已过期');
    expect((await admin.post('/api/rollingAnnounce/delete', [today.id])).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await announcements(staff)).map((a) => a.content)).not.toContain('仅今天');
    const log = await t.db.selectFrom('oper_log').select('business_type').where('title', '=', '滚动公告').execute();
    expect(log.map((l) => l.business_type).sort()).toEqual([1, 1, 1, 1, 1, 2, 3]);
  });

  it('lets only holders of the announce permissions administer, with clear 400s', async () => {
    expect((await staff.post('/api/rollingAnnounce/add', { content: '越权' })).status).toBe(403);
    expect((await staff.get('/api/rollingAnnounce/page')).status).toBe(403);
    const first = (await announcements(staff))[0];
    expect((await staff.post('/api/rollingAnnounce/edit', { id: first.id, content: '越权' })).status).toBe(403);
    expect((await staff.post('/api/rollingAnnounce/delete', [first.id])).status).toBe(403);
    const bad = async (body: Record<string, unknown>, msg: string) => {
      const res = await admin.post('/api/rollingAnnounce/add', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    await bad({ content: ' ' }, '公告内容不能为空');
    await bad({ content: '长'.repeat(501) }, '公告内容长度不能超过500个字符');
    await bad({ content: 'a', startDate: '2026/01/01' }, '开始日期格式不正确，应为 YYYY-MM-DD');
    await bad({ content: 'a', endDate: '2026-02-30' }, '结束日期格式不正确，应为 YYYY-MM-DD');
    await bad({ content: 'a', startDate: '2026-03-02', endDate: '2026-03-01' }, '结束日期不能早于开始日期');
    expect((await admin.post('/api/rollingAnnounce/add', { content: 'a', status: '2' })).status).toBe(400);
    expect((await admin.post('/api/rollingAnnounce/delete', [])).status).toBe(400);
  });
});

type Router = { menuId: number; path: string; component: string; meta: { title: string }; children?: Router[] };
const leaves = (list: Router[]): Router[] => list.flatMap((r) => (r.children ? leaves(r.children) : [r]));
const menusOf = async (who: ReturnType<typeof as>) => leaves((await who.get('/api/getRouters')).body.data as Router[]);
type Common = { menuId: number; title: string; path: string; count: number };
const common = async (who: ReturnType<typeof as>, body: Record<string, unknown> = { bizType: 2, pageNo: 1, pageSize: 999 }) => {
  const res = await who.post('/api/myCommonInfo/page/get', body);
  expect(res.status).toBe(200);
  return res.body as { rows: Common[]; total: number };
};

describe('my common info (most visited menus)', () => {
  it('counts visits per user and answers the most visited first, paged', async () => {
    expect(await common(staff)).toMatchObject({ code: 200, rows: [], total: 0 });
    const menus = await menusOf(staff);
    const messages = menus.find((m) => m.meta.title === '消息中心')!;
    const contracts = menus.find((m) => m.path.includes('contract_ledger'))!;
    expect(contracts).toBeTruthy();
    for (const menuId of [messages.menuId, contracts.menuId, contracts.menuId, contracts.menuId, messages.menuId]) {
      expect((await staff.post('/api/myCommonInfo/visit', { menuId })).body).toMatchObject({ code: 200 });
    }
    const admins = await menusOf(admin);
    await admin.post('/api/myCommonInfo/visit', { menuId: admins.find((m) => m.meta.title === '消息中心')!.menuId });
    const res = await common(staff);
    expect(res.total).toBe(2);
    expect(res.rows.map((r) => [r.title, r.count])).toEqual([
      [contracts.meta.title, 3],
      ['消息中心', 2],
    ]);
    expect(res.rows[0].path).toBe(`/auto/contract_ledger?menuId=${contracts.menuId}`);
    expect(res.rows[1].path).toBe(`/msg/detail?menuId=${messages.menuId}`);
    const second = await common(staff, { bizType: 2, pageNo: 2, pageSize: 1 });
    expect(second.total).toBe(2);
    expect(second.rows.map((r) => r.title)).toEqual(['消息中心']);
    expect((await common(admin)).rows.map((r) => [r.title, r.count])).toEqual([['消息中心', 1]]);
    expect((await common(otherTenant)).total).toBe(0);
  });

  it('refuses menus the user may not see, another tenant’s menus and other bizTypes', async () => {
    const staffIds = new Set((await menusOf(staff)).map((m) => m.menuId));
    const adminOnly = (await menusOf(admin)).find((m) => !staffIds.has(m.menuId))!;
    expect(adminOnly).toBeTruthy();
    const refused = await staff.post('/api/myCommonInfo/visit', { menuId: adminOnly.menuId });
    expect(refused).toMatchObject({ status: 404, body: { msg: '菜单不存在或无权访问' } });
    const t2Menu = (await menusOf(otherTenant))[0];
    expect((await staff.post('/api/myCommonInfo/visit', { menuId: t2Menu.menuId })).status).toBe(404);
    expect((await staff.post('/api/myCommonInfo/visit', { menuId: 'x' })).status).toBe(400);
    expect((await staff.post('/api/myCommonInfo/page/get', { bizType: 1 })).body).toMatchObject({ code: 400, msg: '不支持的常用信息类型：1' });
    expect((await staff.post('/api/myCommonInfo/page/get', {})).status).toBe(400);
    expect((await staff.post('/api/myCommonInfo/page/get', { bizType: 2, pageSize: 1000 })).status).toBe(400);
    // A visited menu the user loses drops out of the answer.
    const messages = (await common(staff)).rows.find((r) => r.title === '消息中心')!;
    const tenantId = (await t.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('menus').set({ status: '1' }).where('id', '=', messages.menuId).where('tenant_id', '=', tenantId).execute();
    try {
      expect((await common(staff)).rows.map((r) => r.title)).not.toContain('消息中心');
    } finally {
      await t.db.updateTable('menus').set({ status: '0' }).where('id', '=', messages.menuId).execute();
    }
  });
});
