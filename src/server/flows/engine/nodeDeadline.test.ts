/**
 * 审批期限 attributes (ADR 1049): the builder's compiler and parser round-trip every deadline
 * shape, the engine's parseBpmn reads the same attributes into the graph, and malformed ones are
 * refused with a Chinese reason by both.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow, modelProblems, parseDeadlineAttrs, parseFlow, type FlowModel, type NodeDeadline } from '../../../shared/flows/index.js';
import { deadlineInstants } from '../services/taskDueTimes.js';
import { DEFAULT_WORK_CALENDAR } from '../../calendar/workCalendar.js';
import { parseBpmn } from './parseBpmn.js';
import { writeBpmn } from './writeBpmn.js';

const SHAPES: NodeDeadline[] = [
  { amount: 8, unit: 'hour', action: 'remind' },
  { amount: 2, unit: 'day', action: 'remind', notifyStarter: true, remindBeforeHours: 4 },
  { amount: 1, unit: 'day', action: 'autoApprove' },
  { amount: 3, unit: 'hour', action: 'escalate', escalate: { kind: 'leader' }, remindBeforeHours: 1 },
  { amount: 5, unit: 'day', action: 'escalate', escalate: { kind: 'user', value: 'boss' } },
  { amount: 5, unit: 'day', action: 'escalate', escalate: { kind: 'role', value: 'checker' } },
];

const model = (deadline: NodeDeadline): FlowModel => ({
  processId: 'Process_x', name: '期限',
  nodes: [{ type: 'approver', id: 'Node_a', name: '审批', assignee: { kind: 'starterLeader' }, mode: 'any', deadline }, { type: 'approver', id: 'Node_b', name: '无期限', assignee: { kind: 'role', value: 'gm' }, mode: 'all' }],
});

describe('审批期限 attributes', () => {
  it.each(SHAPES.map((d) => [JSON.stringify(d), d] as const))('round-trips %s through compileFlow / parseFlow and parseBpmn', async (_, d) => {
    const m = model(d);
    expect(modelProblems(m, new Set())).toEqual([]);
    const { xml } = compileFlow(m);
    expect(xml).toContain(`formwork:deadline="${d.amount}${d.unit === 'hour' ? 'h' : 'd'}"`);
    const back = await parseFlow(xml);
    expect(back).toEqual({ ok: true, model: m });
    const graph = await parseBpmn(xml, new Set());
    expect(graph.nodes.Node_a.deadline).toEqual(d);
    expect(graph.nodes.Node_b.deadline).toBeUndefined();
  });

  it('refuses malformed attributes in the builder, the parser and the engine', async () => {
    const attrs = (o: Record<string, string>) => parseDeadlineAttrs((n) => o[n]);
    expect(attrs({ deadline: '8x' }).error).toContain('8h');
    expect(attrs({ deadline: '8h', deadlineAction: 'explode' }).error).toContain('到期处理');
    expect(attrs({ deadline: '0h' }).error).toContain('审批期限须为 1 到');
    expect(attrs({ deadline: '2h', remindBefore: '2h' }).error).toBe('提前提醒的时间须短于审批期限');
    expect(attrs({ deadlineAction: 'remind' }).error).toContain('没有审批期限');
    expect(attrs({ deadline: '1d', deadlineAction: 'escalate', escalateType: 'user' }).error).toBe('请选择转交的指定成员');
    expect(attrs({})).toEqual({});
    expect(modelProblems(model({ amount: 300, unit: 'day', action: 'remind' }), new Set())[0].message).toContain('审批期限须为 1 到 250 个工作日');
    const bad = writeBpmn('p', 'p', [{ id: 'start', kind: 'start' }, { id: 'a', kind: 'userTask', name: '审批', assigneeType: 'user', assignee: 'boss' }, { id: 'end', kind: 'end' }],
      [{ id: 'f1', from: 'start', to: 'a' }, { id: 'f2', from: 'a', to: 'end' }]).replace('formwork:assignee="boss"', 'formwork:assignee="boss" formwork:deadline="soon"');
    await expect(parseBpmn(bad, new Set())).rejects.toThrow('节点「审批」：审批期限须写成 8h');
    expect(await parseFlow(bad)).toMatchObject({ ok: false, reason: expect.stringContaining('审批期限须写成') });
  });

  it('counts due and reminder instants in working time', () => {
    const fri = new Date('2026-05-08T17:00:00+08:00');
    const { due, remind } = deadlineInstants(DEFAULT_WORK_CALENDAR, { amount: 3, unit: 'hour', action: 'remind', remindBeforeHours: 1 }, fri);
    expect(due.toISOString()).toBe(new Date('2026-05-11T11:00:00+08:00').toISOString());
    expect(remind!.toISOString()).toBe(new Date('2026-05-11T10:00:00+08:00').toISOString());
    // A reminder as long as the deadline has no instant of its own.
    expect(deadlineInstants(DEFAULT_WORK_CALENDAR, { amount: 1, unit: 'day', action: 'remind', remindBeforeHours: 8 }, fri).remind).toBeNull();
  });
});
