/**
 * The runtime of an instance inside one transaction: load it with its definition, form and record;
 * apply a step planned by flowPlan.ts (its state, its tasks and their 消息中心 messages); move on
 * after a node completes, and finish. Callers hold the instance lock (readInstance(…, true)).
 */
import { systemReader } from '../../records/services/dataScope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { notFound } from '../../http/HttpError.js';
import { nickNames, starterContext } from '../repositories/assignees.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { loadModel } from '../../records/services/recordContext.js';
import { recordDetail } from '../../records/services/recordRead.js';
import type { FormModel } from '../../records/query/formModel.js';
import { setStatus } from '../../records/repositories/recordWrites.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { definitionById, type FlowDefinitionRow } from '../repositories/flowDefinitions.js';
import { readInstance, saveInstance, type InstanceRow, type InstanceStatus } from '../repositories/flowInstances.js';
import { insertStepTasks, nextEntries, openNextInTurn } from '../repositories/flowTasks.js';
import { stampDueTimes } from './taskDueTimes.js';
import { addHistory } from '../repositories/flowHistory.js';
import { insertCcEntries } from '../repositories/flowCc.js';
import { planFor, type PlannedNode, type StepInputs, type StepPlan } from './flowPlan.js';
import { instanceLink } from './instanceLink.js';

/** An instance with everything an action needs. */
export interface FlowRun {
  tenantId: number;
  instance: InstanceRow;
  definition: FlowDefinitionRow;
  model: FormModel;
  record: Record<string, unknown>;
  /** The acting request's clock (app.now(), a fake one in tests): due times of new tasks count from it. */
  now?: Date;
}


/** What a step of `run` is computed from; `ctx`: the starter's context (read when not given). */
export async function inputsOf(db: Kysely<Database>, run: FlowRun, ctx?: UserContext): Promise<StepInputs> {
  return {
    tenantId: run.tenantId, definition: run.definition, model: run.model, record: run.record, starterId: run.instance.starterId,
    ctx: ctx ?? (await starterContext(db, run.tenantId, run.instance.starterId)),
  };
}

/** Loads an instance (locked when `lock`) with its pinned definition, its form and its record. */
export async function loadRun(db: Kysely<Database>, tenantId: number, instanceId: number, lock: boolean): Promise<FlowRun> {
  const instance = await readInstance(db, tenantId, instanceId, lock);
  if (!instance) throw notFound('流程实例不存在');
  const definition = (await definitionById(db, tenantId, instance.definitionId))!;
  const model = await loadModel(db, tenantId, instance.formName);
  // The flow's own read: its tasks' assignees see the record whatever their data scope.
  const record = await recordDetail(db, model, systemReader(tenantId), instance.recordId);
  return { tenantId, instance, definition, model, record };
}

/** Where a task opens in the app (the 消息中心 link and the to-do list). */
export const taskLink = (taskId: number) => `/flow/task/${taskId}`;

/** Tells users about new tasks through 消息中心. */
export async function notifyTasks(db: Kysely<Database>, run: FlowRun, tasks: { id: number; userId: number; nodeName: string }[]): Promise<void> {
  await insertMessages(db as never, tasks.map((t) => ({
    tenantId: run.tenantId, userId: t.userId, msgType: '1', link: taskLink(t.id),
    title: `待办：${run.instance.title}`,
    content: `${run.instance.starterName}发起的「${run.model.form.cnName}」等待您在「${t.nodeName}」处理`,
  })));
}

/**
 * Tells the starter through 消息中心 how the request goes (issue 27 item 8): an approval, the end.
 * Nothing when the starter is the one who acted (they know).
 */
export async function notifyStarter(db: Kysely<Database>, run: FlowRun, byUserId: number | null, title: string, content: string): Promise<void> {
  if (byUserId === run.instance.starterId) return;
  await insertMessages(db as never, [{ tenantId: run.tenantId, userId: run.instance.starterId, msgType: '1', link: instanceLink(run.instance.id), title, content }]);
}

/**
 * Writes the tasks of a planned step and tells their assignees: the entries of all nodes, all
 * tasks and all 消息中心 messages, one statement each, however many branches the step entered.
 */
export async function writeTasks(db: Kysely<Database>, run: FlowRun, nodes: PlannedNode[]): Promise<void> {
  if (!nodes.length) return;
  const entries = await nextEntries(db, run.instance.id, nodes.map((n) => n.nodeId));
  // 依次审批: the first assignee's task opens, the others wait their turn (taskActions.approve opens the next).
  const inTurn = (nodeId: string) => run.definition.graph.nodes[nodeId]?.countersign === 'sequential';
  const rows = nodes.flatMap((n) => n.users.map((assigneeId, i) => ({ nodeId: n.nodeId, nodeName: n.nodeName, entry: entries.get(n.nodeId)!, assigneeId, status: inTurn(n.nodeId) && i > 0 ? 'waiting' as const : 'open' as const })));
  const ids = await insertStepTasks(db, run.tenantId, run.instance.id, rows);
  // 审批期限 runs from when a task opens: a task waiting its turn gets its due time when opened (openInTurn).
  await stampDueTimes(db, run.tenantId, run.now ?? new Date(), rows.map((r, i) => ({ id: ids[i], deadline: r.status === 'open' ? deadlineOf(run, r.nodeId) : undefined })));
  await notifyTasks(db, run, rows.map((r, i) => ({ id: ids[i], userId: r.assigneeId, nodeName: r.nodeName, open: r.status === 'open' })).filter((r) => r.open));
}

const deadlineOf = (run: FlowRun, nodeId: string) => run.definition.graph.nodes[nodeId]?.deadline;

/** 依次审批: opens the node entry's next task in turn, gives it its due time and tells its assignee. */
export async function openInTurn(db: Kysely<Database>, run: FlowRun, nodeId: string, entry: number): Promise<void> {
  const next = await openNextInTurn(db, run.instance.id, nodeId, entry);
  if (!next) return;
  await stampDueTimes(db, run.tenantId, run.now ?? new Date(), [{ id: next.id, deadline: deadlineOf(run, nodeId) }]);
  await notifyTasks(db, run, [{ id: next.id, userId: next.assigneeId, nodeName: next.nodeName }]);
}

/**
 * Sends the copies of the 抄送 nodes a step passed: their entries (抄送我的), one 消息中心 message
 * to each recipient and one history entry per node naming its recipients.
 */
export async function writeCc(db: Kysely<Database>, run: FlowRun, cc: PlannedNode[] | undefined, by: { userId: number; userName: string }): Promise<void> {
  const sent = (cc ?? []).filter((n) => n.users.length);
  if (!sent.length) return;
  const rows = sent.flatMap((n) => n.users.map((userId) => ({ nodeId: n.nodeId, nodeName: n.nodeName, userId })));
  await insertCcEntries(db, run.tenantId, run.instance.id, rows);
  await insertMessages(db as never, rows.map((r) => ({
    tenantId: run.tenantId, userId: r.userId, msgType: '1', link: instanceLink(run.instance.id),
    title: `抄送：${run.instance.title}`,
    content: `${run.instance.starterName}发起的「${run.model.form.cnName}」在「${r.nodeName}」抄送给您，请知悉`,
  })));
  const names = await nickNames(db, run.tenantId, rows.map((r) => r.userId));
  for (const n of sent) {
    await addHistory(db, run.tenantId, {
      instanceId: run.instance.id, action: 'cc', operType: BUSINESS_TYPE.other, userId: by.userId, userName: by.userName,
      nodeId: n.nodeId, nodeName: n.nodeName, target: n.users.map((u) => names.get(u) ?? String(u)).join('、'),
    });
  }
}

/**
 * History of what the flow's settings did in a step (`action: 'auto'`): nodes skipped and nodes
 * given to the administrator (named in `target`) by the nobody rule, nodes approved by themselves
 * (自动通过) because their decider had just approved; `by` is the one whose action it was.
 */
export async function writeAuto(db: Kysely<Database>, run: FlowRun, plan: StepPlan, by: { userId: number; userName: string }): Promise<void> {
  const toAdmin = plan.nodes.filter((n) => n.toAdmin);
  const names = await nickNames(db, run.tenantId, toAdmin.flatMap((n) => n.users));
  const notes = [
    ...(plan.skipped ?? []).map((n) => ({ n, comment: '找不到处理人，已自动跳过', target: '' })),
    ...toAdmin.map((n) => ({ n, comment: '找不到处理人，已转交管理员', target: n.users.map((u) => names.get(u) ?? String(u)).join('、') })),
    ...(plan.autoApproved ?? []).map((n) => ({ n, comment: '自动通过：与上一节点审批人相同', target: '' })),
  ];
  for (const { n, comment, target } of notes) {
    await addHistory(db, run.tenantId, { instanceId: run.instance.id, action: 'auto', operType: BUSINESS_TYPE.other, userId: by.userId, userName: by.userName, nodeId: n.nodeId, nodeName: n.nodeName, comment, target });
  }
}

/** Ends an instance: its status, the record's sys_status (1 done, -1 back to draft) and, when done, a history entry. */
export async function endInstance(db: Kysely<Database>, run: FlowRun, status: Exclude<InstanceStatus, 'running'>, by: { userId: number; userName: string }): Promise<void> {
  await saveInstance(db, run.tenantId, run.instance.id, run.instance.state, status);
  await setStatus(db, run.model, run.tenantId, [run.instance.recordId], status === 'completed' ? 1 : -1, by.userName);
  if (status === 'completed') {
    await addHistory(db, run.tenantId, { instanceId: run.instance.id, action: 'end', operType: 17, userId: by.userId, userName: by.userName, nodeName: '结束' });
    // The end is news to the starter even when the last approver was the starter.
    await notifyStarter(db, run, null, `已办结：${run.instance.title}`, `您发起的「${run.model.form.cnName}」已审批通过，流程已结束`);
  }
  run.instance.status = status;
}

/** Applies a planned step: saves its state, writes its tasks, finishes the instance when nothing is active. */
export async function applyPlan(db: Kysely<Database>, run: FlowRun, plan: StepPlan, by: { userId: number; userName: string }): Promise<void> {
  run.instance.state = plan.result.state;
  // A copy is sent when its node is passed, also on the way to the end.
  await writeAuto(db, run, plan, by);
  await writeCc(db, run, plan.cc, by);
  if (plan.result.finished) return endInstance(db, run, 'completed', by);
  await saveInstance(db, run.tenantId, run.instance.id, plan.result.state);
  await writeTasks(db, run, plan.nodes);
}

/** Moves on from a user task whose every task is done; `ahead`: the step planned before the transaction, used when its basis holds. */
export async function completeNode(db: Kysely<Database>, run: FlowRun, nodeId: string, by: { userId: number; userName: string }, ahead?: StepPlan | null): Promise<void> {
  const step = { op: 'advance' as const, state: run.instance.state, fromId: nodeId, approvedBy: by.userId };
  await applyPlan(db, run, await planFor(db, await inputsOf(db, run, ahead?.ctx), step, ahead), by);
}
