/**
 * The interpreter (ADR 0970): from a node that finished, follow the sequence flows until every
 * path rests at a user task, waits at a parallel join, or reaches an end event. Pure and synchronous.
 */
import type { EngineState, FlowGraph } from './graph.js';
import { FlowDefinitionError } from './parseBpmn.js';

export interface AdvanceResult {
  state: EngineState;
  /** User tasks entered by this step, in the order reached. */
  entered: string[];
  /** Nothing is active any more: the instance is complete. */
  finished: boolean;
}

/** Decides a condition of an exclusive gateway's flow over the record. */
export type ConditionJudge = (condition: string) => boolean;

/** Moves on from `fromId` (the start event, or a user task that completed). */
export function advance(graph: FlowGraph, state: EngineState, fromId: string, holds: ConditionJudge): AdvanceResult {
  const active = [...state.active];
  const at = active.indexOf(fromId);
  if (at >= 0) active.splice(at, 1);
  const joins = { ...state.joins };
  const entered: string[] = [];
  const from = graph.nodes[fromId];
  const stack = from.outgoing.map((f) => graph.flows[f].target).reverse();
  while (stack.length) {
    const node = graph.nodes[stack.pop()!];
    if (node.kind === 'userTask') {
      if (!active.includes(node.id)) { active.push(node.id); entered.push(node.id); }
    } else if (node.kind === 'exclusive') {
      if (node.outgoing.length === 1) { stack.push(graph.flows[node.outgoing[0]].target); continue; }
      const chosen = node.outgoing.find((f) => f !== node.defaultFlow && graph.flows[f].condition && holds(graph.flows[f].condition!)) ?? node.defaultFlow;
      if (!chosen) throw new FlowDefinitionError(`排他网关「${node.name || node.id}」没有满足条件的出线`);
      stack.push(graph.flows[chosen].target);
    } else if (node.kind === 'parallel') {
      if (node.incoming.length > 1) {
        joins[node.id] = (joins[node.id] ?? 0) + 1;
        if (joins[node.id] < node.incoming.length) continue;
        delete joins[node.id];
      }
      for (const f of [...node.outgoing].reverse()) stack.push(graph.flows[f].target);
    }
    // An end event consumes its path; the instance ends when no user task is active.
  }
  return { state: { active, joins }, entered, finished: active.length === 0 };
}

/** The first step of an instance. */
export function startState(graph: FlowGraph, holds: ConditionJudge): AdvanceResult {
  return advance(graph, { active: [], joins: {} }, graph.startId, holds);
}

/** Back to one earlier user task (reject): other branches' tokens and join arrivals are dropped. */
export function resetTo(nodeId: string): EngineState {
  return { active: [nodeId], joins: {} };
}
