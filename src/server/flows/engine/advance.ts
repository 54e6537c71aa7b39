/**
 * The executor (ADR 0972): bpmn-engine runs the process graph. Each call builds an engine from the
 * stored snapshot (recover + resume), does one thing (start, signal a user task, or reposition at
 * earlier nodes), and answers the new snapshot with the user tasks it entered. Nothing stays in
 * memory between calls but the parsed source per definition, so any API process continues any
 * instance, and the caller's transaction (instance row lock) makes each call happen once.
 *
 * No JavaScript from a definition runs: the engine is given the XML rewritten from the checked graph
 * (engineSource), a `scripts` handler that refuses every script and a condition-only `expressions`
 * handler that judges our grammar with the adapter (via `holds`).
 */
import { Engine } from 'bpmn-engine';
import BpmnModdle from 'bpmn-moddle';
import type { BpmnEngineSnapshot, EngineState, FlowGraph, LegacyEngineState } from './graph.js';
import { engineSource } from './engineSource.js';
import { FlowDefinitionError } from './parseBpmn.js';

export interface AdvanceResult {
  state: EngineState;
  /** User tasks entered by this step, in the order reached. */
  entered: string[];
  /** Nothing is active any more: the instance is complete. */
  finished: boolean;
  /** 抄送 nodes passed by this step, in the order reached (each once per pass). */
  cc: string[];
}

/** Decides a condition of an exclusive gateway's flow over the record. */
export type ConditionJudge = (condition: string) => boolean;

/** What we use of an element API answered by the engine (activity or postponed element). */
interface ElementApi {
  id: string;
  type: string;
  isRunning?: boolean;
  run(): void;
  discard(): void;
}
interface ExecutionApi {
  state: string;
  signal(message: { id: string }): void;
  getPostponed(): ElementApi[];
  getActivityById(id: string): ElementApi | undefined;
}
/** What the engine hands to `scripts.register` (a script task, or any sequence flow). */
interface ScriptOwner {
  id: string;
  type: string;
  behaviour?: { conditionExpression?: { language?: string } };
}

const USER_TASK = 'bpmn:UserTask';
/** A 抄送 node runs as a plain task (engineSource.ts): it completes as soon as it starts. */
const CC_TASK = 'bpmn:Task';

/**
 * The `scripts` handler: a sequence flow with a condition in our language (or none) is fine; every
 * other thing that asks to register a script (a script task, a JavaScript condition) is refused,
 * and no script is ever handed out, so a condition always goes to `expressions`.
 */
export const refuseScripts = {
  register(owner: ScriptOwner): void {
    const language = owner.behaviour?.conditionExpression?.language;
    if (owner.type === 'bpmn:SequenceFlow' && (!language || language === 'formwork')) return;
    throw new FlowDefinitionError(`不允许执行脚本：${owner.id}（${language || owner.type}）`);
  },
  getScript(): undefined {
    return undefined;
  },
};

/** The `expressions` handler: only the graph's own conditions, judged with our grammar; anything else is refused. */
export function conditionExpressions(graph: FlowGraph, holds: ConditionJudge) {
  const conditions = new Set(Object.values(graph.flows).map((f) => f.condition).filter(Boolean));
  return {
    resolveExpression(expression: string): boolean {
      if (!conditions.has(expression)) throw new FlowDefinitionError(`不允许的表达式：${expression}`);
      return holds(expression);
    },
    isExpression: () => false,
    hasExpression: () => false,
  };
}

type ModdleContext = Awaited<ReturnType<BpmnModdle['fromXML']>>;
/** Parsed engine sources by their XML (definitions never change, so this only saves parsing). */
const SOURCES = new Map<string, Promise<ModdleContext>>();
const MAX_SOURCES = 200;

function moddleContextOf(graph: FlowGraph): Promise<ModdleContext> {
  const xml = engineSource(graph);
  let ctx = SOURCES.get(xml);
  if (!ctx) {
    ctx = new BpmnModdle().fromXML(xml);
    ctx.catch(() => SOURCES.delete(xml)); // a failed parse is not remembered
    if (SOURCES.size >= MAX_SOURCES) SOURCES.delete(SOURCES.keys().next().value!);
    SOURCES.set(xml, ctx);
  }
  return ctx;
}

/** One engine for one call. */
interface Session {
  engine: Engine;
  execution: ExecutionApi;
  entered: string[];
  cc: string[];
  error?: Error;
}

async function open(graph: FlowGraph, holds: ConditionJudge, snapshot?: BpmnEngineSnapshot): Promise<Session> {
  const engine = new Engine({
    name: graph.processId,
    moddleContext: (await moddleContextOf(graph)) as never,
    expressions: conditionExpressions(graph, holds) as never,
    scripts: refuseScripts as never,
  });
  const s = { engine, entered: [] as string[], cc: [] as string[] } as Session;
  engine.on('error', (e: Error) => { s.error ??= e; });
  engine.broker.subscribeTmp('event', 'activity.wait', (_route: string, msg: { content?: { id?: string; type?: string } }) => {
    if (msg.content?.type === USER_TASK && msg.content.id) s.entered.push(msg.content.id);
  }, { noAck: true });
  engine.broker.subscribeTmp('event', 'activity.end', (_route: string, msg: { content?: { id?: string; type?: string } }) => {
    if (msg.content?.type === CC_TASK && msg.content.id) s.cc.push(msg.content.id);
  }, { noAck: true });
  try {
    if (snapshot) {
      engine.recover(structuredClone(snapshot));
      s.execution = (await engine.resume()) as unknown as ExecutionApi;
      s.entered = [];
      s.cc = [];
    } else {
      s.execution = (await engine.execute()) as unknown as ExecutionApi;
    }
  } catch (e) {
    throw asDefinitionError(graph, e as Error);
  }
  check(graph, s);
  return s;
}

/** An engine error in the product's words: a gateway with no branch to take is the submitter's 400. */
function asDefinitionError(graph: FlowGraph, e: Error): Error {
  if (e instanceof FlowDefinitionError) return e;
  const gateway = /^<([^>]+)> no conditional flow taken/.exec(e.message)?.[1];
  if (gateway) {
    const node = graph.nodes[gateway];
    return new FlowDefinitionError(`排他网关「${node?.name || gateway}」没有满足条件的出线`);
  }
  return e;
}

function check(graph: FlowGraph, s: Session): void {
  if (s.error) throw asDefinitionError(graph, s.error);
}

const waitingTasks = (s: Session) => s.execution.getPostponed().filter((a) => a.type === USER_TASK).map((a) => a.id);

async function result(graph: FlowGraph, s: Session): Promise<AdvanceResult> {
  check(graph, s);
  const state = (await s.engine.getState()) as unknown as BpmnEngineSnapshot;
  // The source is the definition's (rebuilt from its graph on every call): not stored per instance.
  state.definitions = state.definitions.map(({ source: _source, ...d }) => d);
  const entered = [...new Set(s.entered)];
  return { state, entered, finished: waitingTasks(s).length === 0, cc: [...s.cc] };
}

const isLegacy = (state: EngineState): state is LegacyEngineState => Array.isArray((state as LegacyEngineState).active);

/**
 * A fresh engine positioned at `nodeIds`: it runs from the start to its first wait, runs each
 * target that is not already waiting, then discards every other waiting element, so joins treat
 * the discarded branches as not taken. bpmn-engine has no "go to node" operation; this is how
 * rejection to an earlier node and ADR 0970's stored states are brought into it.
 */
async function positioned(graph: FlowGraph, nodeIds: string[], holds: ConditionJudge): Promise<Session> {
  const s = await open(graph, holds);
  const before = s.execution.getPostponed();
  for (const id of nodeIds) {
    const activity = s.execution.getActivityById(id);
    if (!activity) throw new Error(`node ${id} is not in the process`);
    if (!activity.isRunning) activity.run();
  }
  for (const el of before) if (!nodeIds.includes(el.id)) el.discard();
  check(graph, s);
  s.entered = [...nodeIds];
  // 抄送 nodes passed on the way to the targets were sent when the instance first passed them.
  s.cc = [];
  return s;
}

/** Moves on from `fromId` (a user task whose node completed). */
export async function advance(graph: FlowGraph, state: EngineState, fromId: string, holds: ConditionJudge): Promise<AdvanceResult> {
  const s = isLegacy(state) ? await positioned(graph, state.active, holds) : await open(graph, holds, state);
  if (!waitingTasks(s).includes(fromId)) throw new Error(`node ${fromId} is not waiting in the engine state`);
  s.entered = [];
  s.cc = [];
  s.execution.signal({ id: fromId });
  return result(graph, s);
}

/** The first step of an instance: from the start event to the first user tasks. */
export async function startState(graph: FlowGraph, holds: ConditionJudge): Promise<AdvanceResult> {
  return result(graph, await open(graph, holds));
}

/** Back to one earlier user task (reject): the engine restarts positioned at it, other branches discarded. */
export async function resetTo(graph: FlowGraph, nodeId: string, holds: ConditionJudge): Promise<AdvanceResult> {
  return result(graph, await positioned(graph, [nodeId], holds));
}
