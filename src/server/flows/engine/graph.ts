/** The parsed process: what the interpreter walks (ADR 0970). Plain JSON, stored with the definition. */
import type { NodeDeadline } from '../../../shared/flows/nodeDeadline.js';

/** Who a user task goes to (the `formwork:assigneeType` / `formwork:assignee` attributes). */
export type AssigneeType = 'user' | 'role' | 'deptLeader' | 'starterLeader' | 'levelLeader' | 'deptFieldLeader' | 'field';
/** `levelLeader`: the leader N (assignee) levels up from the starter's department, 1 being its own; `deptFieldLeader`: the leader of the department a field (assignee) holds (ADR 1047). */
export const ASSIGNEE_TYPES: readonly AssigneeType[] = ['user', 'role', 'deptLeader', 'starterLeader', 'levelLeader', 'deptFieldLeader', 'field'];
/** Assignee types whose value names a field of the form. */
export const FIELD_ASSIGNEE_TYPES: ReadonlySet<AssigneeType> = new Set(['field', 'deptFieldLeader']);

/** Countersign of a user task: every assignee must approve, the first one decides, or every one in turn (ADR 1047). */
export type Countersign = 'all' | 'any' | 'sequential';

/** `cc`: a 抄送 node (a BPMN sendTask); the engine passes it at once, its recipients get a CC entry and a message. */
export type NodeKind = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel' | 'cc';

export interface FlowNode {
  id: string;
  name: string;
  kind: NodeKind;
  incoming: string[];
  outgoing: string[];
  assigneeType?: AssigneeType;
  assignee?: string;
  countersign?: Countersign;
  /** 审批期限 of a user task (ADR 1049): its tasks carry a due time on the tenant's working-day calendar. */
  deadline?: NodeDeadline;
  /** The default sequence flow of an exclusive gateway. */
  defaultFlow?: string;
}

export interface SequenceFlow {
  id: string;
  source: string;
  target: string;
  /** A condition in the product's grammar (CONTRACT.md §5), never JavaScript. */
  condition?: string;
}

/**
 * What happens when a user task's rule finds nobody (issue 30, ADR 1035; the process element's
 * `formwork:nobodyRule`): refuse the step (a 400, the default as before), skip the node, or give
 * it to the tenant's administrator.
 */
export type NobodyRule = 'refuse' | 'skip' | 'admin';
export const NOBODY_RULES: readonly NobodyRule[] = ['refuse', 'skip', 'admin'];

/** Flow-wide settings from `formwork:` attributes of the process element; absent = defaults. */
export interface FlowSettings {
  nobodyRule?: NobodyRule;
  /** `formwork:autoApproveRepeat`: a node whose one decider just approved the node before passes by itself (default off). */
  autoApproveRepeat?: boolean;
}

export interface FlowGraph {
  processId: string;
  settings?: FlowSettings;
  startId: string;
  nodes: Record<string, FlowNode>;
  flows: Record<string, SequenceFlow>;
}

/** ADR 0970's own interpreter state (active user tasks, arrivals at joins); still read, never written. */
export interface LegacyEngineState {
  active: string[];
  joins: Record<string, number>;
}

/** bpmn-engine's `getState()` without its copy of the source (ADR 0972). */
export interface BpmnEngineSnapshot {
  engineVersion: string;
  definitions: Record<string, unknown>[];
  [key: string]: unknown;
}

/** What `flow_instances.state` holds. */
export type EngineState = BpmnEngineSnapshot | LegacyEngineState;

/** The user tasks in the order a walk from the start meets them (for "reject to an earlier node"). */
export function userTasksInOrder(graph: FlowGraph): FlowNode[] {
  const seen = new Set<string>();
  const out: FlowNode[] = [];
  const queue = [graph.startId];
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = graph.nodes[id];
    if (!node) continue;
    if (node.kind === 'userTask') out.push(node);
    for (const f of node.outgoing) queue.push(graph.flows[f].target);
  }
  return out;
}
