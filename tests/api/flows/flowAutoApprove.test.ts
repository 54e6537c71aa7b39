/**
 * Issue 30 item 2: with the process attribute `formwork:autoApproveRepeat="true"`, a node whose
 * decider has just approved the node before passes by itself (history: 自动通过); without it (the
 * default) the same person approves again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { act, flowWorld, FORM, onlyTask, submit, todo, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

/** lead (by name), then the starter's leader (lead again), then boss. */
const NODES: SketchNode[] = [
  { id: 'start', kind: 'start' },
  { id: 'first', kind: 'userTask', name: '主管初审', assigneeType: 'user', assignee: 'lead' },
  { id: 'second', kind: 'userTask', name: '部门负责人审批', assigneeType: 'starterLeader' },
  { id: 'bossApprove', kind: 'userTask', name: '总经理审批', assigneeType: 'user', assignee: 'boss' },
  { id: 'end', kind: 'end' },
];
const FLOWS: SketchFlow[] = [{ id: 'f1', from: 'start', to: 'first' }, { id: 'f2', from: 'first', to: 'second' }, { id: 'f3', from: 'second', to: 'bossApprove' }, { id: 'f4', from: 'bossApprove', to: 'end' }];

const deployWith = (value: string | null) => {
  const xml = writeBpmn('expense', '报销审批', NODES, FLOWS);
  return w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: value === null ? xml : xml.replace('isExecutable="true"', `isExecutable="true" formwork:autoApproveRepeat="${value}"`) });
};
const history = async (recordId: number) => {
  const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${recordId}`)).json.data.instanceId;
  return ((await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${inst}`)).json.data.history as { action: string; nodeName: string; comment: string; userName: string }[])
    .map((h) => [h.action, h.nodeName, h.userName, h.comment]);
};

describe('auto-approve of a repeated approver', () => {
  it('off by default: the same person approves both nodes', async () => {
    expect((await deployWith(null)).status).toBe(200);
    const id = await submit(w, 'emp', { title: '连续一', amount: 1 });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    expect((await onlyTask(w, 'lead', id)).taskName).toBe('部门负责人审批');
    expect(await todo(w, 'boss', id)).toEqual([]);
  });

  it('on: the second node passes by itself, recorded as 自动通过, and the flow goes on to the next approver', async () => {
    expect((await deployWith('true')).status).toBe(200);
    const id = await submit(w, 'emp', { title: '连续二', amount: 1 });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId, comment: '同意' });
    expect(await todo(w, 'lead', id)).toEqual([]);
    expect((await onlyTask(w, 'boss', id)).taskName).toBe('总经理审批');
    expect((await history(id)).filter((h) => h[0] !== 'submit')).toEqual([
      ['approve', '主管初审', '用户lead', '同意'],
      ['auto', '部门负责人审批', '用户lead', '自动通过：与上一节点审批人相同'],
    ]);
    // boss is another person: nothing passes by itself after boss.
    await act(w, 'boss', 'complete', { taskId: (await onlyTask(w, 'boss', id)).taskId });
    const done = await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`);
    expect(done.json.data.status).toBe('completed');
  });

  it('explicitly off ("false") behaves as the default; anything else is refused at deploy in Chinese', async () => {
    expect((await deployWith('false')).status).toBe(200);
    const id = await submit(w, 'emp', { title: '连续三', amount: 1 });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    expect((await onlyTask(w, 'lead', id)).taskName).toBe('部门负责人审批');
    const r = await deployWith('yes');
    expect([r.status, r.json.msg]).toEqual([400, '流程的「连续审批人自动通过」设置须为 true 或 false（当前为 yes）']);
  });
});
