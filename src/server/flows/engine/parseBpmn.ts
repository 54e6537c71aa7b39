/**
 * BPMN 2.0 XML → FlowGraph with bpmn-moddle, refusing everything outside the supported set
 * (ADR 0970): no scripts, no service tasks, no condition language but ours.
 */
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { compileCondition } from '../../../../schema-adapters/index.js';
import { parseDeadlineAttrs } from '../../../shared/flows/nodeDeadline.js';
import { FLOW_LIMITS, graphLimitProblem, xmlLimitProblem } from './flowLimits.js';
import { ASSIGNEE_TYPES, type Countersign, NOBODY_RULES, type AssigneeType, type FlowGraph, type FlowNode, type FlowSettings, type NobodyRule, type SequenceFlow } from './graph.js';

/** A definition that cannot run; the message is shown to the administrator as a 400. */
export class FlowDefinitionError extends Error {}

const KINDS: Record<string, FlowNode['kind']> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
  'bpmn:SendTask': 'cc',
};
/** Elements that carry no behaviour and may sit in a process drawn with bpmn-js. */
const IGNORED = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group']);
const NS = 'formwork:';

const fail = (message: string): never => { throw new FlowDefinitionError(message); };

function attr(el: ModdleElement, name: string): string | undefined {
  const v = el.$attrs?.[NS + name];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function userTaskNode(el: ModdleElement, node: FlowNode): void {
  const label = el.name || el.id;
  const type = attr(el, 'assigneeType');
  if (!type || !ASSIGNEE_TYPES.includes(type as AssigneeType)) fail(`节点「${label}」的处理人类型须为 ${ASSIGNEE_TYPES.join('/')}`);
  node.assigneeType = type as AssigneeType;
  node.assignee = attr(el, 'assignee');
  if (!node.assignee && type !== 'starterLeader') fail(`节点「${label}」缺少处理人`);
  const cs = attr(el, 'countersign') ?? (el.loopCharacteristics ? 'all' : undefined);
  if (cs && cs !== 'all' && cs !== 'any' && cs !== 'sequential') fail(`节点「${label}」的会签方式须为 all、any 或 sequential`);
  if (cs) node.countersign = cs as Countersign;
  const { deadline, error } = parseDeadlineAttrs((n) => attr(el, n));
  if (error) fail(`节点「${label}」：${error}`);
  if (deadline) node.deadline = deadline;
}

/** A 抄送 node: recipients by the same rules as a user task's assignees; nobody to wait for, so no countersign. */
function ccNode(el: ModdleElement, node: FlowNode): void {
  const label = el.name || el.id;
  const type = attr(el, 'assigneeType');
  if (!type || !ASSIGNEE_TYPES.includes(type as AssigneeType)) fail(`抄送节点「${label}」的抄送人类型须为 ${ASSIGNEE_TYPES.join('/')}`);
  node.assigneeType = type as AssigneeType;
  node.assignee = attr(el, 'assignee');
  if (!node.assignee && type !== 'starterLeader') fail(`抄送节点「${label}」缺少抄送人`);
  if (attr(el, 'countersign') || el.loopCharacteristics) fail(`抄送节点「${label}」不能设置会签`);
  if (attr(el, 'deadline')) fail(`抄送节点「${label}」不能设置审批期限`);
}

/**
 * The form's fields as assignee rules may name them (ADR 1066): each main-form field's funcType,
 * and the names of sub-form fields (a sub-form row's user is no one record-wide approver).
 */
export interface AssigneeFieldTypes {
  types: ReadonlyMap<string, string>;
  inSubForm: ReadonlySet<string>;
}

const FIELD_KIND = { field: { funcType: 'user', noun: '用户字段' }, deptFieldLeader: { funcType: 'dept', noun: '部门字段' } } as const;

/**
 * The values of the kinds added for the builder (ADR 1047): a level 1–10; a user field (`field`) or
 * a department field (`deptFieldLeader`) of the main form — with `fieldTypes`, also of that type
 * and not inside a sub-form (ADR 1066).
 */
function checkAssigneeValue(node: FlowNode, fields: ReadonlySet<string>, fieldTypes?: AssigneeFieldTypes): void {
  const label = node.name || node.id;
  const v = node.assignee ?? '';
  if (node.assigneeType === 'levelLeader' && !(/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 10)) fail(`节点「${label}」的上级层级须为 1 到 10（当前为 ${v}）`);
  if (node.assigneeType !== 'field' && node.assigneeType !== 'deptFieldLeader') return;
  const kind = FIELD_KIND[node.assigneeType];
  if (fieldTypes?.inSubForm.has(v) && !fields.has(v)) fail(`节点「${label}」不能按子表中的字段找处理人：${v}（请用主表的${kind.noun}）`);
  if (!fields.has(v)) fail(`节点「${label}」的${kind.noun}不存在：${v}`);
  const type = fieldTypes?.types.get(v);
  if (fieldTypes && type !== kind.funcType) fail(`节点「${label}」的字段 ${v} 不是${kind.noun}`);
}

/** The flow-wide settings of the process element, checked. */
function settingsOf(proc: ModdleElement): FlowSettings | undefined {
  const settings: FlowSettings = {};
  const nobody = attr(proc, 'nobodyRule');
  if (nobody !== undefined) {
    if (!NOBODY_RULES.includes(nobody as NobodyRule)) fail(`流程的「找不到处理人」规则须为 refuse（拒绝提交）、skip（跳过）或 admin（转交管理员）（当前为 ${nobody}）`);
    settings.nobodyRule = nobody as NobodyRule;
  }
  const repeat = attr(proc, 'autoApproveRepeat');
  if (repeat !== undefined) {
    if (repeat !== 'true' && repeat !== 'false') fail(`流程的「连续审批人自动通过」设置须为 true 或 false（当前为 ${repeat}）`);
    settings.autoApproveRepeat = repeat === 'true';
  }
  return Object.keys(settings).length ? settings : undefined;
}

function conditionOf(flow: ModdleElement, fields: ReadonlySet<string>): string | undefined {
  const expr = flow.conditionExpression as ModdleElement | undefined;
  if (!expr) return undefined;
  const language = typeof expr.language === 'string' ? expr.language.trim() : '';
  if (language && language !== 'formwork') fail(`连线「${flow.name || flow.id}」的条件语言须为 formwork（不支持 ${language}）`);
  const body = typeof expr.body === 'string' ? expr.body.trim() : '';
  if (!body) return undefined;
  const compiled = compileCondition(body);
  if (compiled.kind !== 'expr' || compiled.error) fail(`连线「${flow.name || flow.id}」的条件无效：${compiled.error ?? '只支持表达式条件'}`);
  const unknown = compiled.fields.filter((f) => !fields.has(f));
  if (unknown.length) fail(`连线「${flow.name || flow.id}」的条件引用了不存在的字段：${unknown.join(', ')}`);
  return body;
}

function checkShape(graph: FlowGraph): void {
  for (const n of Object.values(graph.nodes)) {
    const label = n.name || n.id;
    if (n.kind !== 'start' && !n.incoming.length) fail(`节点「${label}」没有进入的连线`);
    if (n.kind !== 'end' && !n.outgoing.length) fail(`节点「${label}」没有出去的连线`);
    if (n.kind === 'start' && n.incoming.length) fail('开始事件不能有进入的连线');
    for (const fid of n.outgoing) {
      const f = graph.flows[fid];
      if (f.condition && n.kind !== 'exclusive') fail(`连线「${fid}」：只有排他网关的出线可以带条件`);
      if (n.kind === 'exclusive' && n.outgoing.length > 1 && !f.condition && n.defaultFlow !== fid) fail(`排他网关「${label}」的出线「${fid}」须有条件或设为默认`);
    }
  }
}

/**
 * Parses and checks a definition; `fields` are the form's field names (conditions may read only
 * them); `fieldTypes` (deploy) also checks the type of a field an assignee rule names.
 */
export async function parseBpmn(xml: string, fields: ReadonlySet<string>, fieldTypes?: AssigneeFieldTypes): Promise<FlowGraph> {
  const tooLarge = xmlLimitProblem(xml);
  if (tooLarge) fail(tooLarge);
  let root: ModdleElement;
  try {
    root = (await new BpmnModdle().fromXML(xml)).rootElement;
  } catch (e) {
    return fail(`BPMN 解析失败：${(e as Error).message.split('\n')[0]}`);
  }
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) fail('流程定义须恰好包含一个流程（process）');
  const proc = processes[0];
  const elements = (proc.flowElements as ModdleElement[] | undefined) ?? [];
  // Refused before the per-element checks (condition compiling) run over thousands of elements.
  const count = elements.filter((e) => !IGNORED.has(e.$type)).length;
  if (count > FLOW_LIMITS.nodes + FLOW_LIMITS.flows) fail(`流程元素过多：最多 ${FLOW_LIMITS.nodes} 个节点和 ${FLOW_LIMITS.flows} 条连线（当前共 ${count} 个元素）`);
  const nodes: Record<string, FlowNode> = {};
  const flows: Record<string, SequenceFlow> = {};
  const flowEls: ModdleElement[] = [];
  for (const el of elements) {
    if (el.$type === 'bpmn:SequenceFlow') { flowEls.push(el); continue; }
    if (IGNORED.has(el.$type)) continue;
    const kind = KINDS[el.$type];
    if (!kind) fail(`不支持的流程元素：${el.$type.replace('bpmn:', '')}（${el.name || el.id}）`);
    if ((kind === 'start' || kind === 'end') && (el.eventDefinitions as unknown[] | undefined)?.length) fail(`不支持带事件定义的${kind === 'start' ? '开始' : '结束'}事件（${el.id}）`);
    const node: FlowNode = { id: el.id!, name: el.name ?? '', kind, incoming: [], outgoing: [] };
    if (kind === 'userTask') userTaskNode(el, node);
    if (kind === 'cc') ccNode(el, node);
    if (node.assigneeType) checkAssigneeValue(node, fields, fieldTypes);
    if (kind === 'exclusive' && el.default) node.defaultFlow = (el.default as ModdleElement).id;
    nodes[node.id] = node;
  }
  for (const el of flowEls) {
    const source = (el.sourceRef as ModdleElement | undefined)?.id;
    const target = (el.targetRef as ModdleElement | undefined)?.id;
    if (!source || !target || !nodes[source] || !nodes[target]) fail(`连线「${el.id}」的两端须为受支持的节点`);
    flows[el.id!] = { id: el.id!, source: source!, target: target!, condition: conditionOf(el, fields) };
    nodes[source!].outgoing.push(el.id!);
    nodes[target!].incoming.push(el.id!);
  }
  const starts = Object.values(nodes).filter((n) => n.kind === 'start');
  if (starts.length !== 1) fail('流程须恰好有一个开始事件');
  if (!Object.values(nodes).some((n) => n.kind === 'end')) fail('流程须有结束事件');
  if (!Object.values(nodes).some((n) => n.kind === 'userTask')) fail('流程须至少有一个用户任务');
  const settings = settingsOf(proc);
  const graph: FlowGraph = { processId: proc.id!, startId: starts[0].id, nodes, flows, ...(settings ? { settings } : {}) };
  const tooMuch = graphLimitProblem(graph);
  if (tooMuch) fail(tooMuch);
  checkShape(graph);
  return graph;
}
