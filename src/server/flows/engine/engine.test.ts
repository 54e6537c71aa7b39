import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../../../schema-adapters/index.js';
import { Engine } from 'bpmn-engine';
import { advance, conditionExpressions, refuseScripts, resetTo, startState } from './advance.js';
import { engineSource } from './engineSource.js';
import type { EngineState, FlowGraph } from './graph.js';
import { FlowDefinitionError, parseBpmn } from './parseBpmn.js';
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

describe('抄送 nodes', () => {
  it('passes a 抄送 node at once and reports it once, also when a reject repositions past it', async () => {
    const nodes: SketchNode[] = [{ id: 's', kind: 'start' }, { id: 'cc1', kind: 'cc', assigneeType: 'role', assignee: 'checker' }, task('a'), { id: 'cc2', kind: 'cc', assigneeType: 'user', assignee: 'boss' }, task('b'), { id: 'e', kind: 'end' }];
    const flows: SketchFlow[] = [{ id: 'f1', from: 's', to: 'cc1' }, { id: 'f2', from: 'cc1', to: 'a' }, { id: 'f3', from: 'a', to: 'cc2' }, { id: 'f4', from: 'cc2', to: 'b' }, { id: 'f5', from: 'b', to: 'e' }];
    const g = await parseBpmn(writeBpmn('p', 'P', nodes, flows), FIELDS);
    expect(g.nodes.cc1).toMatchObject({ kind: 'cc', assigneeType: 'role', assignee: 'checker' });
    const first = await startState(g, judge({}));
    expect(first).toMatchObject({ entered: ['a'], cc: ['cc1'], finished: false });
    const second = await advance(g, JSON.parse(JSON.stringify(first.state)) as EngineState, 'a', judge({}));
    expect(second).toMatchObject({ entered: ['b'], cc: ['cc2'], finished: false });
    expect(await resetTo(g, 'b', judge({}))).toMatchObject({ entered: ['b'], cc: [] });
  });
});

describe('advance (bpmn-engine, ADR 0972)', () => {
  const parallelNodes: SketchNode[] = [{ id: 's', kind: 'start' }, { id: 'fork', kind: 'parallel' }, task('x'), task('y'), { id: 'join', kind: 'parallel' }, task('z'), { id: 'e', kind: 'end' }];
  const parallelFlows: SketchFlow[] = [
    { id: 'f1', from: 's', to: 'fork' }, { id: 'f2', from: 'fork', to: 'x' }, { id: 'f3', from: 'fork', to: 'y' },
    { id: 'f4', from: 'x', to: 'join' }, { id: 'f5', from: 'y', to: 'join' }, { id: 'f6', from: 'join', to: 'z' }, { id: 'f7', from: 'z', to: 'e' },
  ];
  /** The stored state goes through JSON (jsonb) between steps, as in flow_instances. */
  const stored = (s: EngineState): EngineState => JSON.parse(JSON.stringify(s)) as EngineState;

  it('routes by amount at an exclusive gateway, judging conditions with our grammar', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), FIELDS);
    const first = await startState(g, judge({ amount: 20000 }));
    expect(first).toMatchObject({ entered: ['a'], finished: false });
    expect((await advance(g, stored(first.state), 'a', judge({ amount: 20000 }))).entered).toEqual(['boss']);
    const small = await advance(g, stored(first.state), 'a', judge({ amount: 50 }));
    expect(small).toMatchObject({ entered: [], finished: true });
  });

  it('refuses to go on when no branch holds and there is no default', async () => {
    const noDefault = gatewayNodes.map((n) => (n.id === 'g' ? { ...n, defaultFlow: undefined } : n));
    const flows = gatewayFlows.map((f) => (f.id === 'f_small' ? { ...f, condition: '${amount} <= 10' } : f));
    const g = await parseBpmn(writeBpmn('p', 'P', noDefault, flows), FIELDS);
    const first = await startState(g, judge({ amount: 5000 }));
    await expect(advance(g, stored(first.state), 'a', judge({ amount: 5000 }))).rejects.toThrow(FlowDefinitionError);
  });

  it('forks at a parallel gateway and joins when every branch arrived', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', parallelNodes, parallelFlows), FIELDS);
    const s0 = await startState(g, judge({}));
    expect(s0.entered).toEqual(['x', 'y']);
    const s1 = await advance(g, stored(s0.state), 'y', judge({}));
    expect(s1).toMatchObject({ entered: [], finished: false });
    const s2 = await advance(g, stored(s1.state), 'x', judge({}));
    expect(s2).toMatchObject({ entered: ['z'], finished: false });
    expect((await advance(g, stored(s2.state), 'z', judge({}))).finished).toBe(true);
    await expect(advance(g, stored(s2.state), 'x', judge({}))).rejects.toThrow(/not waiting/);
  });

  it('repositions at an earlier node (reject): other branches are discarded, the join does not wait for them', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', parallelNodes, parallelFlows), FIELDS);
    const atZ = await advance(g, stored((await advance(g, stored((await startState(g, judge({}))).state), 'x', judge({}))).state), 'y', judge({}));
    expect(atZ.entered).toEqual(['z']);
    const back = await resetTo(g, 'x', judge({}));
    expect(back).toMatchObject({ entered: ['x'], finished: false });
    const on = await advance(g, stored(back.state), 'x', judge({}));
    expect(on).toMatchObject({ entered: ['z'], finished: false });
    expect((await resetTo(g, 'z', judge({}))).entered).toEqual(['z']);
  });

  it('continues an instance stored by ADR 0970’s interpreter ({active, joins})', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', parallelNodes, parallelFlows), FIELDS);
    const legacy: EngineState = { active: ['x'], joins: { join: 1 } };
    expect(await advance(g, legacy, 'x', judge({}))).toMatchObject({ entered: ['z'], finished: false });
  });

  it('stores a snapshot without the source and small enough for jsonb', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', parallelNodes, parallelFlows), FIELDS);
    const { state } = await startState(g, judge({}));
    const text = JSON.stringify(state);
    expect(text).not.toContain('"source"');
    expect(text.length).toBeLessThan(20000);
  });
});

describe('no JavaScript from a definition runs', () => {
  const globalFlag = globalThis as { __formworkScriptRan?: boolean };
  const raw = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="D" targetNamespace="x">
<bpmn:process id="p" isExecutable="true"><bpmn:startEvent id="s" />${inner}<bpmn:endEvent id="e" /></bpmn:process></bpmn:definitions>`;
  const scriptTask = raw(`<bpmn:scriptTask id="js" scriptFormat="javascript"><bpmn:script>globalThis.__formworkScriptRan = true; next();</bpmn:script></bpmn:scriptTask>
<bpmn:sequenceFlow id="a" sourceRef="s" targetRef="js" /><bpmn:sequenceFlow id="b" sourceRef="js" targetRef="e" />`);
  const jsCondition = raw(`<bpmn:exclusiveGateway id="g" default="d" />
<bpmn:sequenceFlow id="a" sourceRef="s" targetRef="g" />
<bpmn:sequenceFlow id="c" sourceRef="g" targetRef="e"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">globalThis.__formworkScriptRan = true; next(null, true);</bpmn:conditionExpression></bpmn:sequenceFlow>
<bpmn:sequenceFlow id="d" sourceRef="g" targetRef="e" />`);

  it('is refused at deploy (parse)', async () => {
    await expect(parseBpmn(scriptTask, FIELDS)).rejects.toThrow(/不支持的流程元素：ScriptTask/);
    await expect(parseBpmn(jsCondition, FIELDS)).rejects.toThrow(/条件语言须为 formwork/);
  });

  it('cannot execute even when handed to the engine with our handlers', async () => {
    const noConditions: FlowGraph = { processId: 'p', startId: 's', nodes: {}, flows: {} };
    for (const source of [scriptTask, jsCondition]) {
      globalFlag.__formworkScriptRan = false;
      const engine = new Engine({ name: 'p', source, scripts: refuseScripts as never, expressions: conditionExpressions(noConditions, () => true) as never });
      await expect(engine.execute()).rejects.toThrow(/不允许执行脚本/);
      expect(globalFlag.__formworkScriptRan).toBe(false);
    }
  });

  it('the expressions handler judges only the graph’s own conditions', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), FIELDS);
    const handler = conditionExpressions(g, judge({ amount: 20000 }));
    expect(handler.resolveExpression('${amount} > 10000')).toBe(true);
    expect(() => handler.resolveExpression('${environment.services.fn()}')).toThrow(/不允许的表达式/);
  });

  it('the engine runs the XML rewritten from the graph: no script, listener or extension of the drawing', async () => {
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), FIELDS);
    const xml = engineSource(g);
    expect(xml).not.toMatch(/script|formwork:assignee|extensionElements/);
    expect(xml).toContain('language="formwork"');
  });
});

describe('steps in the engine worker thread (issue 26 item 5)', () => {
  const ctx = { userId: 1, userName: 'a', nickName: 'a', deptId: 1, roleKeys: [], roleNames: [] } as never;

  it('answers in the worker what the step answers on this thread, and moves on from the state it answered', async () => {
    const { runStepOffThread } = await import('./engineThread.js');
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes, gatewayFlows), FIELDS);
    const input = { graph: g, record: { amount: 20000 }, ctx, formFields: [...FIELDS] };
    const started = await runStepOffThread({ ...input, step: { op: 'start' } });
    expect(started).toMatchObject({ ok: true, result: { entered: ['a'], finished: false } });
    if (!started.ok) return;
    const big = await runStepOffThread({ ...input, step: { op: 'advance', state: started.result.state, fromId: 'a' } });
    expect(big).toMatchObject({ ok: true, result: { entered: ['boss'], finished: false } });
    const small = await runStepOffThread({ ...input, record: { amount: 5 }, step: { op: 'advance', state: started.result.state, fromId: 'a' } });
    expect(small).toMatchObject({ ok: true, result: { entered: [], finished: true } });
  });

  it('answers a gateway with no branch to take as the definition error (the submitter’s 400)', async () => {
    const { runStepOffThread } = await import('./engineThread.js');
    const flows = gatewayFlows.map((f) => (f.id === 'f_small' ? { ...f, condition: '${amount} < 0' } : f));
    const g = await parseBpmn(writeBpmn('p', 'P', gatewayNodes.map((n) => (n.id === 'g' ? { ...n, defaultFlow: undefined } : n)), flows), FIELDS);
    const started = await runStepOffThread({ graph: g, record: { amount: 5 }, ctx, formFields: [...FIELDS], step: { op: 'start' } });
    if (!started.ok) throw new Error(started.message);
    const out = await runStepOffThread({ graph: g, record: { amount: 5 }, ctx, formFields: [...FIELDS], step: { op: 'advance', state: started.result.state, fromId: 'a' } });
    expect(out).toMatchObject({ ok: false, definitionError: expect.stringMatching(/排他网关「g」没有满足条件的出线/) });
  });
});
