/**
 * The approval builder's compiler (src/shared/flows, ADR 1047): model → BPMN → model round trips
 * for every node kind and nested branches, the BPMN accepted by the engine's own checks
 * (parseBpmn), conditions in the product grammar, and definitions the builder cannot show.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow, compileConditions, modelProblems, parseConditions, parseFlow, type FlowModel } from '../../../shared/flows/index.js';
import { compileCondition as grammar } from '../../../../schema-adapters/index.js';
import { parseBpmn } from './parseBpmn.js';
import { writeBpmn } from './writeBpmn.js';

const FIELDS = new Set(['amount', 'kind', 'manager', 'dept', 'note']);

const full: FlowModel = {
  processId: 'Process_expense',
  name: '报销审批',
  settings: { nobodyRule: 'skip', autoApproveRepeat: true },
  nodes: [
    { type: 'approver', id: 'Node_leader', name: '部门负责人', assignee: { kind: 'starterLeader' }, mode: 'any', fieldRights: { amount: 'editable', note: 'hidden' } },
    {
      type: 'branch', id: 'Node_amount', name: '按金额', branches: [
        {
          id: 'Branch_big', name: '大额', conditions: [{ field: 'amount', op: 'ge', value: 5000 }, { field: 'kind', op: 'eq', value: "差旅's \\ & <x>" }], nodes: [
            { type: 'approver', id: 'Node_gm', name: '总经理', assignee: { kind: 'role', value: 'gm' }, mode: 'all' },
            {
              type: 'branch', id: 'Node_inner', name: '是否有经理', branches: [
                { id: 'Branch_mgr', name: '有经理', conditions: [{ field: 'manager', op: 'notEmpty' }], nodes: [{ type: 'approver', id: 'Node_mgr', name: '项目经理', assignee: { kind: 'field', value: 'manager' }, mode: 'sequential' }] },
                { id: 'Branch_inner_else', name: '其他情况', conditions: [], isDefault: true, nodes: [] },
              ],
            },
          ],
        },
        { id: 'Branch_text', name: '含备注', conditions: [{ field: 'note', op: 'contains', value: '急' }, { field: 'amount', op: 'lt', value: -1.5 }, { field: 'kind', op: 'empty' }], nodes: [] },
        { id: 'Branch_else', name: '其他情况', conditions: [], isDefault: true, nodes: [{ type: 'approver', id: 'Node_lvl', name: '二级上级', assignee: { kind: 'levelLeader', value: '2' }, mode: 'any' }] },
      ],
    },
    { type: 'approver', id: 'Node_deptlead', name: '所选部门负责人', assignee: { kind: 'deptFieldLeader', value: 'dept' }, mode: 'any' },
    { type: 'approver', id: 'Node_user', name: '财务', assignee: { kind: 'user', value: 'finance' }, mode: 'any' },
    { type: 'approver', id: 'Node_fixed', name: '行政部负责人', assignee: { kind: 'deptLeader', value: '103' }, mode: 'any' },
    { type: 'cc', id: 'Node_cc', name: '抄送财务', assignee: { kind: 'role', value: 'finance' } },
  ],
};

describe('conditions', () => {
  it('compiles every operator to the product grammar and reads it back', () => {
    const list = full.nodes[1].type === 'branch' ? [...full.nodes[1].branches[0].conditions, ...full.nodes[1].branches[1].conditions] : [];
    const text = compileConditions(list);
    expect(text).toBe("${amount} >= 5000 && ${kind} == '差旅\\'s \\\\ & <x>' && contains(${note}, '急') && ${amount} < -1.5 && isEmpty(${kind})");
    const compiled = grammar(text);
    expect(compiled.kind).toBe('expr');
    expect(compiled.error).toBeUndefined();
    expect(parseConditions(text)).toEqual(list);
    for (const op of ['ne', 'gt', 'le'] as const) expect(parseConditions(compileConditions([{ field: 'amount', op, value: 3 }]))).toEqual([{ field: 'amount', op, value: 3 }]);
    expect(parseConditions(compileConditions([{ field: 'kind', op: 'eq', value: true }]))).toEqual([{ field: 'kind', op: 'eq', value: true }]);
  });

  it('refuses text typed by hand', () => {
    expect(parseConditions('${amount} > 1 || ${kind} == 2')).toBeNull();
    expect(parseConditions('(${amount} > 1)')).toBeNull();
    expect(parseConditions('${amount} > 1 && ')).toBeNull();
    expect(parseConditions('')).toBeNull();
  });
});

describe('compileFlow / parseFlow', () => {
  it('round-trips every node kind, nested branches, field rights and settings', async () => {
    const { xml, nodeFields } = compileFlow(full);
    expect(nodeFields).toEqual({ Node_leader: { hidden: ['note'], editable: ['amount'] } });
    const back = await parseFlow(xml, nodeFields);
    expect(back).toEqual({ ok: true, model: full });
    // Compiling again gives the same text: the ids are the model's.
    expect(compileFlow((back as { model: FlowModel }).model).xml).toBe(xml);
  });

  it('writes BPMN the engine accepts, with a diagram for the modeller', async () => {
    const { xml } = compileFlow(full);
    const graph = await parseBpmn(xml, FIELDS);
    expect(graph.settings).toEqual({ nobodyRule: 'skip', autoApproveRepeat: true });
    expect(graph.nodes.Node_cc.kind).toBe('cc');
    expect(graph.nodes.Node_mgr).toMatchObject({ kind: 'userTask', assigneeType: 'field', assignee: 'manager', countersign: 'sequential' });
    expect(graph.nodes.Node_lvl).toMatchObject({ assigneeType: 'levelLeader', assignee: '2' });
    expect(graph.nodes.Node_amount).toMatchObject({ kind: 'exclusive', defaultFlow: 'Branch_else' });
    expect(graph.nodes.Node_amount_join.incoming).toHaveLength(3);
    expect(graph.flows.Branch_big.condition).toContain('${amount} >= 5000');
    // Every flow element has a shape or an edge.
    for (const id of [...Object.keys(graph.nodes), ...Object.keys(graph.flows)]) expect(xml).toContain(`bpmnElement="${id}"`);
  });

  it('round-trips the smallest flow and an empty default branch', async () => {
    const small: FlowModel = { processId: 'P1', name: '', nodes: [{ type: 'approver', id: 'A', name: '审批', assignee: { kind: 'starterLeader' }, mode: 'any' }] };
    expect(await parseFlow(compileFlow(small).xml)).toEqual({ ok: true, model: small });
  });

  it('opens a definition of the same shape drawn elsewhere (the demo sketch)', async () => {
    const xml = writeBpmn('P2', '演示', [
      { id: 's', kind: 'start' }, { id: 't', kind: 'userTask', name: '经理', assigneeType: 'role', assignee: 'admin' }, { id: 'e', kind: 'end' },
    ], [{ id: 'f1', from: 's', to: 't' }, { id: 'f2', from: 't', to: 'e' }]);
    const parsed = await parseFlow(xml);
    expect(parsed).toEqual({ ok: true, model: { processId: 'P2', name: '演示', nodes: [{ type: 'approver', id: 't', name: '经理', assignee: { kind: 'role', value: 'admin' }, mode: 'any' }] } });
  });

  it('refuses a modeller-drawn definition with its reason', async () => {
    const parallel = writeBpmn('P3', 'x', [
      { id: 's', kind: 'start' }, { id: 'p', kind: 'parallel', name: '并行' }, { id: 'a', kind: 'userTask', assigneeType: 'starterLeader' },
      { id: 'b', kind: 'userTask', assigneeType: 'starterLeader' }, { id: 'j', kind: 'parallel' }, { id: 'e', kind: 'end' },
    ], [{ id: 'f1', from: 's', to: 'p' }, { id: 'f2', from: 'p', to: 'a' }, { id: 'f3', from: 'p', to: 'b' }, { id: 'f4', from: 'a', to: 'j' }, { id: 'f5', from: 'b', to: 'j' }, { id: 'f6', from: 'j', to: 'e' }]);
    expect(await parseFlow(parallel)).toEqual({ ok: false, reason: '流程含有构建器不支持的元素：ParallelGateway（并行）' });

    const loop = writeBpmn('P4', 'x', [
      { id: 's', kind: 'start' }, { id: 'a', kind: 'userTask', name: '甲', assigneeType: 'starterLeader' }, { id: 'g', kind: 'exclusive', name: '再审？', defaultFlow: 'f4' }, { id: 'e', kind: 'end' },
    ], [{ id: 'f1', from: 's', to: 'a' }, { id: 'f2', from: 'a', to: 'g' }, { id: 'f3', from: 'g', to: 'a', condition: '${amount} > 1' }, { id: 'f4', from: 'g', to: 'e' }]);
    expect(await parseFlow(loop)).toEqual({ ok: false, reason: '节点「甲」有多条进线，构建器无法显示' });

    const typed = compileFlow(full).xml.replace('${amount} &gt;= 5000', '${amount} &gt;= 5000 || ${amount} == 1');
    expect(await parseFlow(typed)).toEqual({ ok: false, reason: expect.stringContaining('不是构建器能编辑的形式') });

    const noDefault = compileFlow(full).xml.replace(' default="Branch_else"', '');
    expect(await parseFlow(noDefault)).toEqual({ ok: false, reason: '条件分支「按金额」没有「其他情况」（默认连线）' });
  });
});

describe('modelProblems', () => {
  it('passes the full model and names what is missing', () => {
    expect(modelProblems(full, FIELDS)).toEqual([]);
    const bad: FlowModel = {
      processId: 'P', name: '', nodes: [
        { type: 'cc', id: 'C', name: '抄送', assignee: { kind: 'role' } },
        { type: 'branch', id: 'B', name: '分支', branches: [{ id: 'X', name: '条件1', conditions: [], nodes: [] }, { id: 'Y', name: '其他情况', conditions: [], isDefault: true, nodes: [] }] },
        { type: 'cc', id: 'C', name: '再抄', assignee: { kind: 'levelLeader', value: '11' } },
      ],
    };
    expect(modelProblems(bad, FIELDS).map((p) => p.message)).toEqual([
      '「抄送」：请选择角色', '「分支」的分支「条件1」还没有条件', '编号 C 重复', '「再抄」：上级层级须为 1 到 10', '流程至少需要一个审批人',
    ]);
  });
});
