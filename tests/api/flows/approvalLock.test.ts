/**
 * A record in approval (sys_status 0, running instance) is written only by the approval itself
 * (issue 18): the normal edit is a 400 `审批中的数据不能修改`, the node's editable fields still save
 * with an approve, and once the flow ends the record is editable again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { act, deploy, flowWorld, FORM, onlyTask, SKETCHES, status, submit, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

const read = async (id: number) => (await w.call(w.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data;
const edit = async (token: string, id: number, data: Record<string, unknown>) =>
  w.call(token, 'POST', `/api/auto/${FORM}/edit/${id}`, { formName: FORM, data, version: (await read(id)).version });

describe('approval lock on records', () => {
  it('refuses the normal edit while the flow runs, keeps the approval’s own edits, frees the record at the end', async () => {
    await deploy(w, SKETCHES.twoLevel, { bossApprove: { editable: ['opinion'] } });
    const id = await submit(w, 'emp', { title: '锁定', amount: 300 });
    expect(await status(w, id)).toBe(0);

    for (const token of [w.tokens.emp, w.admin]) {
      const refused = await edit(token, id, { title: '偷改' });
      expect(refused.status).toBe(400);
      expect(refused.json.msg).toBe('审批中的数据不能修改');
    }
    expect((await read(id)).title).toBe('锁定');

    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    const boss = await onlyTask(w, 'boss', id);
    expect((await act(w, 'boss', 'complete', { taskId: boss.taskId, data: { opinion: '同意报销' } })).status).toBe(200);
    expect(await status(w, id)).toBe(1);
    expect((await read(id)).opinion).toBe('同意报销');

    const after = await edit(w.tokens.emp, id, { title: '审后修改' });
    expect(after.status, JSON.stringify(after.json)).toBe(200);
    expect((await read(id)).title).toBe('审后修改');
  });
});
