/**
 * Approval flows end to end through HTTP (issue 18): submit starts the instance with the record,
 * tasks reach the right people, each action moves the flow and the record's status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { act, deploy, flowWorld, FORM, onlyTask, SKETCHES, status, submit, todo, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

describe('approval flows', () => {
  it('refuses definitions with scripts, JavaScript conditions or unknown fields, and non-admins', async () => {
    const { writeBpmn } = await import('../../../src/server/flows/engine/writeBpmn.js');
    const xml = writeBpmn('p', 'P', SKETCHES.byAmount.nodes, SKETCHES.byAmount.flows);
    const js = await w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: xml.replace('language="formwork"', 'language="javascript"') });
    expect(js.status).toBe(400);
    expect(js.json.msg).toMatch(/条件语言须为 formwork/);
    const unknown = await w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: xml.replace('${amount}', '${nothing}') });
    expect(unknown.json.msg).toMatch(/不存在的字段：nothing/);
    expect((await w.call(w.tokens.emp, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml })).status).toBe(403);
    expect((await w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml, nodeFields: { nope: { hidden: ['title'] } } })).status).toBe(400);
  });

  it('two-level approval: starter’s leader, then boss; the record ends done and the history tells it', async () => {
    await deploy(w, SKETCHES.twoLevel, { bossApprove: { hidden: ['secret'], editable: ['opinion'] } });
    const id = await submit(w, 'emp', { title: '差旅', amount: 300, secret: '只给领导看' });
    expect(await status(w, id)).toBe(0);
    // Only the current assignee sees and may act on the task.
    const first = await onlyTask(w, 'lead', id);
    expect(first.taskName).toBe('leader');
    expect(await todo(w, 'boss', id)).toHaveLength(0);
    expect((await act(w, 'boss', 'complete', { taskId: first.taskId })).status).toBe(403);
    const msgs = await w.call(w.tokens.lead, 'POST', '/api/msg/detail/page/get', {});
    expect(msgs.json.rows[0]).toMatchObject({ title: '待办：报销单：差旅', link: `/flow/task/${first.taskId}` });
    expect((await act(w, 'lead', 'complete', { taskId: first.taskId, comment: '同意' })).status).toBe(200);
    const second = await onlyTask(w, 'boss', id);
    // The boss's node hides `secret` and may edit only `opinion`.
    const view = await w.call(w.tokens.boss, 'GET', `/api/flowable/task/${second.taskId}`);
    expect(view.json.data).toMatchObject({ canAct: true, visibleMap: { secret: false }, editable: ['opinion'], rejectTargets: [{ nodeId: 'leader' }] });
    expect(view.json.data.record.title).toBe('差旅');
    expect(view.json.data.record).not.toHaveProperty('secret');
    expect((await act(w, 'boss', 'complete', { taskId: second.taskId, data: { amount: 1 } })).status).toBe(400);
    expect((await act(w, 'boss', 'complete', { taskId: second.taskId, comment: '准', data: { opinion: '可以报' } })).status).toBe(200);
    expect(await status(w, id)).toBe(1);
    const rec = await w.call(w.admin, 'GET', `/api/auto/${FORM}/${id}`);
    expect(rec.json.data.opinion).toBe('可以报');
    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`)).json.data;
    const full = await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${inst.instanceId}`);
    expect(full.json.data.status).toBe('completed');
    expect(full.json.data.history.map((h: any) => [h.action, h.operType])).toEqual([['submit', 13], ['approve', 17], ['approve', 17], ['end', 17]]);
    expect((await w.call(w.tokens.other, 'GET', `/api/flowable/instance/${inst.instanceId}`)).status).toBe(200); // holds query on the form
    const done = await w.call(w.tokens.lead, 'GET', '/api/flowable/task/finishedList');
    expect(done.json.rows.some((r: any) => r.recordId === id && r.result === 'approve')).toBe(true);
    const mine = await w.call(w.tokens.emp, 'GET', '/api/flowable/task/myProcess');
    expect(mine.json.rows.find((r: any) => r.recordId === id)).toMatchObject({ status: 'completed' });
    // Completing a closed task again is a conflict.
    expect((await act(w, 'boss', 'complete', { taskId: second.taskId })).status).toBe(409);
  });

  it('gateway by amount: small amounts end after the leader, large ones go to the boss', async () => {
    await deploy(w, SKETCHES.byAmount);
    const small = await submit(w, 'emp', { title: '小额', amount: 500 });
    const big = await submit(w, 'emp', { title: '大额', amount: 20000 });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', small)).taskId });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', big)).taskId });
    expect(await status(w, small)).toBe(1);
    expect(await status(w, big)).toBe(0);
    expect(await onlyTask(w, 'boss', big)).toMatchObject({ taskName: 'bossApprove' });
  });

  it('countersign all waits for every checker; any lets the first decide', async () => {
    await deploy(w, SKETCHES.countersign('all'));
    const all = await submit(w, 'emp', { title: '会签', amount: 1 });
    for (const u of ['c1', 'c2'] as const) await act(w, u, 'complete', { taskId: (await onlyTask(w, u, all)).taskId });
    expect(await todo(w, 'boss', all)).toHaveLength(0);
    await act(w, 'c3', 'complete', { taskId: (await onlyTask(w, 'c3', all)).taskId });
    await onlyTask(w, 'boss', all);

    await deploy(w, SKETCHES.countersign('any'));
    const any = await submit(w, 'emp', { title: '或签', amount: 1 });
    await act(w, 'c2', 'complete', { taskId: (await onlyTask(w, 'c2', any)).taskId });
    expect(await todo(w, 'c1', any)).toHaveLength(0);
    expect(await todo(w, 'c3', any)).toHaveLength(0);
    await onlyTask(w, 'boss', any);
  });

  it('parallel branches (starter’s leader and the record’s approver field) join before the boss', async () => {
    await deploy(w, SKETCHES.parallel);
    const id = await submit(w, 'emp', { title: '并行', amount: 1, approver: String(w.ids.c1) });
    await act(w, 'c1', 'complete', { taskId: (await onlyTask(w, 'c1', id)).taskId });
    expect(await todo(w, 'boss', id)).toHaveLength(0);
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    await onlyTask(w, 'boss', id);
    // A field naming nobody refuses the submit and writes nothing.
    const before = (await w.call(w.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1 })).json.total;
    const bad = await w.call(w.tokens.emp, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { title: '无人', amount: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('节点「named」找不到处理人');
    expect((await w.call(w.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1 })).json.total).toBe(before);
  });

  it('reject into a parallel branch: the other branch counts as not taken, the join goes on to the boss (ADR 0972)', async () => {
    await deploy(w, SKETCHES.parallel);
    const id = await submit(w, 'emp', { title: '并行驳回', amount: 1, approver: String(w.ids.c1) });
    await act(w, 'c1', 'complete', { taskId: (await onlyTask(w, 'c1', id)).taskId });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    expect((await act(w, 'boss', 'reject', { taskId: (await onlyTask(w, 'boss', id)).taskId, targetNodeId: 'named' })).status).toBe(200);
    expect(await todo(w, 'lead', id)).toHaveLength(0);
    await act(w, 'c1', 'complete', { taskId: (await onlyTask(w, 'c1', id)).taskId });
    expect(await status(w, id)).toBe(0);
    await act(w, 'boss', 'complete', { taskId: (await onlyTask(w, 'boss', id)).taskId });
    expect(await status(w, id)).toBe(1);
  });

  it('reject to the start returns the draft to the starter, who resubmits; reject to an earlier node re-opens it', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '驳回', amount: 1 });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    const bossTask = await onlyTask(w, 'boss', id);
    expect((await act(w, 'boss', 'reject', { taskId: bossTask.taskId, targetNodeId: 'bossApprove' })).status).toBe(400);
    expect((await act(w, 'boss', 'reject', { taskId: bossTask.taskId, targetNodeId: 'leader', comment: '再看看' })).status).toBe(200);
    await act(w, 'lead', 'reject', { taskId: (await onlyTask(w, 'lead', id)).taskId, comment: '金额不对' });
    expect(await status(w, id)).toBe(-1);
    const rec = (await w.call(w.tokens.emp, 'GET', `/api/auto/${FORM}/${id}`)).json.data;
    const pushed = await w.call(w.tokens.emp, 'POST', `/api/auto/push/${FORM}/${id}`, { formName: FORM, data: { title: '驳回', amount: 2 }, version: rec.version });
    expect(pushed.status, JSON.stringify(pushed.json)).toBe(200);
    expect(await status(w, id)).toBe(0);
    await onlyTask(w, 'lead', id);
  });

  it('withdraw works only for the starter and only before the next node acted', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '撤回', amount: 1 });
    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`)).json.data;
    expect((await act(w, 'lead', 'revokeProcess', { instanceId: inst.instanceId })).status).toBe(403);
    expect((await act(w, 'emp', 'revokeProcess', { instanceId: inst.instanceId, comment: '填错了' })).status).toBe(200);
    expect(await status(w, id)).toBe(-1);
    expect(await todo(w, 'lead', id)).toHaveLength(0);

    const late = await submit(w, 'emp', { title: '撤回晚了', amount: 1 });
    const lateInst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${late}`)).json.data;
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', late)).taskId });
    const refused = await act(w, 'emp', 'revokeProcess', { instanceId: lateInst.instanceId });
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe('下一节点已处理，不能撤回');
  });

  it('transfer hands the task over; add-sign before and after make others approve too; admins reassign', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '转签', amount: 1 });
    const t1 = await onlyTask(w, 'lead', id);
    expect((await act(w, 'lead', 'assignTask', { taskId: t1.taskId, userId: w.ids.c1, comment: '请代办' })).status).toBe(200);
    expect(await todo(w, 'lead', id)).toHaveLength(0);
    // Before-sign: c2 approves first, then the task returns to c1.
    expect((await act(w, 'c1', 'addSign', { taskId: t1.taskId, userIds: [w.ids.c2], position: 'before' })).status).toBe(200);
    expect(await todo(w, 'c1', id)).toHaveLength(0);
    await act(w, 'c2', 'complete', { taskId: (await onlyTask(w, 'c2', id)).taskId });
    await onlyTask(w, 'c1', id);
    // After-sign: c1 approves now, c3 must approve before the flow moves on.
    expect((await act(w, 'c1', 'addSign', { taskId: t1.taskId, userIds: [w.ids.c3], position: 'after', comment: '请复核' })).status).toBe(200);
    expect(await todo(w, 'boss', id)).toHaveLength(0);
    await act(w, 'c3', 'complete', { taskId: (await onlyTask(w, 'c3', id)).taskId });
    const bossTask = await onlyTask(w, 'boss', id);
    expect((await act(w, 'emp', 'reassign', { taskId: bossTask.taskId, userId: w.ids.other })).status).toBe(403);
    expect((await act(w, 'admin', 'reassign', { taskId: bossTask.taskId, userId: w.ids.other })).status).toBe(200);
    await act(w, 'other', 'complete', { taskId: (await onlyTask(w, 'other', id)).taskId });
    expect(await status(w, id)).toBe(1);
    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`)).json.data;
    const hist = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${inst.instanceId}`)).json.data.history;
    expect(hist.map((h: any) => h.operType)).toEqual([13, 14, 18, 17, 18, 17, 14, 17, 17]);
  });

  it('concurrent approvals of one task: exactly one wins', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '并发', amount: 1 });
    const task = await onlyTask(w, 'lead', id);
    const results = await Promise.all(Array.from({ length: 6 }, () => act(w, 'lead', 'complete', { taskId: task.taskId })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
  });

  it('list:root alone lets a user submit a flow form (the ?from=flow add page), not a form without a flow', async () => {
    await deploy(w, SKETCHES.byAmount);
    const role = await w.call(w.admin, 'POST', '/api/system/role', { roleName: '流程根', roleKey: 'flow_root', permissions: [`auto:${FORM}:list:root`, 'auto:contract_ledger:list:root'] });
    const user = await w.call(w.admin, 'POST', '/api/system/user', { userName: 'rooter', nickName: '根', password: 'secret1', roleIds: [role.json.data.roleId] });
    expect(user.status).toBe(200);
    const token = await t.login('DEFAULT', 'rooter', 'secret1');
    const ok = await w.call(token, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { title: '根提交', amount: 1 } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await w.call(token, 'POST', '/api/auto/contract_ledger/add', { formName: 'contract_ledger', data: {} })).status).toBe(403);
  });

  it('voiding or deleting a record mid-approval cancels its instance and clears the tasks', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const voided = await submit(w, 'emp', { title: '作废中', amount: 1 });
    const deleted = await submit(w, 'emp', { title: '删除中', amount: 1 });
    await onlyTask(w, 'lead', voided);
    expect((await w.call(w.admin, 'POST', `/api/auto/${FORM}/invalid`, [voided])).status).toBe(200);
    expect((await w.call(w.admin, 'POST', `/api/auto/${FORM}/delete`, [deleted])).status).toBe(200);
    expect(await todo(w, 'lead', voided)).toHaveLength(0);
    expect(await todo(w, 'lead', deleted)).toHaveLength(0);
    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${voided}`)).json.data;
    expect(inst.status).toBe('cancelled');
  });

  it('comments carry the tenant’s uploads as attachments; other links are refused', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '附件', amount: 1 });
    const task = await onlyTask(w, 'lead', id);
    const boundary = '----fwflow';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`);
    const up = await w.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${w.tokens.lead}` } });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().url as string;
    expect((await act(w, 'lead', 'complete', { taskId: task.taskId, attachments: [{ name: 'x', url: 'javascript:alert(1)' }] })).status).toBe(400);
    expect((await act(w, 'lead', 'complete', { taskId: task.taskId, comment: '见附件', attachments: [{ name: '说明.txt', url: `http://evil.example${url}` }] })).status).toBe(200);
    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`)).json.data;
    const hist = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/${inst.instanceId}`)).json.data.history;
    expect(hist[1].attachments).toEqual([{ name: '说明.txt', url }]);
  });

  it('keeps tenants apart', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '租户', amount: 1 });
    const task = await onlyTask(w, 'lead', id);
    const t2 = await t.login('T2');
    expect((await w.call(t2, 'GET', `/api/flowable/task/${task.taskId}`)).status).toBe(404);
    expect((await w.call(t2, 'POST', '/api/flowable/task/complete', { taskId: task.taskId })).status).toBe(404);
    expect((await w.call(t2, 'POST', '/api/flowable/task/reassign', { taskId: task.taskId, userId: 1 })).status).toBe(404);
  });
});
