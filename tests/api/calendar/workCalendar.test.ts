/**
 * 工作日历 and the document functions (issue 34 item 5, spec 02 §7): the default calendar, an
 * administrator's calendar with holidays and a make-up day changing the answers of
 * POST /api/custom/function/execute, tenants kept apart, and the 400s. 2026-11-23 is a Monday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { sql } from 'kysely';
import { m196CalendarMenu } from '../../../src/server/db/migrations/196_calendar_menu.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let otherAdmin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, await t.login());
  staff = as(t, await t.login('DEFAULT', 'staff'));
  otherAdmin = as(t, await t.login('T2'));
});
afterAll(async () => {
  await t?.close();
});

const run = (who: ReturnType<typeof as>, action: string, params: unknown) => who.post('/api/custom/function/execute', { action, params });
const DEFAULT = {
  workDays: [1, 2, 3, 4, 5],
  periods: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  exceptions: [],
  utcOffsetMinutes: 480,
};

describe('document functions on the default calendar', () => {
  it('answers work time, time including rest and the overtime date in data', async () => {
    expect((await run(staff, 'workTime', ['2026-11-23 10:30', '2026-11-23 14:15', 'hour'])).body).toMatchObject({ code: 200, data: 2.75 });
    expect((await run(staff, 'workTimeWithRest', ['2026-11-23 10:30', '2026-11-23 14:15', 'hour'])).body).toMatchObject({ code: 200, data: 3.75 });
    expect((await run(staff, 'workTime', ['2026-11-27 17:00', '2026-11-30 10:00', 'hour'])).body.data).toBe(2);
    expect((await run(staff, 'overtimeDate', ['2026-11-27 17:00', 2, 'hour'])).body).toMatchObject({ code: 200, data: '2026-11-30 10:00:00' });
    expect((await run(staff, 'overtimeDate', ['2026-11-27 17:00', '1', 'day'])).body.data).toBe('2026-11-30 17:00:00');
  });

  it('refuses anything but three non-empty params, in Chinese', async () => {
    for (const params of [undefined, [], ['2026-11-23', '2026-11-24'], ['2026-11-23', '', 'hour'], ['2026-11-23', null, 'hour'], ['a', 'b', 'c', 'd']]) {
      const res = await run(staff, 'workTime', params);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('需要三个非空参数');
    }
    const bad = await run(staff, 'workTime', ['2026-02-30', '2026-03-01', 'hour']);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('第 1 个参数「2026-02-30」不是有效的时间');
    const reversed = await run(staff, 'workTime', ['2026-03-03', '2026-03-02', 'hour']);
    expect(reversed.body.msg).toBe('结束时间不能早于开始时间');
    const unknown = await run(staff, 'payroll', ['a', 'b', 'c']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('workTime');
  });

  it('needs a signed-in user', async () => {
    expect((await run(as(t, null), 'workTime', ['2026-11-23 10:30', '2026-11-23 14:15', 'hour'])).status).toBe(401);
  });
});

describe('the calendar administration', () => {
  it('shows the default until one is saved, to administrators only', async () => {
    expect((await admin.get('/api/system/calendar')).body).toMatchObject({ code: 200, data: { ...DEFAULT, saved: false } });
    expect((await staff.get('/api/system/calendar')).status).toBe(403);
    expect((await staff.post('/api/system/calendar', DEFAULT)).status).toBe(403);
  });

  it('saves holidays and a make-up day that change the answers of this tenant only', async () => {
    const holidays = {
      ...DEFAULT,
      exceptions: [
        { date: '2026-11-30', working: false, name: '公司假日' },
        { date: '2026-11-28', working: true, name: '调休上班' },
      ],
    };
    const saved = await admin.post('/api/system/calendar', holidays);
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功', data: { saved: true } });
    // Sorted by date when saved.
    expect(saved.body.data.exceptions.map((x: { date: string }) => x.date)).toEqual(['2026-11-28', '2026-11-30']);
    expect((await admin.get('/api/system/calendar')).body.data).toMatchObject({ ...holidays, exceptions: saved.body.data.exceptions, saved: true });
    // Fri 17–18, the make-up Saturday (8 h), Monday off, Tue 09–10.
    expect((await run(staff, 'workTime', ['2026-11-27 17:00', '2026-12-01 10:00', 'hour'])).body.data).toBe(10);
    expect((await run(staff, 'overtimeDate', ['2026-11-28 17:00', '2', 'hour'])).body.data).toBe('2026-12-01 10:00:00');
    // The other tenant still works by the default calendar: Saturday off, Monday worked.
    const weekend = ['2026-11-28 00:00', '2026-11-29 23:59', 'hour'];
    const monday = ['2026-11-30 00:00', '2026-11-30 23:59', 'hour'];
    expect((await run(staff, 'workTime', weekend)).body.data).toBe(8);
    expect((await run(otherAdmin, 'workTime', weekend)).body.data).toBe(0);
    expect((await run(staff, 'workTime', monday)).body.data).toBe(0);
    expect((await run(otherAdmin, 'workTime', monday)).body.data).toBe(8);
    expect((await otherAdmin.get('/api/system/calendar')).body.data.saved).toBe(false);
    const log = await t.db.selectFrom('oper_log').select('title').where('title', '=', '工作日历').execute();
    expect(log).toHaveLength(1);
  });

  it('refuses a calendar that is not sound, with clear 400s', async () => {
    const refuse = async (body: unknown, msg: string) => {
      const res = await admin.post('/api/system/calendar', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(msg);
    };
    await refuse({ ...DEFAULT, periods: [{ start: '09:00', end: '12:00' }, { start: '11:30', end: '18:00' }] }, '工作时段须按时间先后排列且不重叠');
    await refuse({ ...DEFAULT, periods: [{ start: '14:00', end: '10:00' }] }, '工作时段「14:00–10:00」的开始须早于结束');
    await refuse({ ...DEFAULT, periods: [{ start: '25:00', end: '26:00' }] }, '工作时段「25:00–26:00」的时间不正确');
    await refuse({ ...DEFAULT, exceptions: [{ date: '2026/10/01', working: false }] }, '例外日期「2026/10/01」不正确');
    await refuse({ ...DEFAULT, periods: [] }, '工作时段至少需要1项');
    await refuse({ ...DEFAULT, workDays: [1, 1] }, '工作日须为 1–7（周一至周日）且不重复');
    await refuse({ ...DEFAULT, workDays: [8] }, '工作日第1项不能大于7');
    await refuse({ ...DEFAULT, exceptions: [{ date: '2026-02-30', working: false }] }, '例外日期「2026-02-30」不正确');
    const many = Array.from({ length: 401 }, (_, i) => ({ date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10), working: false }));
    await refuse({ ...DEFAULT, exceptions: many }, '例外日期最多 400 个');
    await refuse({ ...DEFAULT, color: 'red' }, '不支持的字段：color');
    // Nothing of it was saved: the calendar of the previous test stands.
    expect((await admin.get('/api/system/calendar')).body.data.exceptions).toHaveLength(2);
  });

  it('offers 工作日历 in the 系统管理 menu to administrators, also for a tenant seeded before it (migration 196)', async () => {
    const routers = (await admin.get('/api/getRouters')).body.data as { path: string; children?: { component?: string; meta: { title: string } }[] }[];
    expect(routers.find((r) => r.path === '/system')!.children!.find((c) => c.meta.title === '工作日历')).toMatchObject({ component: 'system/calendar/index' });
    expect(JSON.stringify((await staff.get('/api/getRouters')).body.data)).not.toContain('工作日历');
    const entries = async () => (await sql<{ tenant: string; order_num: number; last: number }>`SELECT tn.code AS tenant, m.order_num,
      (SELECT max(s.order_num) FROM menus s WHERE s.parent_id = m.parent_id AND s.tenant_id = m.tenant_id) AS last
      FROM menus m JOIN tenants tn ON tn.id = m.tenant_id WHERE m.path = '/system/calendar' ORDER BY tn.code`.execute(t.db)).rows;
    await sql`DELETE FROM menus WHERE path = '/system/calendar' AND tenant_id = (SELECT id FROM tenants WHERE code = 'T2')`.execute(t.db);
    await m196CalendarMenu.up(t.db);
    const after = await entries();
    expect(after.map((m) => m.tenant)).toEqual(['DEFAULT', 'T2']);
    // Added last in T2's group, once.
    expect(Number(after[1].order_num)).toBe(Number(after[1].last));
    await m196CalendarMenu.up(t.db);
    expect(await entries()).toEqual(after);
  });
});
