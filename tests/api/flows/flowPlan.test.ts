/**
 * Steps planned before their transaction (issue 26 item 5, src/server/flows/services/flowPlan.ts):
 * the engine runs and the assignees are read before the transaction, and the transaction uses that
 * plan only while what it was computed from still holds. These tests make the plan go stale and
 * check that the flow follows what is stored, not what was planned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { act, deploy, flowWorld, FORM, onlyTask, SKETCHES, status, submit, todo, type FlowWorld } from './flowSupport.js';
import type { SketchFlow, SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { loadModel } from '../../../src/server/records/services/recordContext.js';
import { onRecordSubmitted, planSubmission } from '../../../src/server/flows/services/startFlow.js';
import type { AuthUser } from '../../../src/server/auth/types.js';

let t: TestApp;
let w: FlowWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
}, 120_000);
afterAll(async () => t?.close());

/** start → gateway: amounts above 10,000 go to boss, the others to lead. */
const byAmountAtStart = {
  nodes: [{ id: 'start', kind: 'start' }, { id: 'gw', kind: 'exclusive', defaultFlow: 'small' },
    { id: 'leader', kind: 'userTask', name: 'leader', assigneeType: 'user', assignee: 'lead' },
    { id: 'bossApprove', kind: 'userTask', name: 'bossApprove', assigneeType: 'user', assignee: 'boss' }, { id: 'end', kind: 'end' }] as SketchNode[],
  flows: [{ id: 'f1', from: 'start', to: 'gw' }, { id: 'big', from: 'gw', to: 'bossApprove', condition: '${amount} > 10000' }, { id: 'small', from: 'gw', to: 'leader' },
    { id: 'f2', from: 'leader', to: 'end' }, { id: 'f3', from: 'bossApprove', to: 'end' }] as SketchFlow[],
};

describe('steps planned before the transaction', () => {
  it('a submission planned on values the stored record judges differently follows the stored record', async () => {
    // Stored before any flow is deployed (first test of the file: the record waits without an instance), amount 20,000.
    const recordBeforeFlow = await submit(w, 'emp', { title: '先存后审', amount: 20000 });
    await deploy(w, byAmountAtStart);
    const tenantId = Number((await sql<{ tenant_id: number }>`SELECT tenant_id FROM users WHERE id = ${w.ids.emp}`.execute(t.db)).rows[0].tenant_id);
    const user = { userId: w.ids.emp, userName: 'emp', nickName: '用户emp', tenantId, tenantCode: 'DEFAULT', tenantName: '', deptId: null, roleKeys: [], roleNames: [], permissions: [], token: '' } as AuthUser;
    const model = await loadModel(t.db, tenantId, FORM);
    // Planned on a small amount: lead's task. The stored record says 20,000: boss's.
    const stale = await planSubmission(t.db, model, { user }, { title: '先存后审', amount: 1 });
    expect(stale?.nodes.map((n) => n.nodeId)).toEqual(['leader']);
    await t.db.transaction().execute((trx) => onRecordSubmitted(trx, model, { user }, recordBeforeFlow, stale));
    expect(await onlyTask(w, 'boss', recordBeforeFlow)).toMatchObject({ taskName: 'bossApprove' });
    expect(await todo(w, 'lead', recordBeforeFlow)).toHaveLength(0);
    // Through the API the plan and the stored record agree.
    const big = await submit(w, 'emp', { title: '大额', amount: 30000 });
    const small = await submit(w, 'emp', { title: '小额', amount: 30 });
    expect(await onlyTask(w, 'boss', big)).toMatchObject({ taskName: 'bossApprove' });
    expect(await onlyTask(w, 'lead', small)).toMatchObject({ taskName: 'leader' });
    // A pushed draft is planned on its stored values under the ones sent with the push.
    const pushed: Record<string, number> = {};
    for (const [name, sent] of [['stored', { title: '草稿大额' }], ['sent', { title: '草稿改小', amount: 5 }]] as const) {
      const draft = await w.call(w.tokens.emp, 'POST', `/api/auto/stash/${FORM}/add`, { data: { title: '草稿', amount: 20000 } });
      expect(draft.status, JSON.stringify(draft.json)).toBe(200);
      const version = (await w.call(w.tokens.emp, 'GET', `/api/auto/${FORM}/${draft.json.data.id}`)).json.data.version;
      const r = await w.call(w.tokens.emp, 'POST', `/api/auto/push/${FORM}/${draft.json.data.id}`, { data: sent, version });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      pushed[name] = draft.json.data.id;
    }
    expect(await onlyTask(w, 'boss', pushed.stored)).toMatchObject({ taskName: 'bossApprove' });
    expect(await onlyTask(w, 'lead', pushed.sent)).toMatchObject({ taskName: 'leader' });
  });
  it('parallel branches approved at the same moment: the later approval re-plans on the state the first wrote, and the flow reaches the join once', async () => {
    await deploy(w, SKETCHES.parallel);
    for (let round = 0; round < 4; round++) {
      const id = await submit(w, 'emp', { title: `并行${round}`, amount: 1, approver: w.ids.c1 });
      const lead = await onlyTask(w, 'lead', id);
      const named = await onlyTask(w, 'c1', id);
      // Both plan from the same state before either transaction commits; the second must not write its stale step.
      const [a, b] = await Promise.all([act(w, 'lead', 'complete', { taskId: lead.taskId }), act(w, 'c1', 'complete', { taskId: named.taskId })]);
      expect([a.status, b.status], JSON.stringify([a.json, b.json])).toEqual([200, 200]);
      expect(await onlyTask(w, 'boss', id)).toMatchObject({ taskName: 'bossApprove' });
      expect(await status(w, id)).toBe(0);
    }
  });

  it('twenty approvals of one task racing with their plans: one wins, the next node gets its tasks once', async () => {
    await deploy(w, SKETCHES.twoLevel);
    const id = await submit(w, 'emp', { title: '抢办', amount: 1 });
    const first = await onlyTask(w, 'lead', id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(w, 'lead', 'complete', { taskId: first.taskId })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await todo(w, 'boss', id)).toHaveLength(1);
  });

});
