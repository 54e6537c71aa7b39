/**
 * The bounds of a flow definition and of one engine step (issue 26 item 5). bpmn-engine runs a
 * step synchronously on the event loop, and its cost grows with the branches a step enters
 * (about 5 ms of CPU per parallel branch here, more on a loaded machine): a 3,000-branch gateway
 * held the loop for 50 s per submission. So a definition is refused at deploy when it could make a
 * step long, and a step that would still create too many tasks (a role of many users on
 * countersign) is refused at submission, before any task is written. Figures: docs/security.md.
 * (The step itself now runs in a worker thread before the transaction: ADR 0973.)
 */
import type { FlowGraph } from './graph.js';

export const FLOW_LIMITS = {
  /** BPMN text, bytes (UTF-8): parsing is synchronous too. */
  xmlBytes: 256 * 1024,
  /** Nodes (events, tasks, gateways). */
  nodes: 100,
  /** Sequence flows. */
  flows: 200,
  /** Outgoing flows of one node (a gateway's branches). */
  branches: 20,
  /** Branches that may run at once: 1 plus, for each parallel gateway, its outgoing flows less one. */
  parallel: 20,
  /** User tasks one step may enter. */
  enteredNodes: 20,
  /** Tasks (one per assignee of each entered node) one step may create. */
  tasksPerStep: 200,
} as const;

/** The first limit a definition's text breaks, as the administrator's message, or undefined. */
export function xmlLimitProblem(xml: string): string | undefined {
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > FLOW_LIMITS.xmlBytes) return `流程定义过大：BPMN 不能超过 ${FLOW_LIMITS.xmlBytes / 1024} KB（当前 ${Math.ceil(bytes / 1024)} KB）`;
  return undefined;
}

/** The first limit a parsed graph breaks, as the administrator's message, or undefined. */
export function graphLimitProblem(graph: FlowGraph): string | undefined {
  const nodes = Object.values(graph.nodes);
  if (nodes.length > FLOW_LIMITS.nodes) return `流程节点过多：最多 ${FLOW_LIMITS.nodes} 个节点（当前 ${nodes.length} 个）`;
  const flows = Object.keys(graph.flows).length;
  if (flows > FLOW_LIMITS.flows) return `流程连线过多：最多 ${FLOW_LIMITS.flows} 条连线（当前 ${flows} 条）`;
  let parallel = 1;
  for (const n of nodes) {
    if (n.outgoing.length > FLOW_LIMITS.branches) return `节点「${n.name || n.id}」的分支过多：每个节点最多 ${FLOW_LIMITS.branches} 条出线（当前 ${n.outgoing.length} 条）`;
    if (n.kind === 'parallel' && n.outgoing.length > 1) parallel += n.outgoing.length - 1;
  }
  if (parallel > FLOW_LIMITS.parallel) return `并行分支过多：流程中同时进行的分支最多 ${FLOW_LIMITS.parallel} 个（当前最多 ${parallel} 个）`;
  return undefined;
}

/** The message for a step that would enter too many nodes or create too many tasks, or undefined. */
export function stepLimitProblem(enteredNodes: number, tasks: number): string | undefined {
  if (enteredNodes > FLOW_LIMITS.enteredNodes) return `流程一步进入的节点过多：最多 ${FLOW_LIMITS.enteredNodes} 个（本次 ${enteredNodes} 个），请调整流程`;
  if (tasks > FLOW_LIMITS.tasksPerStep) return `本次将创建 ${tasks} 个待办任务，超过上限 ${FLOW_LIMITS.tasksPerStep} 个，请调整流程的处理人`;
  return undefined;
}
