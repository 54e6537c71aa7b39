/**
 * Issue 30 item 2, 抄送: a CC node (a BPMN sendTask with the assignee rules of a user task) copies
 * the request to its recipients when the instance passes it: a 抄送我的 entry, a 消息中心 message
 * and a history entry; the engine does not wait for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { m175FlowCcMenu } from '../../../src/server/db/migrations/175_flow_cc_menu.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { act, deploy, flowWorld, FORM, onlyTask, status, submit, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;

/** start → 抄送复核 (role checker) → lead → 抄送指定人 (the record's approver field) → end. */
const CC_FLOW = {
  nodes: [
    { id: 'start', kind: 'start' },
    { id: 'ccCheckers', kind: 'cc', name: '抄送复核', assigneeType: 'role', assignee: 'checker' },
    { id: 'leader', kind: 'userTask', name: '主管审批', assigneeType: 'user', assignee: 'lead' },
    { id: 'ccNamed', kind: 'cc', name: '抄送指定人', assigneeType: 'field', assignee: 'approver' },
    { id: 'end', kind: 'end' },
  ] as SketchNode[],
  flows: [
    { id: 'f1', from: 'start', to: 'ccCheckers' }, { id: 'f2', from: 'ccCheckers', to: 'leader' },
    { id: 'f3', from: 'leader', to: 'ccNamed' }, { id: 'f4', from: 'ccNamed', to: 'end' },
  ] as SketchFlow[],
};

beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
  await deploy(w, CC_FLOW);
}, 120_000);
afterAll(async () => t?.close());

const ccList = async (token: string, query = 'pageSize=100') => {
  const r = await w.call(token, 'GET', `/api/flowable/task/ccList?${query}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { total: number; rows: { instanceId: number; recordId: number; nodeName: string; title: string; status: string; starterName: string }[] };
};

const ccMessages = async (token: string, title: string) => {
  const r = await w.call(token, 'POST', '/api/msg/detail/page/get', { pageSize: 100 });
  expect(r.status).toBe(200);
  return (r.json.rows as { title: string; content: string; link: string }[]).filter((m) => m.title === `抄送：${title}`);
};

describe('抄送 nodes', () => {
  it('copy the request to each recipient when passed, without stopping the flow', async () => {
    const id = await submit(w, 'emp', { title: '抄送一', amount: 10, approver: w.ids.other });
    // Passed at once: the leader's task is open, the checkers hold copies but no task.
    const leaderTask = await onlyTask(w, 'lead', id);
    for (const u of ['c1', 'c2', 'c3'] as const) {
      const list = await ccList(w.tokens[u]);
      expect(list.rows.filter((r) => r.recordId === id).map((r) => [r.nodeName, r.title, r.status, r.starterName]))
        .toEqual([['抄送复核', '报销单：抄送一', 'running', '用户emp']]);
      const msgs = await ccMessages(w.tokens[u], '报销单：抄送一');
      expect(msgs.map((m) => m.content)).toEqual(['用户emp发起的「报销单」在「抄送复核」抄送给您，请知悉']);
      expect(msgs[0].link).toBe(`/flow/instance/${list.rows[0].instanceId}`);
      // The message's link opens for the recipient.
      expect((await w.call(w.tokens[u], 'GET', `/api/flowable/instance/${list.rows[0].instanceId}`)).status).toBe(200);
    }
    expect((await ccList(w.tokens.other)).rows.filter((r) => r.recordId === id)).toEqual([]);

    // The second CC node stands right before the end: the copy still goes out.
    await act(w, 'lead', 'complete', { taskId: leaderTask.taskId });
    expect(await status(w, id)).toBe(1);
    expect((await ccList(w.tokens.other)).rows.filter((r) => r.recordId === id).map((r) => [r.nodeName, r.status])).toEqual([['抄送指定人', 'completed']]);
    expect(await ccMessages(w.tokens.other, '报销单：抄送一')).toHaveLength(1);

    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`)).json.data;
    const view = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${inst.instanceId}`)).json.data;
    expect(view.history.filter((h: { action: string }) => h.action === 'cc').map((h: { nodeName: string; target: string }) => [h.nodeName, h.target]))
      .toEqual([['抄送复核', '用户c1、用户c2、用户c3'], ['抄送指定人', '用户other']]);
  });

  it('a CC node that names nobody copies nobody and the request goes on', async () => {
    const id = await submit(w, 'emp', { title: '抄送无人', amount: 10 });
    const task = await onlyTask(w, 'lead', id);
    await act(w, 'lead', 'complete', { taskId: task.taskId });
    expect(await status(w, id)).toBe(1);
  });

  it('抄送我的 is paged and shows only the caller\'s copies', async () => {
    await submit(w, 'emp', { title: '抄送分页', amount: 10 });
    const all = await ccList(w.tokens.c1);
    expect(all.total).toBe(3);
    const first = await ccList(w.tokens.c1, 'pageNum=1&pageSize=2');
    const second = await ccList(w.tokens.c1, 'pageNum=2&pageSize=2');
    expect(first.total).toBe(3);
    expect([...first.rows, ...second.rows].map((r) => r.title)).toEqual(all.rows.map((r) => r.title));
    expect(all.rows[0].title).toBe('报销单：抄送分页');
    expect((await ccList(w.tokens.c1, `keyword=${encodeURIComponent('分页')}`)).rows.map((r) => r.title)).toEqual(['报销单：抄送分页']);
    // The lead approves but is copied nowhere; the admin of the tenant sees only their own copies too.
    expect((await ccList(w.tokens.lead)).total).toBe(0);
    expect((await ccList(w.admin)).total).toBe(0);
  });

  it('another tenant\'s administrator sees none of these copies', async () => {
    const other = await t.login('T2');
    const mine = await ccList(w.tokens.c1);
    expect(mine.total).toBeGreaterThan(0);
    expect((await ccList(other)).total).toBe(0);
    expect((await w.call(other, 'GET', `/api/flowable/instance/${mine.rows[0].instanceId}`)).status).toBe(404);
  });

  it('deploy refuses a CC node without recipients or with a countersign, in Chinese', async () => {
    const bad = (cc: Partial<SketchNode>) => ({
      nodes: [{ id: 'start', kind: 'start' }, { id: 'cc', kind: 'cc', name: '抄送', ...cc }, { id: 'leader', kind: 'userTask', assigneeType: 'user', assignee: 'lead' }, { id: 'end', kind: 'end' }] as SketchNode[],
      flows: [{ id: 'f1', from: 'start', to: 'cc' }, { id: 'f2', from: 'cc', to: 'leader' }, { id: 'f3', from: 'leader', to: 'end' }] as SketchFlow[],
    });
    const tryDeploy = (s: ReturnType<typeof bad>) => w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: writeBpmn('expense', '报销审批', s.nodes, s.flows) });
    let r = await tryDeploy(bad({ assigneeType: 'role' }));
    expect([r.status, r.json.msg]).toEqual([400, '抄送节点「抄送」缺少抄送人']);
    r = await tryDeploy(bad({}));
    expect([r.status, r.json.msg]).toEqual([400, '抄送节点「抄送」的抄送人类型须为 user/role/deptLeader/starterLeader/levelLeader/deptFieldLeader/field']);
    r = await tryDeploy(bad({ assigneeType: 'role', assignee: 'checker', countersign: 'all' }));
    expect([r.status, r.json.msg]).toEqual([400, '抄送节点「抄送」不能设置会签']);
  });

  it('抄送我的 sits in the 流程审批 menu after 我发起的, also for a tenant seeded before it (migration 175)', async () => {
    const routers = (await w.call(w.tokens.emp, 'GET', '/api/getRouters')).json.data as { meta: { title: string }; children?: { meta: { title: string }; path: string }[] }[];
    const group = routers.find((r) => r.meta.title === '流程审批')!;
    expect(group.children!.map((c) => c.meta.title)).toEqual(['我的待办', '我的已办', '我发起的', '抄送我的']);
    const childrenOfGroup = async () => (await sql<{ menu_name: string; order_num: number }>`SELECT c.menu_name, c.order_num FROM menus c JOIN menus g ON g.id = c.parent_id
      JOIN tenants tn ON tn.id = g.tenant_id WHERE tn.code = 'DEFAULT' AND g.route_name = 'Flow' ORDER BY c.order_num, c.id`.execute(t.db)).rows;
    // The group as seeded before: no 抄送我的 (nor 审批流程搭建, migration 194), 流程设计 fourth.
    await sql`DELETE FROM menus WHERE path IN ('/flow/cc', '/flow/builder') AND tenant_id = (SELECT id FROM tenants WHERE code = 'DEFAULT')`.execute(t.db);
    await sql`UPDATE menus SET order_num = 4 WHERE path = '/flow/designer' AND tenant_id = (SELECT id FROM tenants WHERE code = 'DEFAULT')`.execute(t.db);
    await m175FlowCcMenu.up(t.db);
    const after = await childrenOfGroup();
    expect(after.map((m) => [m.menu_name, m.order_num])).toEqual([['我的待办', 1], ['我的已办', 2], ['我发起的', 3], ['抄送我的', 4], ['流程设计', 5]]);
    await m175FlowCcMenu.up(t.db);
    expect(await childrenOfGroup()).toEqual(after);
  });
});
