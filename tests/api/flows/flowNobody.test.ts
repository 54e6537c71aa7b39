/**
 * Issue 30 item 2: an approver rule that finds nobody is handled by the flow's nobody rule (the
 * process element's `formwork:nobodyRule`): refuse the submission (default, as before), skip the
 * node, or give it to the tenant's administrator; what happened is in the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { act, flowWorld, FORM, onlyTask, status, todo, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

/** start → named (the record's approver field) → [boss →] end. */
function sketch(withBoss = true) {
  const nodes: SketchNode[] = [{ id: 'start', kind: 'start' }, { id: 'named', kind: 'userTask', name: '指定人审批', assigneeType: 'field', assignee: 'approver' },
    ...(withBoss ? [{ id: 'bossApprove', kind: 'userTask', name: '总经理审批', assigneeType: 'user', assignee: 'boss' } as SketchNode] : []), { id: 'end', kind: 'end' }];
  const flows: SketchFlow[] = withBoss
    ? [{ id: 'f1', from: 'start', to: 'named' }, { id: 'f2', from: 'named', to: 'bossApprove' }, { id: 'f3', from: 'bossApprove', to: 'end' }]
    : [{ id: 'f1', from: 'start', to: 'named' }, { id: 'f2', from: 'named', to: 'end' }];
  return { nodes, flows };
}

const deployWith = (rule: string | null, withBoss = true) => {
  const s = sketch(withBoss);
  const xml = writeBpmn('expense', '报销审批', s.nodes, s.flows);
  return w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: rule === null ? xml : xml.replace('isExecutable="true"', `isExecutable="true" formwork:nobodyRule="${rule}"`) });
};
const add = (data: Record<string, unknown>) => w.call(w.tokens.emp, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data });
const autoHistory = async (recordId: number) => {
  const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${recordId}`)).json.data.instanceId;
  const h = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${inst}`)).json.data.history as { action: string; nodeName: string; comment: string; target: string }[];
  return h.filter((x) => x.action === 'auto').map((x) => [x.nodeName, x.comment, x.target]);
};

describe('nobody rule', () => {
  it('refuse (the default): the submission is a 400 naming the node and nothing is written', async () => {
    expect((await deployWith(null)).status).toBe(200);
    const r = await add({ title: '无人一', amount: 1 });
    expect([r.status, r.json.msg]).toEqual([400, '节点「指定人审批」找不到处理人']);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM flow_instances WHERE title = '报销单：无人一'`.execute(t.db)).rows[0].n).toBe(0);
  });

  it('skip: the node is passed, the next one gets the task, the history says so', async () => {
    expect((await deployWith('skip')).status).toBe(200);
    const r = await add({ title: '无人二', amount: 1 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.data.id;
    expect((await onlyTask(w, 'boss', id)).taskName).toBe('总经理审批');
    expect(await autoHistory(id)).toEqual([['指定人审批', '找不到处理人，已自动跳过', '']]);
    // A rule that finds someone is untouched by it.
    const named = (await add({ title: '有人', amount: 1, approver: w.ids.lead })).json.data.id;
    expect((await onlyTask(w, 'lead', named)).taskName).toBe('指定人审批');
    expect(await todo(w, 'boss', named)).toEqual([]);
  });

  it('skip to the end completes the request at once', async () => {
    expect((await deployWith('skip', false)).status).toBe(200);
    const r = await add({ title: '无人三', amount: 1 });
    expect(r.status).toBe(200);
    expect(await status(w, r.json.data.id)).toBe(1);
  });

  it('admin: the node goes to the tenant\'s administrator, who approves it on', async () => {
    expect((await deployWith('admin')).status).toBe(200);
    const r = await add({ title: '无人四', amount: 1 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.data.id;
    const adminTasks = (await w.call(w.admin, 'GET', '/api/flowable/task/todoList?pageSize=100')).json.rows.filter((x: { recordId: number }) => x.recordId === id);
    expect(adminTasks.map((x: { taskName: string }) => x.taskName)).toEqual(['指定人审批']);
    const nick = (await sql<{ nick_name: string }>`SELECT nick_name FROM users WHERE user_name = 'admin' AND tenant_id = (SELECT id FROM tenants WHERE code = 'DEFAULT')`.execute(t.db)).rows[0].nick_name;
    expect(await autoHistory(id)).toEqual([['指定人审批', '找不到处理人，已转交管理员', nick]]);
    expect((await act(w, 'admin', 'complete', { taskId: adminTasks[0].taskId })).status).toBe(200);
    expect((await onlyTask(w, 'boss', id)).taskName).toBe('总经理审批');
  });

  it('deploy refuses an unknown rule in Chinese', async () => {
    const r = await deployWith('never');
    expect([r.status, r.json.msg]).toEqual([400, '流程的「找不到处理人」规则须为 refuse（拒绝提交）、skip（跳过）或 admin（转交管理员）（当前为 never）']);
  });
});
