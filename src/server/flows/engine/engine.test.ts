import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../../../schema-adapters/index.js';
import { advance, startState } from './advance.js';
import { parseBpmn } from './parseBpmn.js';
import { writeBpmn, type SketchFlow, type SketchNode } from './writeBpmn.js';

const FIELDS = new Set(['amount', 'title']);
const judge = (record: Record<string, unknown>) => (c: string) =>
  compileCondition(c).evaluate(record, { userId: 1, userName: 'a', deptId: 1, roleKeys: [], roleNames: [] }, { formFields: FIELDS }) === true;

const task = (id: string, assignee = 'admin'): SketchNode => ({ id, kind: 'userTask', name: id, assigneeType: 'user', assignee });
const gatewayNodes: SketchNode[] = [
  { id: 's', kind: 'start' }, task('a'), { id: 'g', kind: 'exclusive', defaultFlow: 'f_small' }, task('boss'), { id: 'e', kind: 'end' },
];
const gatewayFlows: SketchFlow[] = [
  { id: 'f1', from: 's', to: 'a' }, { id: 'f2', from: 'a', to: 'g' },
  { id: 'f_big', from: 'g', to: 'boss', condition: '${amount} > 10000' }, { id: 'f_small', from: 'g', to: 'e' }, { id: 'f3', from: 'boss', to: 'e' },
];

describe('parseBpmn', () => {
  it('reads user tasks with their assignee attributes and gateway conditions', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), FIELDS);
    expect(g.startId).toBe('s');
    expect(g.nodes.a).toMatchObject({ kind: 'userTask', assigneeType: 'user', assignee: 'admin' });
    expect(g.flows.f_big.condition).toBe('${amount} > 10000');
    expect(g.nodes.g.defaultFlow).toBe('f_small');
  });

  it('refuses script tasks, foreign condition languages and conditions over unknown fields', async () => {
    const script = writeBpmn('p', 'P', gatewayNodes, gatewayFlows).replace('<bpmn:userTask id="boss"', '<bpmn:scriptTask scriptFormat="javascript" id="x" /><bpmn:userTask id="boss"');
    await expect(parseBpmn(script, FIELDS)).rejects.toThrow(/不支持的流程元素：ScriptTask/);
    const js = writeBpmn('p', 'P', gatewayNodes, gatewayFlows).replace('language="formwork"', 'language="javascript"');
    await expect(parseBpmn(js, FIELDS)).rejects.toThrow(/条件语言须为 formwork/);
    await expect(parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), new Set(['title']))).rejects.toThrow(/不存在的字段：amount/);
    await expect(parseBpmn('<not-bpmn', FIELDS)).rejects.toThrow(/BPMN 解析失败|流程/);
  });

  it('refuses a user task without an assignee and a gateway flow without condition or default', async () => {
    await expect(parseBpmn(writeBpmn('p', 'P', [{ id: 's', kind: 'start' }, { id: 'a', kind: 'userTask' }, { id: 'e', kind: 'end' }],
      [{ id: 'f1', from: 's', to: 'a' }, { id: 'f2', from: 'a', to: 'e' }]), FIELDS)).rejects.toThrow(/处理人类型/);
    const noDefault = gatewayNodes.map((n) => (n.id === 'g' ? { ...n, defaultFlow: undefined } : n));
    await expect(parseBpmn(writeBpmn('p', 'P', noDefault, gatewayFlows), FIELDS)).rejects.toThrow(/须有条件或设为默认/);
  });
});

describe('advance', () => {
  it('routes by amount at an exclusive gateway', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), FIELDS);
    const first = startState(g, judge({ amount: 20000 }));
    expect(first.entered).toEqual(['a']);
    expect(advance(g, first.state, 'a', judge({ amount: 20000 })).entered).toEqual(['boss']);
    const small = advance(g, first.state, 'a', judge({ amount: 50 }));
    expect(small).toMatchObject({ entered: [], finished: true });
  });

  it('forks at a parallel gateway and joins when every branch arrived', async () => {
    const nodes: SketchNode[] = [{ id: 's', kind: 'start' }, { id: 'fork', kind: 'parallel' }, task('x'), task('y'), { id: 'join', kind: 'parallel' }, task('z'), { id: 'e', kind: 'end' }];
    const flows: SketchFlow[] = [
      { id: 'f1', from: 's', to: 'fork' }, { id: 'f2', from: 'fork', to: 'x' }, { id: 'f3', from: 'fork', to: 'y' },
      { id: 'f4', from: 'x', to: 'join' }, { id: 'f5', from: 'y', to: 'join' }, { id: 'f6', from: 'join', to: 'z' }, { id: 'f7', from: 'z', to: 'e' },
    ];
    const g = await parseBpmn(writeBpmn('p', 'P', nodes, flows), FIELDS);
    const s0 = startState(g, judge({}));
    expect(s0.entered).toEqual(['x', 'y']);
    const s1 = advance(g, s0.state, 'y', judge({}));
    expect(s1).toMatchObject({ entered: [], finished: false, state: { active: ['x'], joins: { join: 1 } } });
    const s2 = advance(g, s1.state, 'x', judge({}));
    expect(s2).toMatchObject({ entered: ['z'], state: { active: ['z'], joins: {} } });
    expect(advance(g, s2.state, 'z', judge({})).finished).toBe(true);
  });
});
