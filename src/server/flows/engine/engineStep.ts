/**
 * One engine step as plain data (issue 26 item 5): what a step needs — the graph, the stored
 * state, the record and the starter's context the gateway conditions are judged on — and what
 * it answers. Plain data, so a step runs the same on the API thread or in the engine's worker
 * thread (engineThread.ts), which is where the API runs it.
 */
import { compileCondition } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { advance, resetTo, startState, type AdvanceResult, type ConditionJudge } from './advance.js';
import type { EngineState, FlowGraph } from './graph.js';
import { FlowDefinitionError } from './parseBpmn.js';

/** Start an instance, move on from a completed user task, or reposition at an earlier one (reject). */
export type StepOp = { op: 'start' } | {
  op: 'advance'; state: EngineState; fromId: string;
  /** Who completed `fromId` (planning only: a repeated approver's next node may pass by itself). */
  approvedBy?: number;
} | { op: 'reset'; nodeId: string };

/** The inputs of one step. */
export interface StepInput {
  graph: FlowGraph;
  step: StepOp;
  /** The record the conditions read (its stored values). */
  record: Record<string, unknown>;
  /** The starter's context: conditions are judged as the starter would see them. */
  ctx: UserContext;
  /** The form's main-table field names (a condition naming another field is refused by the adapter). */
  formFields: string[];
}

/** A step's answer; `definitionError` is the message of a flow that cannot go on (the submitter's 400). */
export type StepOutput = { ok: true; result: AdvanceResult } | { ok: false; definitionError?: string; message: string };

/** The gateway judge over a record: only a condition that evaluates to `true` holds. */
export function conditionJudge(record: Record<string, unknown>, ctx: UserContext, formFields: string[]): ConditionJudge {
  const fields = new Set(formFields);
  return (condition) => compileCondition(condition).evaluate(record, ctx, { formFields: fields }) === true;
}

/** Runs one step here (the worker calls this; so does the API thread when the worker is off). */
export async function runStep(input: StepInput): Promise<StepOutput> {
  const judge = conditionJudge(input.record, input.ctx, input.formFields);
  try {
    const s = input.step;
    const result = s.op === 'start' ? await startState(input.graph, judge)
      : s.op === 'advance' ? await advance(input.graph, s.state, s.fromId, judge)
        : await resetTo(input.graph, s.nodeId, judge);
    return { ok: true, result };
  } catch (e) {
    if (e instanceof FlowDefinitionError) return { ok: false, definitionError: e.message, message: e.message };
    return { ok: false, message: (e as Error).message ?? String(e) };
  }
}
