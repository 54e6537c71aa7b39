/**
 * 审批期限 (issue 30 item 2, ADR 1049): due times on the working-day calendar, and the scheduler
 * firing 仅提醒 / 自动通过 / 转交上级 once each, across a restart and with two app instances on one
 * database, never for a task approved in the meantime. The clock is the apps' fake one; a scan is
 * `app.flowDeadlines.tick()` (the apps' own timers scan with the same clock and change nothing
 * the assertions count: every firing is taken by a conditional update).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import type { NodeDeadline } from '../../../src/shared/flows/nodeDeadline.js';
import type { SketchFlow, SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { act, deploy, flowWorld, onlyTask, status, submit, todo, type FlowWorld } from './flowSupport.js';

/** Local (UTC+8, the default calendar's offset) wall-clock time → instant. */
const local = (text: string) => new Date(`${text}+08:00`);
let clock = local('2026-05-08T17:00:00'); // a Friday
const now = () => clock;

let t: TestApp;
let w: FlowWorld;
const extra: { app?: FastifyInstance; database?: AppDatabase }[] = [];

beforeAll(async () => {
  t = await createTestApp({ now });
  w = await flowWorld(t);
  // Monday 2026-05-11 is a holiday (放假): deadlines skip it as they skip the weekend.
  const r = await w.call(w.admin, 'POST', '/api/system/calendar', {
    workDays: [1, 2, 3, 4, 5], periods: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '18:00' }],
    exceptions: [{ date: '2026-05-11', working: false, name: '调休' }], utcOffsetMinutes: 480,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}, 120_000);
afterAll(async () => {
  for (const e of extra) {
    await e.app?.close();
    await e.database?.close();
  }
  await t?.close();
});

/** start → one timed node (`id`, assignee rule) → boss → end. */
function timed(deadline: NodeDeadline, assigneeType: SketchNode['assigneeType'] = 'starterLeader', assignee?: string): { nodes: SketchNode[]; flows: SketchFlow[] } {
  return {
    nodes: [{ id: 'start', kind: 'start' }, { id: 'leader', kind: 'userTask', name: '部门审批', assigneeType, assignee, deadline },
      { id: 'bossApprove', kind: 'userTask', name: 'bossApprove', assigneeType: 'user', assignee: 'boss' }, { id: 'end', kind: 'end' }],
    flows: [{ id: 'f1', from: 'start', to: 'leader' }, { id: 'f2', from: 'leader', to: 'bossApprove' }, { id: 'f3', from: 'bossApprove', to: 'end' }],
  };
}

async function history(recordId: number) {
  const r = await sql<{ action: string; comment: string; target: string; task_id: string | null }>`SELECT h.action, h.comment, h.target, h.task_id FROM flow_history h
    JOIN flow_instances i ON i.id = h.instance_id WHERE i.form_name = 'flow_expense' AND i.record_id = ${recordId} ORDER BY h.id`.execute(t.db);
  return r.rows;
}

async function messages(user: keyof FlowWorld['ids'], titlePrefix: string): Promise<string[]> {
  const r = await sql<{ title: string }>`SELECT title FROM messages WHERE user_id = ${w.ids[user]} AND title LIKE ${`${titlePrefix}%`} ORDER BY id`.execute(t.db);
  return r.rows.map((x) => x.title);
}

/** A second app on the same database: on PostgreSQL with its own pool, as a second process would have. */
async function anotherApp(): Promise<FastifyInstance> {
  let database = t.database;
  if (testDatabaseKind() === 'postgres') {
    const name = (await sql<{ n: string }>`SELECT current_database() AS n`.execute(t.db)).rows[0].n;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
    extra.push({ database });
  }
  const app = await buildApp({ config: t.config, database, logger: false, now });
  await app.ready();
  extra.push({ app });
  return app;
}

describe('审批期限', () => {
  it('due over a weekend and a holiday; the reminder before it and 仅提醒 each fire once', async () => {
    clock = local('2026-05-08T17:00:00');
    await deploy(w, timed({ amount: 2, unit: 'hour', action: 'remind', notifyStarter: true, remindBeforeHours: 1 }));
    const id = await submit(w, 'emp', { title: '期限提醒', amount: 1 });
    const task = await onlyTask(w, 'lead', id);
    // Fri 17:00–18:00 is one working hour; Sat, Sun and the Monday holiday none; Tue 09:00–10:00 the second.
    expect(new Date(task.dueTime).toISOString()).toBe(local('2026-05-12T10:00:00').toISOString());
    expect(task.overdue).toBe(false);

    clock = local('2026-05-08T17:59:00');
    await w.app.flowDeadlines.tick();
    expect(await messages('lead', '即将超时')).toHaveLength(0);
    // One working hour left: Friday 18:00.
    clock = local('2026-05-08T18:00:10');
    await w.app.flowDeadlines.tick();
    await w.app.flowDeadlines.tick();
    expect(await messages('lead', '即将超时')).toHaveLength(1);
    expect((await history(id)).filter((h) => h.action === 'timeout')).toHaveLength(0);

    clock = local('2026-05-12T10:00:30');
    await w.app.flowDeadlines.tick();
    await w.app.flowDeadlines.tick();
    expect((await history(id)).filter((h) => h.action === 'timeout')).toHaveLength(1);
    expect(await messages('lead', '已超时')).toHaveLength(1);
    expect(await messages('emp', '已超时')).toHaveLength(1);
    // 仅提醒 leaves the task where it was, marked 已超时.
    const still = await onlyTask(w, 'lead', id);
    expect(still.overdue).toBe(true);
    expect((await act(w, 'lead', 'complete', { taskId: still.taskId })).status).toBe(200);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
  });

  it('自动通过 fires once and moves the flow on', async () => {
    clock = local('2026-05-13T09:00:00');
    await deploy(w, timed({ amount: 1, unit: 'day', action: 'autoApprove' }));
    const id = await submit(w, 'emp', { title: '期限自动通过', amount: 1 });
    // One working day is one day's working time (8 h): Wed 09:00 + 1 day is Wed 18:00.
    expect(new Date((await onlyTask(w, 'lead', id)).dueTime).toISOString()).toBe(local('2026-05-13T18:00:00').toISOString());
    clock = local('2026-05-13T18:00:20');
    await Promise.all([w.app.flowDeadlines.tick(), w.app.flowDeadlines.tick()]);
    await w.app.flowDeadlines.tick();
    const autos = (await history(id)).filter((h) => h.action === 'auto' && h.task_id !== null);
    expect(autos).toHaveLength(1);
    expect(await todo(w, 'lead', id)).toHaveLength(0);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
    // The starter can no longer withdraw: the system acted for the node.
    const inst = (await sql<{ id: string }>`SELECT id FROM flow_instances WHERE record_id = ${id} AND form_name = 'flow_expense'`.execute(t.db)).rows[0].id;
    expect((await act(w, 'emp', 'revokeProcess', { instanceId: Number(inst) })).status).toBe(409);
  });

  it('转交上级 moves the task to the assignee\'s department leader once', async () => {
    clock = local('2026-05-13T10:00:00');
    await deploy(w, timed({ amount: 3, unit: 'hour', action: 'escalate', escalate: { kind: 'leader' } }, 'user', 'c1'));
    const id = await submit(w, 'emp', { title: '期限转交', amount: 1 });
    await onlyTask(w, 'c1', id);
    clock = local('2026-05-13T14:00:00');
    await w.app.flowDeadlines.tick();
    await w.app.flowDeadlines.tick();
    const timeouts = (await history(id)).filter((h) => h.action === 'timeout');
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0].target).toBe('用户lead');
    expect(await todo(w, 'c1', id)).toHaveLength(0);
    const moved = await onlyTask(w, 'lead', id);
    expect(moved.overdue).toBe(true);
    expect((await act(w, 'lead', 'complete', { taskId: moved.taskId })).status).toBe(200);
  });

  it('转交上级 to a role moves the task to the role\'s first active member (lowest id) other than the assignee', async () => {
    clock = local('2026-05-13T10:00:00');
    await deploy(w, timed({ amount: 1, unit: 'hour', action: 'escalate', escalate: { kind: 'role', value: 'checker' } }, 'user', 'c1'));
    const id = await submit(w, 'emp', { title: '期限转交角色', amount: 1 });
    await onlyTask(w, 'c1', id);
    clock = local('2026-05-13T11:00:30');
    await w.app.flowDeadlines.tick();
    // c1, c2 and c3 hold 复核; c1 is the assignee, so c2 (the next lowest id) takes it.
    expect((await history(id)).filter((h) => h.action === 'timeout').map((h) => h.target)).toEqual(['用户c2']);
    expect(await todo(w, 'c1', id)).toHaveLength(0);
    const moved = await onlyTask(w, 'c2', id);
    expect(moved.overdue).toBe(true);
    // The task page shows 到期时间 and 已超时 as 我的待办 does.
    const view = (await w.call(w.tokens.c2, 'GET', `/api/flowable/task/${moved.taskId}`)).json.data;
    expect(view).toMatchObject({ canAct: true, overdue: true });
    expect(new Date(view.dueTime).toISOString()).toBe(local('2026-05-13T11:00:00').toISOString());
  });

  it('转交上级 never gives a second task of the node entry (ADR 1066): a named holder leaves a reminder, a role passes to its next member', async () => {
    clock = local('2026-05-13T10:00:00');
    const deadline: NodeDeadline = { amount: 1, unit: 'hour', action: 'escalate', escalate: { kind: 'user', value: 'c2' } };
    await deploy(w, {
      nodes: [{ id: 'start', kind: 'start' }, { id: 'check', kind: 'userTask', name: '会签复核', assigneeType: 'role', assignee: 'checker', countersign: 'all', deadline }, { id: 'end', kind: 'end' }],
      flows: [{ id: 'f1', from: 'start', to: 'check' }, { id: 'f2', from: 'check', to: 'end' }],
    });
    const id = await submit(w, 'emp', { title: '期限转交会签', amount: 1 });
    clock = local('2026-05-13T11:00:30');
    await w.app.flowDeadlines.tick();
    await w.app.flowDeadlines.tick();
    // c1's and c3's target c2 holds a task of the entry; c2's own task has nobody else to go to.
    expect((await history(id)).filter((h) => h.action === 'timeout').map((h) => [h.comment, h.target])).toEqual([
      ['审批已超时，转交对象已是当前节点的审批人，已提醒处理人', ''],
      ['审批已超时，找不到可转交的人，已提醒处理人', ''],
      ['审批已超时，转交对象已是当前节点的审批人，已提醒处理人', ''],
    ]);
    for (const u of ['c1', 'c2', 'c3'] as const) await onlyTask(w, u, id);

    // A role: c1 approved the entry (after-sign), so c2's overdue task passes over c1 to c3.
    clock = local('2026-05-14T09:00:00');
    await deploy(w, timed({ amount: 1, unit: 'hour', action: 'escalate', escalate: { kind: 'role', value: 'checker' } }, 'user', 'c1'));
    const id2 = await submit(w, 'emp', { title: '期限转交角色下一位', amount: 1 });
    expect((await act(w, 'c1', 'addSign', { taskId: (await onlyTask(w, 'c1', id2)).taskId, userIds: [w.ids.c2], position: 'after' })).status).toBe(200);
    clock = local('2026-05-14T10:00:30');
    await w.app.flowDeadlines.tick();
    expect((await history(id2)).filter((h) => h.action === 'timeout').map((h) => h.target)).toEqual(['用户c3']);
    expect(await todo(w, 'c2', id2)).toHaveLength(0);
    expect((await act(w, 'c3', 'complete', { taskId: (await onlyTask(w, 'c3', id2)).taskId })).status).toBe(200);
    await onlyTask(w, 'boss', id2);
  });

  it('加签 gives the added signers the node\'s 审批期限, counted from the add-sign; 自动通过 only reminds them', async () => {
    clock = local('2026-05-14T09:00:00');
    await deploy(w, timed({ amount: 2, unit: 'hour', action: 'autoApprove' }));
    const id = await submit(w, 'emp', { title: '期限加签', amount: 1 });
    const own = await onlyTask(w, 'lead', id);
    expect(new Date(own.dueTime).toISOString()).toBe(local('2026-05-14T11:00:00').toISOString());
    clock = local('2026-05-14T10:30:00');
    expect((await act(w, 'lead', 'addSign', { taskId: own.taskId, userIds: [w.ids.c2], position: 'before' })).status).toBe(200);
    // 10:30 + 2 working hours, the lunch break 12:00–13:00 not counted: 13:30.
    expect(new Date((await onlyTask(w, 'c2', id)).dueTime).toISOString()).toBe(local('2026-05-14T13:30:00').toISOString());
    expect((await act(w, 'c2', 'complete', { taskId: (await onlyTask(w, 'c2', id)).taskId })).status).toBe(200);
    const back = await onlyTask(w, 'lead', id);
    clock = local('2026-05-14T10:45:00');
    expect((await act(w, 'lead', 'addSign', { taskId: back.taskId, userIds: [w.ids.c3], position: 'after' })).status).toBe(200);
    expect(new Date((await onlyTask(w, 'c3', id)).dueTime).toISOString()).toBe(local('2026-05-14T13:45:00').toISOString());
    // Past its due time the added signer is reminded, once, and still asked: the flow waits for c3.
    clock = local('2026-05-14T13:46:00');
    await w.app.flowDeadlines.tick();
    await w.app.flowDeadlines.tick();
    expect(await messages('c3', '已超时：报销单：期限加签')).toHaveLength(1);
    const still = await onlyTask(w, 'c3', id);
    expect(still.overdue).toBe(true);
    expect(await todo(w, 'boss', id)).toHaveLength(0);
    expect((await act(w, 'c3', 'complete', { taskId: still.taskId })).status).toBe(200);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
  });

  it('a task approved before its due time is not fired', async () => {
    clock = local('2026-05-13T10:00:00');
    await deploy(w, timed({ amount: 1, unit: 'hour', action: 'autoApprove' }));
    const id = await submit(w, 'emp', { title: '期限已批', amount: 1 });
    expect((await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId })).status).toBe(200);
    clock = local('2026-05-20T10:00:00');
    await w.app.flowDeadlines.tick();
    expect((await history(id)).filter((h) => h.action === 'timeout' || (h.action === 'auto' && h.task_id !== null))).toHaveLength(0);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
  });

  it('two app instances on one database: exactly one fires', async () => {
    clock = local('2026-05-21T09:00:00');
    await deploy(w, timed({ amount: 2, unit: 'hour', action: 'autoApprove' }));
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(w, 'emp', { title: `双实例${i}`, amount: 1 }));
    const other = await anotherApp();
    clock = local('2026-05-21T11:00:05');
    await Promise.all([w.app.flowDeadlines.tick(), other.flowDeadlines.tick(), w.app.flowDeadlines.tick(), other.flowDeadlines.tick()]);
    for (const id of ids) {
      expect((await history(id)).filter((h) => h.action === 'auto' && h.task_id !== null)).toHaveLength(1);
      expect(await todo(w, 'boss', id)).toHaveLength(1);
    }
  });

  it('a restart between set-up and firing still fires once', async () => {
    clock = local('2026-05-22T09:00:00');
    await deploy(w, timed({ amount: 1, unit: 'hour', action: 'autoApprove' }));
    const id = await submit(w, 'emp', { title: '期限重启', amount: 1 });
    await onlyTask(w, 'lead', id);
    // The app goes away before the due time; a new one on the same database takes over.
    await t.app.close();
    const app = await anotherApp();
    w.app = app;
    clock = local('2026-05-22T10:00:30');
    await app.flowDeadlines.tick();
    await app.flowDeadlines.tick();
    expect((await history(id)).filter((h) => h.action === 'auto' && h.task_id !== null)).toHaveLength(1);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
    expect(await status(w, id)).toBe(0);
  });
});
