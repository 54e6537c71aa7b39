/**
 * Approvers taken from the record (issue 30 item 1, ADR 1066): a user field (`field`) and the
 * leader of a department field's value (`deptFieldLeader`), end to end — deploy checks, multiple
 * values, empty values under the nobody rule, a field hidden or changed before submission (also
 * in a pushed draft, ADR 1070), a sub-form field, and a value edited while the flow runs (the
 * value when the node is entered); also a fixed department's leader (`deptLeader`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { writeBpmn, type SketchFlow, type SketchNode } from '../../../src/server/flows/engine/writeBpmn.js';
import { act, flowWorld, onlyTask, todo, type FlowWorld } from './flowSupport.js';

const FORM = 'flow_people';
let t: TestApp;
let w: FlowWorld;
let deptA: number;
let deptB: number;
let deptNone: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await flowWorld(t);
  const ok = async (method: string, url: string, body?: unknown) => {
    const r = await w.call(w.admin, method, url, body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data;
  };
  const root = (await ok('GET', '/api/system/dept/list'))[0].deptId;
  deptA = (await ok('POST', '/api/system/dept', { parentId: root, deptName: '甲部', leader: 'lead' })).deptId;
  deptB = (await ok('POST', '/api/system/dept', { parentId: root, deptName: '乙部', leader: 'boss' })).deptId;
  deptNone = (await ok('POST', '/api/system/dept', { parentId: root, deptName: '无负责人部' })).deptId;
  await ok('POST', '/api/flowable/form', {
    enName: FORM, cnName: '人员审批', hasFlow: true,
    fields: [
      { enName: 'title', label: '标题', funcType: 'input' },
      { enName: 'amount', label: '金额', funcType: 'number' },
      { enName: 'dept', label: '部门', funcType: 'dept' },
      { enName: 'depts', label: '协办部门', funcType: 'dept', multiple: true },
      { enName: 'approvers', label: '审批人', funcType: 'user', multiple: true },
      { enName: 'handler', label: '经办人', funcType: 'user', hideCondition: '${amount} > 100' },
      { enName: 'next', label: '下一审批人', funcType: 'user' },
      { enName: 'items', label: '明细', funcType: 'subForm', children: [{ enName: 'owner', label: '负责人', funcType: 'user' }] },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

type Rule = { type: SketchNode['assigneeType']; value: string; countersign?: SketchNode['countersign'] };

/** start → 甲 (rule) [→ 乙 (second rule)] → end, with the flow-wide nobody rule. */
function deployXml(first: Rule, second?: Rule, nobodyRule?: string): string {
  const nodes: SketchNode[] = [{ id: 'start', kind: 'start' }, { id: 'a', kind: 'userTask', name: '甲', assigneeType: first.type, assignee: first.value, countersign: first.countersign }];
  const flows: SketchFlow[] = [{ id: 'f1', from: 'start', to: 'a' }];
  if (second) {
    nodes.push({ id: 'b', kind: 'userTask', name: '乙', assigneeType: second.type, assignee: second.value, countersign: second.countersign });
    flows.push({ id: 'f2', from: 'a', to: 'b' }, { id: 'f3', from: 'b', to: 'end' });
  } else flows.push({ id: 'f2', from: 'a', to: 'end' });
  nodes.push({ id: 'end', kind: 'end' });
  const xml = writeBpmn('people', '人员审批', nodes, flows);
  return nobodyRule ? xml.replace('isExecutable="true"', `isExecutable="true" formwork:nobodyRule="${nobodyRule}"`) : xml;
}
const deploy = (first: Rule, second?: Rule, nobodyRule?: string, nodeFields?: unknown) =>
  w.call(w.admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml: deployXml(first, second, nobodyRule), nodeFields });
const deployed = async (first: Rule, second?: Rule, nobodyRule?: string, nodeFields?: unknown) => {
  const r = await deploy(first, second, nobodyRule, nodeFields);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};
const add = (data: Record<string, unknown>) => w.call(w.admin, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data });
const added = async (data: Record<string, unknown>) => {
  const r = await add(data);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
};

/** Who holds the record's tasks of a node, by status, in id order. */
async function tasksOf(recordId: number, nodeId: string) {
  const r = await sql<{ user_name: string; status: string }>`SELECT u.user_name, t.status FROM flow_tasks t JOIN flow_instances i ON i.id = t.instance_id
    JOIN users u ON u.id = t.assignee_id WHERE i.form_name = ${FORM} AND i.record_id = ${recordId} AND t.node_id = ${nodeId} ORDER BY t.id`.execute(t.db);
  return r.rows.map((x) => `${x.user_name}:${x.status}`);
}

describe('approvers from the record', () => {
  it('deploy: the field must be a main-form field of the right type; a sub-form field is refused', async () => {
    const refused = async (rule: Rule, msg: string) => {
      const r = await deploy(rule);
      expect([r.status, r.json.msg]).toEqual([400, msg]);
    };
    await refused({ type: 'field', value: 'amount' }, '节点「甲」的字段 amount 不是用户字段');
    await refused({ type: 'field', value: 'nope' }, '节点「甲」的用户字段不存在：nope');
    await refused({ type: 'field', value: 'owner' }, '节点「甲」不能按子表中的字段找处理人：owner（请用主表的用户字段）');
    await refused({ type: 'field', value: 'items' }, '节点「甲」的字段 items 不是用户字段');
    await refused({ type: 'deptFieldLeader', value: 'approvers' }, '节点「甲」的字段 approvers 不是部门字段');
  });

  it('a multiple user field gives each user one task (repeats dropped); 会签 needs them all', async () => {
    await deployed({ type: 'field', value: 'approvers', countersign: 'all' });
    const id = await added({ title: '多人', amount: 1, approvers: [w.ids.c1, w.ids.c2, w.ids.c1] });
    expect(await tasksOf(id, 'a')).toEqual(['c1:open', 'c2:open']);
    expect((await act(w, 'c1', 'complete', { taskId: (await onlyTask(w, 'c1', id)).taskId })).status).toBe(200);
    expect((await act(w, 'c2', 'complete', { taskId: (await onlyTask(w, 'c2', id)).taskId })).status).toBe(200);
    expect((await w.call(w.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data.sys_status).toBe(1);
  });

  it('a multiple department field gives the leader of each department; a single one its leader', async () => {
    await deployed({ type: 'deptFieldLeader', value: 'depts', countersign: 'all' }, { type: 'deptFieldLeader', value: 'dept' });
    const id = await added({ title: '多部门', amount: 1, depts: [deptB, deptA, deptNone], dept: deptA });
    expect(await tasksOf(id, 'a')).toEqual(['boss:open', 'lead:open']);
    await act(w, 'boss', 'complete', { taskId: (await onlyTask(w, 'boss', id)).taskId });
    await act(w, 'lead', 'complete', { taskId: (await onlyTask(w, 'lead', id)).taskId });
    expect(await tasksOf(id, 'b')).toEqual(['lead:open']);
  });

  it('an empty field, or a department without a leader, is "nobody": refused by default, to the administrator by that rule', async () => {
    await deployed({ type: 'deptFieldLeader', value: 'dept' });
    for (const data of [{ title: '空部门', amount: 1 }, { title: '部门无负责人', amount: 1, dept: deptNone }]) {
      const r = await add(data);
      expect([r.status, r.json.msg]).toEqual([400, '节点「甲」找不到处理人']);
    }
    await deployed({ type: 'field', value: 'approvers' }, undefined, 'admin');
    const id = await added({ title: '空审批人', amount: 1, approvers: [] });
    expect(await tasksOf(id, 'a')).toEqual(['admin:open']);
  });

  // Not from the record, but the one assignee kind no other API test ran: a fixed department's leader.
  it('a fixed department (deptLeader) gives its leader; one without a leader is "nobody"', async () => {
    await deployed({ type: 'deptLeader', value: String(deptB) });
    const id = await added({ title: '指定部门', amount: 1, dept: deptA });
    expect(await tasksOf(id, 'a')).toEqual(['boss:open']);
    await deployed({ type: 'deptLeader', value: String(deptNone) });
    const r = await add({ title: '指定部门无负责人', amount: 1 });
    expect([r.status, r.json.msg]).toEqual([400, '节点「甲」找不到处理人']);
  });

  it('a field hidden at submission is dropped with the record\'s other hidden fields, so it names nobody', async () => {
    await deployed({ type: 'field', value: 'handler' });
    const hidden = await add({ title: '隐藏经办人', amount: 500, handler: w.ids.c1 });
    expect([hidden.status, hidden.json.msg]).toEqual([400, '节点「甲」找不到处理人']);
    const shown = await added({ title: '显示经办人', amount: 50, handler: w.ids.c1 });
    expect(await tasksOf(shown, 'a')).toEqual(['c1:open']);
  });

  describe('a pushed draft', () => {
    const stash = async (data: Record<string, unknown>) => {
      const r = await w.call(w.admin, 'POST', `/api/auto/stash/${FORM}/add`, { data });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.data.id as number;
    };
    const push = async (id: number, data: Record<string, unknown>) => {
      const rec = (await w.call(w.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data;
      return w.call(w.admin, 'POST', `/api/auto/push/${FORM}/${id}`, { formName: FORM, data, version: rec.version });
    };
    const stored = async (id: number) => (await w.call(w.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data;

    it('with another value goes by the new value', async () => {
      await deployed({ type: 'field', value: 'handler' });
      const changed = await stash({ title: '草稿改人', amount: 10, handler: w.ids.c1 });
      expect((await push(changed, { title: '草稿改人', amount: 10, handler: w.ids.c2 })).status).toBe(200);
      expect(await tasksOf(changed, 'a')).toEqual(['c2:open']);
    });

    // ADR 1070: the push keeps a hidden field's stored value (the write leaves hidden fields, spec
    // 01 §5), but the approval takes it as empty, so the nobody rule decides, not the stale value.
    it('with its user field now hidden names nobody: refused by default (the draft stays a draft), skipped or to the administrator by the rule', async () => {
      await deployed({ type: 'field', value: 'handler' });
      const refused = await stash({ title: '草稿隐藏经办人', amount: 10, handler: w.ids.c1 });
      const r = await push(refused, { title: '草稿隐藏经办人', amount: 500 });
      expect([r.status, r.json.msg]).toEqual([400, '节点「甲」找不到处理人']);
      expect(await stored(refused)).toMatchObject({ sys_status: -1, amount: 10, handler: w.ids.c1 });
      expect(await todo(w, 'c1', refused)).toEqual([]);
      // The same draft pushed with the field shown again goes to its user.
      expect((await push(refused, { title: '草稿隐藏经办人', amount: 20 })).status).toBe(200);
      expect(await tasksOf(refused, 'a')).toEqual(['c1:open']);

      await deployed({ type: 'field', value: 'handler' }, undefined, 'admin');
      const toAdmin = await stash({ title: '草稿隐藏转管理员', amount: 10, handler: w.ids.c1 });
      expect((await push(toAdmin, { title: '草稿隐藏转管理员', amount: 500, handler: w.ids.c2 })).status).toBe(200);
      expect(await tasksOf(toAdmin, 'a')).toEqual(['admin:open']);
      // Kept, as the write keeps every hidden field: only the approval ignores it.
      expect((await stored(toAdmin)).handler).toBe(w.ids.c1);

      await deployed({ type: 'field', value: 'handler' }, { type: 'user', value: 'lead' }, 'skip');
      const skipped = await stash({ title: '草稿隐藏跳过', amount: 10, handler: w.ids.c1 });
      expect((await push(skipped, { title: '草稿隐藏跳过', amount: 500 })).status).toBe(200);
      expect(await tasksOf(skipped, 'a')).toEqual([]);
      expect(await tasksOf(skipped, 'b')).toEqual(['lead:open']);
      expect(await todo(w, 'c1', skipped)).toEqual([]);
    });
  });

  it('a value edited while the flow runs: a node takes the value held when it is entered; tasks already made stay', async () => {
    await deployed({ type: 'user', value: 'lead' }, { type: 'field', value: 'next' }, undefined, { a: { editable: ['next'] } });
    const id = await added({ title: '途中改人', amount: 1, next: w.ids.c1 });
    const first = await onlyTask(w, 'lead', id);
    expect((await act(w, 'lead', 'complete', { taskId: first.taskId, data: { next: w.ids.c2 } })).status).toBe(200);
    expect(await tasksOf(id, 'b')).toEqual(['c2:open']);
    expect(await todo(w, 'c1', id)).toEqual([]);
  });
});
