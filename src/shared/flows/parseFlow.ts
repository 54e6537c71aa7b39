/**
 * BPMN XML (+ the definition's `nodeFields`) → builder model, or the reason the builder cannot
 * show it (ADR 1047). Any definition of the builder's shape opens, whoever drew it: one start
 * event, a chain of user tasks, send tasks and exclusive split/join pairs whose branches meet
 * again at one join, conditions in the builder's clause shapes, one end event. Anything else
 * (parallel gateways, loops, a branch that skips its join, a condition typed by hand) is for the
 * modeller, and the reason names the element.
 */
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { parseConditions } from './builderConditions.js';
import { ASSIGNEE_KINDS, DEFAULT_BRANCH_NAME, type ApproveMode, type AssigneeKind, type Branch, type BuilderNode, type BuilderSettings, type FlowModel } from './builderModel.js';
import type { CompiledNodeFields } from './compileFlow.js';
import { parseDeadlineAttrs } from './nodeDeadline.js';

export type ParsedFlow = { ok: true; model: FlowModel } | { ok: false; reason: string };

class CannotShow extends Error {}
const no = (reason: string): never => { throw new CannotShow(reason); };
const label = (el: ModdleElement) => el.name || el.id || el.$type;
const IGNORED = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group']);

function attr(el: ModdleElement, name: string): string | undefined {
  const v = el.$attrs?.[`formwork:${name}`];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

interface Graph {
  els: Map<string, ModdleElement>;
  /** Outgoing flows of each element, in document order (the branches' order). */
  out: Map<string, ModdleElement[]>;
  incoming: Map<string, number>;
  nodeFields: CompiledNodeFields;
}

function assigneeOf(el: ModdleElement): { kind: AssigneeKind; value?: string } {
  const kind = attr(el, 'assigneeType');
  if (!kind || !ASSIGNEE_KINDS.includes(kind as AssigneeKind)) no(`节点「${label(el)}」的处理人类型（${kind ?? '无'}）不是构建器支持的类型`);
  const value = attr(el, 'assignee');
  return { kind: kind as AssigneeKind, ...(value !== undefined ? { value } : {}) };
}

function taskNode(el: ModdleElement, g: Graph): BuilderNode {
  if (el.$type === 'bpmn:SendTask') return { type: 'cc', id: el.id!, name: el.name ?? '', assignee: assigneeOf(el) };
  const cs = attr(el, 'countersign') ?? (el.loopCharacteristics ? 'all' : 'any');
  if (!['any', 'all', 'sequential'].includes(cs)) no(`节点「${label(el)}」的审批方式（${cs}）不是构建器支持的方式`);
  const nf = g.nodeFields[el.id!] ?? {};
  const rights: Record<string, 'hidden' | 'editable'> = {};
  for (const f of nf.editable ?? []) rights[f] = 'editable';
  for (const f of nf.hidden ?? []) rights[f] = 'hidden';
  const { deadline, error } = parseDeadlineAttrs((n) => attr(el, n));
  if (error) no(`节点「${label(el)}」：${error}`);
  return {
    type: 'approver', id: el.id!, name: el.name ?? '', assignee: assigneeOf(el), mode: cs as ApproveMode,
    ...(Object.keys(rights).length ? { fieldRights: rights } : {}), ...(deadline ? { deadline } : {}),
  };
}

/** The one outgoing flow of a chain element. */
function onlyOut(el: ModdleElement, g: Graph): ModdleElement {
  const out = g.out.get(el.id!) ?? [];
  if (out.length !== 1) no(`节点「${label(el)}」有 ${out.length} 条出线，构建器只能显示一条`);
  return out[0];
}

const target = (flow: ModdleElement) => flow.targetRef as ModdleElement;
const isJoin = (el: ModdleElement, g: Graph) => el.$type === 'bpmn:ExclusiveGateway' && (g.incoming.get(el.id!) ?? 0) > 1;

/**
 * The nodes met from `flow` on until a join gateway (returned) or the end event (null).
 * `seen` refuses loops: in the builder's shape every element is met once.
 */
function chain(flow: ModdleElement, g: Graph, seen: Set<string>): { nodes: BuilderNode[]; stop: ModdleElement | null } {
  const nodes: BuilderNode[] = [];
  let el = target(flow);
  for (;;) {
    if (el.$type === 'bpmn:EndEvent') return { nodes, stop: null };
    if (isJoin(el, g)) return { nodes, stop: el };
    if (seen.has(el.id!)) no(`流程含有回路（经过「${label(el)}」），构建器无法显示`);
    seen.add(el.id!);
    if ((g.incoming.get(el.id!) ?? 0) !== 1) no(`节点「${label(el)}」有多条进线，构建器无法显示`);
    if (el.$type === 'bpmn:UserTask' || el.$type === 'bpmn:SendTask') {
      nodes.push(taskNode(el, g));
      el = target(onlyOut(el, g));
      continue;
    }
    if (el.$type === 'bpmn:ExclusiveGateway') {
      const { node, join } = branchNode(el, g, seen);
      nodes.push(node);
      el = target(onlyOut(join, g));
      continue;
    }
    return no(`流程含有构建器不支持的元素：${el.$type.replace('bpmn:', '')}（${label(el)}）`);
  }
}

function branchNode(split: ModdleElement, g: Graph, seen: Set<string>): { node: BuilderNode; join: ModdleElement } {
  const outs = g.out.get(split.id!) ?? [];
  if (outs.length < 2) no(`网关「${label(split)}」只有 ${outs.length} 条出线，不是条件分支`);
  const defaultId = (split.default as ModdleElement | undefined)?.id;
  if (!defaultId) no(`条件分支「${label(split)}」没有「${DEFAULT_BRANCH_NAME}」（默认连线）`);
  if (outs[outs.length - 1].id !== defaultId) no(`条件分支「${label(split)}」的默认连线须在最后`);
  let join: ModdleElement | null = null;
  const branches: Branch[] = outs.map((flow) => {
    const isDefault = flow.id === defaultId;
    const body = (flow.conditionExpression as ModdleElement | undefined)?.body;
    const text = typeof body === 'string' ? body.trim() : '';
    if (isDefault && text) no(`条件分支「${label(split)}」的默认连线带有条件`);
    const conditions = isDefault ? [] : parseConditions(text);
    if (!conditions) no(`连线「${label(flow)}」的条件（${text || '空'}）不是构建器能编辑的形式`);
    const part = chain(flow, g, seen);
    if (!part.stop) no(`条件分支「${label(split)}」的分支「${label(flow)}」没有汇合就结束了`);
    if (join && part.stop!.id !== join.id) no(`条件分支「${label(split)}」的分支汇合到了不同的网关`);
    join = part.stop;
    return { id: flow.id!, name: flow.name ?? '', conditions: conditions!, ...(isDefault ? { isDefault: true } : {}), nodes: part.nodes };
  });
  if ((g.incoming.get(join!.id!) ?? 0) !== outs.length) no(`汇合网关「${label(join!)}」的进线数与分支数不同`);
  return { node: { type: 'branch', id: split.id!, name: split.name ?? '', branches }, join: join! };
}

function settingsOf(proc: ModdleElement): BuilderSettings | undefined {
  const s: BuilderSettings = {};
  const nobody = attr(proc, 'nobodyRule');
  if (nobody === 'refuse' || nobody === 'skip' || nobody === 'admin') s.nobodyRule = nobody;
  const repeat = attr(proc, 'autoApproveRepeat');
  if (repeat === 'true' || repeat === 'false') s.autoApproveRepeat = repeat === 'true';
  return Object.keys(s).length ? s : undefined;
}

/** The builder's model of a definition, or why the builder cannot show it. */
export async function parseFlow(xml: string, nodeFields: CompiledNodeFields = {}): Promise<ParsedFlow> {
  let root: ModdleElement;
  try {
    root = (await new BpmnModdle().fromXML(xml)).rootElement;
  } catch (e) {
    return { ok: false, reason: `BPMN 解析失败：${(e as Error).message.split('\n')[0]}` };
  }
  try {
    const procs = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
    if (procs.length !== 1) no('流程定义须恰好包含一个流程');
    const proc = procs[0];
    const g: Graph = { els: new Map(), out: new Map(), incoming: new Map(), nodeFields };
    for (const el of (proc.flowElements as ModdleElement[] | undefined) ?? []) {
      if (IGNORED.has(el.$type)) continue;
      if (el.$type !== 'bpmn:SequenceFlow') { g.els.set(el.id!, el); continue; }
      const s = (el.sourceRef as ModdleElement).id!;
      const t = (el.targetRef as ModdleElement).id!;
      g.out.set(s, [...(g.out.get(s) ?? []), el]);
      g.incoming.set(t, (g.incoming.get(t) ?? 0) + 1);
    }
    const starts = [...g.els.values()].filter((e) => e.$type === 'bpmn:StartEvent');
    if (starts.length !== 1) no('流程须恰好有一个开始事件');
    const ends = [...g.els.values()].filter((e) => e.$type === 'bpmn:EndEvent');
    if (ends.length !== 1) no(`流程有 ${ends.length} 个结束事件，构建器只能显示一个`);
    const seen = new Set<string>();
    const { nodes, stop } = chain(onlyOut(starts[0], g), g, seen);
    if (stop) no(`网关「${label(stop)}」汇合了不属于同一条件分支的连线`);
    const used = seen.size + 2 + [...g.els.values()].filter((e) => isJoin(e, g)).length;
    if (used !== g.els.size) no('流程含有从开始无法到达的节点');
    const settings = settingsOf(proc);
    return { ok: true, model: { processId: proc.id!, name: proc.name ?? '', ...(settings ? { settings } : {}), nodes } };
  } catch (e) {
    if (e instanceof CannotShow) return { ok: false, reason: e.message };
    throw e;
  }
}
