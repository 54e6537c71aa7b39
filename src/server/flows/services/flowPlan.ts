/**
 * A step planned before its transaction (issue 26 item 5). On PGlite the one connection is held
 * from a transaction's first statement to its commit, and every other tenant's request waits for
 * it; a submission or an approval used to run the engine (bpmn-engine, synchronous, 90–860 ms for
 * 20 parallel branches here) and resolve the assignees of every entered node inside it.
 *
 * Now the inputs are read first, without a transaction: the engine runs in its worker thread
 * (engine/engineThread.ts) and the assignees are resolved, giving the new state and the tasks to
 * create. The transaction then locks the instance as before, computes the plan's `basis` again
 * from what it reads — the definition, the step (with the instance's stored state), the outcome
 * of every gateway condition on the record and the user ids held by fields that name assignees —
 * and uses the plan only when nothing of it changed; otherwise (another action moved the
 * instance, the record was edited, the data read before the insert judged differently) it plans
 * again inside, as before. The lock and the conditional task updates still give concurrent
 * actions exactly one winner; the basis check makes sure the winner writes the step its own
 * transaction would have computed. Who holds a role may change between the two reads: the plan
 * uses the assignees of a moment earlier, as if the action had come a moment earlier.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../../records/query/formModel.js';
import type { AdvanceResult } from '../engine/advance.js';
import { conditionJudge, type StepOp } from '../engine/engineStep.js';
import { runStepOffThread } from '../engine/engineThread.js';
import { stepLimitProblem } from '../engine/flowLimits.js';
import { FIELD_ASSIGNEE_TYPES } from '../engine/graph.js';
import type { FlowDefinitionRow } from '../repositories/flowDefinitions.js';
import { findAssignees, idsOfValue, tenantAdministrator } from '../repositories/assignees.js';

/** What a step is computed from. */
export interface StepInputs {
  tenantId: number;
  definition: FlowDefinitionRow;
  model: FormModel;
  record: Record<string, unknown>;
  /** The starter's context (conditions are judged as the starter would see them). */
  ctx: UserContext;
  starterId: number;
}

/** The tasks of one entered user task: one per assignee. */
export interface PlannedNode {
  nodeId: string;
  nodeName: string;
  users: number[];
  /** Its rule found nobody and the flow's nobody rule gave it to the administrator. */
  toAdmin?: boolean;
}

/** A computed step: the engine's answer and the tasks it creates. */
export interface StepPlan {
  /** What the plan was computed from (basisOf); a transaction uses the plan only when it computes the same. */
  basis: string;
  /** The starter's context it was computed with. */
  ctx: UserContext;
  result: AdvanceResult;
  nodes: PlannedNode[];
  /** The 抄送 nodes the step passed, with their recipients (a node naming nobody copies nobody). */
  cc: PlannedNode[];
  /** User tasks whose rule found nobody, passed by the flow's nobody rule `skip`. */
  skipped: PlannedNode[];
  /** User tasks passed by `autoApproveRepeat`: their one decider had just approved (step.approvedBy). */
  autoApproved?: PlannedNode[];
}

const formFields = (model: FormModel) => model.form.definition.fields.map((f) => f.enName);

/**
 * Everything a step's result depends on besides the assignees' user rows: the definition (its
 * graph), the step with the stored state, each condition's outcome on the record and the user ids
 * of the fields that name assignees. Equal bases give equal engine answers.
 */
export function basisOf(inputs: StepInputs, step: StepOp): string {
  const { graph } = inputs.definition;
  const judge = conditionJudge(inputs.record, inputs.ctx, formFields(inputs.model));
  const outcomes = Object.keys(graph.flows).sort().map((id) => {
    const c = graph.flows[id].condition;
    if (!c) return null;
    try {
      return judge(c);
    } catch {
      return 'error';
    }
  });
  const fieldUsers = Object.keys(graph.nodes).sort().map((id) => {
    const n = graph.nodes[id];
    return (n.kind === 'userTask' || n.kind === 'cc') && n.assigneeType && FIELD_ASSIGNEE_TYPES.has(n.assigneeType) ? idsOfValue(inputs.record[n.assignee ?? '']) : null;
  });
  return JSON.stringify([inputs.definition.id, inputs.starterId, step, outcomes, fieldUsers]);
}

/**
 * A node whose rule found nobody, by the flow's nobody rule: refused (a 400 naming the node, as
 * before the rule existed), given to the tenant's administrator, or left without users (skip:
 * planStep passes it).
 */
async function nobodyRule(db: Kysely<Database>, inputs: Omit<StepInputs, 'ctx'>, node: PlannedNode): Promise<PlannedNode> {
  if (node.users.length) return node;
  const rule = inputs.definition.graph.settings?.nobodyRule ?? 'refuse';
  if (rule === 'skip') return node;
  if (rule === 'admin') {
    const admin = await tenantAdministrator(db, inputs.tenantId);
    if (!admin.length) throw badRequest(`节点「${node.nodeName}」找不到处理人，也没有可转交的管理员`);
    return { ...node, users: admin, toAdmin: true };
  }
  throw badRequest(`节点「${node.nodeName}」找不到处理人`);
}

/** The assignees of entered nodes, within the per-step limits (flowLimits.ts); a 400 before anything is written. */
export async function planNodes(db: Kysely<Database>, inputs: Omit<StepInputs, 'ctx'>, nodeIds: string[]): Promise<PlannedNode[]> {
  const tooMany = stepLimitProblem(nodeIds.length, 0);
  if (tooMany) throw badRequest(tooMany);
  const nodes: PlannedNode[] = [];
  // Nodes with the same assignee rule (a role on every branch) are looked up once.
  const seen = new Map<string, number[]>();
  for (const nodeId of nodeIds) {
    const node = inputs.definition.graph.nodes[nodeId];
    const key = node.assigneeType && FIELD_ASSIGNEE_TYPES.has(node.assigneeType) ? null : `${node.assigneeType}\u0000${node.assignee ?? ''}`;
    let users = key === null ? undefined : seen.get(key);
    if (!users) {
      users = await findAssignees(db, inputs.tenantId, node, inputs.record, inputs.starterId);
      if (key !== null) seen.set(key, users);
    }
    nodes.push(await nobodyRule(db, inputs, { nodeId, nodeName: node.name || node.id, users }));
  }
  const tooManyTasks = stepLimitProblem(nodeIds.length, nodes.reduce((sum, n) => sum + n.users.length, 0));
  if (tooManyTasks) throw badRequest(tooManyTasks);
  return nodes;
}

/**
 * The recipients of the 抄送 nodes a step passed. Nobody found is no reason to stop an approval:
 * such a node copies nobody. Counted in the per-step task limit like tasks.
 */
export async function planCc(db: Kysely<Database>, inputs: Omit<StepInputs, 'ctx'>, nodeIds: string[], tasks: number): Promise<PlannedNode[]> {
  const out: PlannedNode[] = [];
  for (const nodeId of nodeIds) {
    const node = inputs.definition.graph.nodes[nodeId];
    out.push({ nodeId, nodeName: node.name || node.id, users: await findAssignees(db, inputs.tenantId, node, inputs.record, inputs.starterId) });
  }
  const tooMany = stepLimitProblem(0, tasks + out.reduce((sum, n) => sum + n.users.length, 0));
  if (tooMany) throw badRequest(tooMany);
  return out;
}

async function engineStep(inputs: StepInputs, step: StepOp): Promise<AdvanceResult> {
  const out = await runStepOffThread({ graph: inputs.definition.graph, step, record: inputs.record, ctx: inputs.ctx, formFields: formFields(inputs.model) });
  if (!out.ok) {
    // A flow that cannot go on (no gateway branch holds) is the submitter's 400.
    if (out.definitionError) throw badRequest(out.definitionError);
    throw new Error(out.message);
  }
  return out.result;
}

/**
 * Runs the engine (in its worker) and resolves the tasks: the plan of one step. A user task left
 * without users by the nobody rule `skip` is passed at once (one more engine step from the state so
 * far), and the nodes that reaches are planned the same way, within the graph's node count.
 */
export async function planStep(db: Kysely<Database>, inputs: StepInputs, step: StepOp): Promise<StepPlan> {
  let result = await engineStep(inputs, step);
  const { graph } = inputs.definition;
  const nodes: PlannedNode[] = [];
  const skipped: PlannedNode[] = [];
  const autoApproved: PlannedNode[] = [];
  const approvedBy = step.op === 'advance' && graph.settings?.autoApproveRepeat ? step.approvedBy : undefined;
  // The node is decided by the one who just approved: its only assignee, or one of the candidates where the first decides.
  const decidedBy = (n: PlannedNode, user: number | undefined) => user !== undefined && !n.toAdmin && n.users.includes(user)
    && (n.users.length === 1 || !['all', 'sequential'].includes(graph.nodes[n.nodeId].countersign ?? 'any'));
  const ccIds = [...(result.cc ?? [])];
  let pending = result.finished ? [] : result.entered;
  while (pending.length) {
    const planned = await planNodes(db, inputs, pending);
    const passes = (n: PlannedNode) => !n.users.length || decidedBy(n, approvedBy);
    nodes.push(...planned.filter((n) => !passes(n)));
    pending = [];
    for (const n of planned.filter(passes)) {
      if (skipped.length + autoApproved.length >= Object.keys(graph.nodes).length) throw badRequest('跳过的节点过多，请检查流程的处理人');
      (n.users.length ? autoApproved : skipped).push(n);
      result = await engineStep(inputs, { op: 'advance', state: result.state, fromId: n.nodeId });
      ccIds.push(...(result.cc ?? []));
      pending.push(...result.entered);
    }
  }
  const entered = [...new Set([...nodes, ...skipped, ...autoApproved].map((n) => n.nodeId))];
  const merged: AdvanceResult = { state: result.state, entered, finished: result.finished, cc: ccIds };
  const cc = await planCc(db, inputs, ccIds, nodes.reduce((sum, n) => sum + n.users.length, 0));
  return { basis: basisOf(inputs, step), ctx: inputs.ctx, result: merged, nodes: merged.finished ? [] : nodes, cc, skipped, autoApproved };
}

/** The plan made before the transaction when its basis still holds, else a new plan made now (inside it). */
export async function planFor(db: Kysely<Database>, inputs: StepInputs, step: StepOp, before: StepPlan | null | undefined): Promise<StepPlan> {
  if (before && before.basis === basisOf(inputs, step)) return before;
  return planStep(db, inputs, step);
}

/** A plan made ahead is only a shortcut: when it cannot be made, the transaction plans (and answers any error) itself. */
export async function planAhead(make: () => Promise<StepPlan | null>): Promise<StepPlan | null> {
  try {
    return await make();
  } catch {
    return null;
  }
}
