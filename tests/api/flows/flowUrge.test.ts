/**
 * Issue 30 item 2, 催办: the starter urges the current assignees of a running instance from
 * 我发起的; each open task once an hour (a Chinese 429 otherwise), with a 消息中心 message to each
 * assignee and a history entry per task. The hour is checked with a moved clock, not a sleep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import type { AuthUser } from '../../../src/server/auth/types.js';
import { urge } from '../../../src/server/flows/services/urge.js';
import { HttpError } from '../../../src/server/http/HttpError.js';
import { act, deploy, flowWorld, FORM, onlyTask, SKETCHES, submit, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
  await deploy(w, SKETCHES.countersign('all'));
}, 120_000);
afterAll(async () => t?.close());

const instanceOf = async (recordId: number) => (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${recordId}`)).json.data.instanceId as number;
const urgeApi = (user: 'emp' | 'lead', instanceId: number) => w.call(w.tokens[user], 'POST', '/api/flowable/task/urge', { instanceId });
const urgeMessages = async (user: 'c1' | 'c2' | 'c3' | 'boss', title: string) => {
  const r = await w.call(w.tokens[user], 'POST', '/api/msg/detail/page/get', { pageSize: 100 });
  return (r.json.rows as { title: string; content: string; link: string }[]).filter((m) => m.title === `催办：${title}`);
};
const urges = async (instanceId: number) => (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${instanceId}`)).json.data.history
  .filter((h: { action: string }) => h.action === 'urge').map((h: { nodeName: string; target: string; userName: string }) => [h.nodeName, h.target, h.userName]);

/** emp as the urge service's caller (the route builds the same from the session). */
async function empCaller(): Promise<{ user: AuthUser }> {
  const r = await sql<{ tenant_id: number }>`SELECT tenant_id FROM users WHERE id = ${w.ids.emp}`.execute(t.db);
  return { user: { userId: w.ids.emp, userName: 'emp', nickName: '用户emp', tenantId: Number(r.rows[0].tenant_id), tenantCode: 'DEFAULT', tenantName: '', deptId: null, roleKeys: ['flow_staff'], roleNames: [], permissions: [], token: '' } };
}

async function refusal(p: Promise<unknown>): Promise<[number, string]> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(HttpError);
  return [(e as HttpError).status, (e as HttpError).message];
}

describe('催办', () => {
  it('messages each current assignee once an hour per task', async () => {
    const id = await submit(w, 'emp', { title: '催办一', amount: 10 });
    const inst = await instanceOf(id);
    let r = await urgeApi('emp', inst);
    expect([r.status, r.json.msg]).toEqual([200, '已催办 3 个待办任务']);
    for (const u of ['c1', 'c2', 'c3'] as const) {
      const msgs = await urgeMessages(u, '报销单：催办一');
      expect(msgs.map((m) => m.content)).toEqual(['用户emp催您尽快处理「报销单」在「check」的审批']);
      expect(msgs[0].link).toBe(`/flow/task/${(await onlyTask(w, u, id)).taskId}`);
    }
    expect(await urges(inst)).toEqual([['check', '用户c1', '用户emp'], ['check', '用户c2', '用户emp'], ['check', '用户c3', '用户emp']]);

    r = await urgeApi('emp', inst);
    expect([r.status, r.json.msg]).toEqual([429, '每个任务每小时只能催办一次，请 60 分钟后再试']);
    expect(await urgeMessages('c1', '报销单：催办一')).toHaveLength(1);

    // 59 minutes later still too early; 61 minutes later the three are urged again.
    const caller = await empCaller();
    const now = Date.now();
    expect(await refusal(urge(t.db, caller, { instanceId: inst }, new Date(now + 59 * 60_000)))).toEqual([429, '每个任务每小时只能催办一次，请 1 分钟后再试']);
    expect(await urge(t.db, caller, { instanceId: inst }, new Date(now + 61 * 60_000))).toBe(3);
    expect(await urgeMessages('c1', '报销单：催办一')).toHaveLength(2);
    expect(await urges(inst)).toHaveLength(6);
  });

  it('a task reached after an urge can be urged at once; the others wait their hour', async () => {
    const id = await submit(w, 'emp', { title: '催办二', amount: 10 });
    const inst = await instanceOf(id);
    expect((await urgeApi('emp', inst)).status).toBe(200);
    for (const u of ['c1', 'c2', 'c3'] as const) expect((await act(w, u, 'complete', { taskId: (await onlyTask(w, u, id)).taskId })).status).toBe(200);
    const r = await urgeApi('emp', inst);
    expect([r.status, r.json.msg]).toEqual([200, '已催办 1 个待办任务']);
    expect((await urgeMessages('boss', '报销单：催办二')).map((m) => m.content)).toEqual(['用户emp催您尽快处理「报销单」在「bossApprove」的审批']);
  });

  it('only the starter urges, and only a running request', async () => {
    const id = await submit(w, 'emp', { title: '催办三', amount: 10 });
    const inst = await instanceOf(id);
    let r = await urgeApi('lead', inst);
    expect([r.status, r.json.msg]).toEqual([403, '只有发起人可以催办']);
    expect((await w.call(w.tokens.emp, 'POST', '/api/flowable/task/revokeProcess', { instanceId: inst })).status).toBe(200);
    r = await urgeApi('emp', inst);
    expect([r.status, r.json.msg]).toEqual([409, '流程已结束，无需催办']);
  });
});
