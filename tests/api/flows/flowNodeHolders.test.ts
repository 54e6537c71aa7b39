/**
 * One person, one say per node entry (issue 30, ADR 1066): 转签, 加签 and the administrators' 改派
 * refuse a target who already holds an open or waiting task of the node entry, or approved it —
 * in a 会签 they would otherwise approve twice. The task view lists them for the user picker.
 * (转交上级 on a deadline: flowDeadlines.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import type { SketchFlow, SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { act, deploy, flowWorld, onlyTask, status, submit, todo, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

/** start → 复核 (role checker: c1, c2, c3, countersign `mode`) → boss → end. */
const checkers = (mode: 'all' | 'any' | 'sequential') => ({
  nodes: [{ id: 'start', kind: 'start' }, { id: 'check', kind: 'userTask', name: '复核', assigneeType: 'role', assignee: 'checker', countersign: mode },
    { id: 'bossApprove', kind: 'userTask', name: '总经理审批', assigneeType: 'user', assignee: 'boss' }, { id: 'end', kind: 'end' }] as SketchNode[],
  flows: [{ id: 'f1', from: 'start', to: 'check' }, { id: 'f2', from: 'check', to: 'bossApprove' }, { id: 'f3', from: 'bossApprove', to: 'end' }] as SketchFlow[],
});

const refused = async (r: Promise<{ status: number; json: any }>, msg: string) => {
  const a = await r;
  expect([a.status, a.json.msg]).toEqual([400, msg]);
};

/** The assignees of the record's tasks of one node, by status. */
async function tasksOf(recordId: number, nodeId: string) {
  const r = await sql<{ user_name: string; status: string }>`SELECT u.user_name, t.status FROM flow_tasks t JOIN flow_instances i ON i.id = t.instance_id
    JOIN users u ON u.id = t.assignee_id WHERE i.form_name = 'flow_expense' AND i.record_id = ${recordId} AND t.node_id = ${nodeId} ORDER BY t.id`.execute(t.db);
  return r.rows.map((x) => `${x.user_name}:${x.status}`);
}

describe('one say per node entry', () => {
  it('会签: 转签 to a member holding an open task, or to one who approved, is a 400 and changes nothing', async () => {
    await deploy(w, checkers('all'));
    const id = await submit(w, 'emp', { title: '会签转签', amount: 1 });
    const c1 = await onlyTask(w, 'c1', id);
    // The task page tells the picker whom to leave out.
    const view = (await w.call(w.tokens.c1, 'GET', `/api/flowable/task/${c1.taskId}`)).json.data;
    expect([...view.nodeUserIds].sort()).toEqual([w.ids.c2, w.ids.c3].sort());
    await refused(act(w, 'c1', 'assignTask', { taskId: c1.taskId, userId: w.ids.c2 }), '该用户已是当前节点的审批人');
    expect(await tasksOf(id, 'check')).toEqual(['c1:open', 'c2:open', 'c3:open']);
    expect((await act(w, 'c2', 'complete', { taskId: (await onlyTask(w, 'c2', id)).taskId })).status).toBe(200);
    await refused(act(w, 'c1', 'assignTask', { taskId: c1.taskId, userId: w.ids.c2 }), '该用户已审批过当前节点');
    // Anyone else may take it; the node still needs three approvals, one each.
    expect((await act(w, 'c1', 'assignTask', { taskId: c1.taskId, userId: w.ids.other })).status).toBe(200);
    await refused(act(w, 'other', 'assignTask', { taskId: c1.taskId, userId: w.ids.c3 }), '该用户已是当前节点的审批人');
    expect((await act(w, 'other', 'complete', { taskId: c1.taskId })).status).toBe(200);
    expect(await todo(w, 'boss', id)).toHaveLength(0);
    expect((await act(w, 'c3', 'complete', { taskId: (await onlyTask(w, 'c3', id)).taskId })).status).toBe(200);
    await onlyTask(w, 'boss', id);
  });

  it('加签 before or after refuses holders, naming them when several were picked', async () => {
    await deploy(w, checkers('all'));
    const id = await submit(w, 'emp', { title: '会签加签', amount: 1 });
    const c1 = await onlyTask(w, 'c1', id);
    await refused(act(w, 'c1', 'addSign', { taskId: c1.taskId, userIds: [w.ids.c2], position: 'after' }), '该用户已是当前节点的审批人');
    await refused(act(w, 'c1', 'addSign', { taskId: c1.taskId, userIds: [w.ids.lead, w.ids.c3], position: 'before' }), '用户c3已是当前节点的审批人');
    expect(await tasksOf(id, 'check')).toEqual(['c1:open', 'c2:open', 'c3:open']);
    expect((await act(w, 'c1', 'addSign', { taskId: c1.taskId, userIds: [w.ids.lead], position: 'before' })).status).toBe(200);
    // lead now holds a task of the entry: c2 cannot add or hand over to them either.
    await refused(act(w, 'c2', 'assignTask', { taskId: (await onlyTask(w, 'c2', id)).taskId, userId: w.ids.lead }), '该用户已是当前节点的审批人');
    // c1's task waits for lead: c1 still holds it, so nobody can add c1 either.
    await refused(act(w, 'c3', 'addSign', { taskId: (await onlyTask(w, 'c3', id)).taskId, userIds: [w.ids.c1], position: 'after' }), '该用户已是当前节点的审批人');
  });

  it('依次审批: members waiting their turn count as holders', async () => {
    await deploy(w, checkers('sequential'));
    const id = await submit(w, 'emp', { title: '依次转签', amount: 1 });
    const c1 = await onlyTask(w, 'c1', id);
    await refused(act(w, 'c1', 'assignTask', { taskId: c1.taskId, userId: w.ids.c3 }), '该用户已是当前节点的审批人');
    expect(await tasksOf(id, 'check')).toEqual(['c1:open', 'c2:waiting', 'c3:waiting']);
  });

  it('或签: the other candidates hold open tasks too; a new entry of the node starts afresh', async () => {
    await deploy(w, checkers('any'));
    const id = await submit(w, 'emp', { title: '或签转签', amount: 1 });
    await refused(act(w, 'c1', 'assignTask', { taskId: (await onlyTask(w, 'c1', id)).taskId, userId: w.ids.c2 }), '该用户已是当前节点的审批人');
    expect((await act(w, 'c2', 'complete', { taskId: (await onlyTask(w, 'c2', id)).taskId })).status).toBe(200);
    // boss sends it back to 复核: a second entry, where c2's approval of the first does not count.
    expect((await act(w, 'boss', 'reject', { taskId: (await onlyTask(w, 'boss', id)).taskId, targetNodeId: 'check' })).status).toBe(200);
    expect((await act(w, 'c3', 'addSign', { taskId: (await onlyTask(w, 'c3', id)).taskId, userIds: [w.ids.lead], position: 'after' })).status).toBe(200);
    expect((await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId })).status).toBe(200);
    await onlyTask(w, 'boss', id);
    expect(await status(w, id)).toBe(0);
  });

  it('改派 by an administrator refuses a holder too, and may leave a task with its own assignee', async () => {
    await deploy(w, checkers('all'));
    const id = await submit(w, 'emp', { title: '会签改派', amount: 1 });
    const c1 = await onlyTask(w, 'c1', id);
    await refused(act(w, 'admin', 'reassign', { taskId: c1.taskId, userId: w.ids.c3 }), '该用户已是当前节点的审批人');
    expect((await act(w, 'admin', 'reassign', { taskId: c1.taskId, userId: w.ids.c1 })).status).toBe(200);
    expect((await act(w, 'admin', 'reassign', { taskId: c1.taskId, userId: w.ids.boss })).status).toBe(200);
    expect(await tasksOf(id, 'check')).toEqual(['boss:open', 'c2:open', 'c3:open']);
  });
});
