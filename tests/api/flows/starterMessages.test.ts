/**
 * Issue 27 item 8: the submitter hears in 消息中心 when a request is approved and when its process
 * ends (approved to the end, or ended because someone deleted or voided the record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { act, deploy, flowWorld, FORM, onlyTask, SKETCHES, submit, type FlowWorld } from './flowSupport.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
  await deploy(w, SKETCHES.twoLevel);
}, 120_000);
afterAll(async () => t?.close());

/** The starter's messages about one request, oldest first. */
async function messagesOf(token: string, title: string): Promise<{ title: string; content: string; link: string }[]> {
  const r = await w.call(token, 'POST', '/api/msg/detail/page/get', { pageSize: 100 });
  expect(r.status).toBe(200);
  return (r.json.rows as { title: string; content: string; link: string }[]).filter((m) => m.title.endsWith(`：${title}`)).reverse();
}

describe('the submitter is told in 消息中心', () => {
  it('each approval, then the end of the process, with a link to the instance', async () => {
    const id = await submit(w, 'emp', { title: '差旅一', amount: 300 });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId, comment: '同意出差' });
    let msgs = await messagesOf(w.tokens.emp, '报销单：差旅一');
    expect(msgs.map((m) => [m.title, m.content])).toEqual([['已同意：报销单：差旅一', '用户lead在「leader」同意了您的申请：同意出差']]);
    await act(w, 'boss', 'complete', { taskId: (await onlyTask(w, 'boss', id)).taskId });
    msgs = await messagesOf(w.tokens.emp, '报销单：差旅一');
    expect(msgs.map((m) => [m.title, m.content])).toEqual([
      ['已同意：报销单：差旅一', '用户lead在「leader」同意了您的申请：同意出差'],
      ['已同意：报销单：差旅一', '用户boss在「bossApprove」同意了您的申请'],
      ['已办结：报销单：差旅一', '您发起的「报销单」已审批通过，流程已结束'],
    ]);
    const inst = (await w.call(w.tokens.emp, 'GET', `/api/flowable/instance/record/${FORM}/${id}`)).json.data;
    expect(new Set(msgs.map((m) => m.link))).toEqual(new Set([`/flow/instance/${inst.instanceId}`]));
    // Nobody else gets the starter's news.
    expect(await messagesOf(w.tokens.lead, '报销单：差旅一')).toEqual([expect.objectContaining({ title: '待办：报销单：差旅一' })]);
  });

  it('a record voided mid-approval ends its process and says who did it', async () => {
    const id = await submit(w, 'emp', { title: '差旅二', amount: 300 });
    const r = await w.call(w.admin, 'POST', `/api/auto/${FORM}/invalid/`, [id]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const msgs = await messagesOf(w.tokens.emp, '报销单：差旅二');
    expect(msgs).toHaveLength(1);
    expect(msgs[0].title).toBe('流程已结束：报销单：差旅二');
    expect(msgs[0].content).toMatch(/^.+操作：记录已作废，您发起的「报销单」流程已结束$/);
  });
});
