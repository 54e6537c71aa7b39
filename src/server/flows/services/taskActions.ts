/**
 * The actions on tasks and instances (issue 18): approve, reject, withdraw, transfer, add-sign and
 * the administrators' reassign. Each runs in one transaction that first locks the instance row,
 * then changes the task only if it is still open and the caller's, so it happens exactly once.
 */
import { systemReader } from '../../records/services/dataScope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/HttpError.js';
import { inTransaction } from '../../records/services/inTransaction.js';
import { logWrite, type RecordCaller } from '../../records/services/recordContext.js';
import { editRecord } from '../../records/services/recordWrite.js';
import { recordDetail } from '../../records/services/recordRead.js';
import { userTasksInOrder, type FlowNode } from '../engine/graph.js';
import { actedSinceSubmit, addHistory } from '../repositories/flowHistory.js';
import { cancelTasks, closeTask, holdersOfEntry, insertTasks, moveTask, pendingBesides, pendingCount, readTask, setTaskStatus, tasksOfInstance, type TaskRow } from '../repositories/flowTasks.js';
import { saveInstance } from '../repositories/flowInstances.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { activeUsers, nickNames } from '../repositories/assignees.js';
import { tenantKeys } from '../../files/fileRefs.js';
import { downloadUrl } from '../../files/fileKeys.js';

/**
 * Attachments must be the caller's tenant's uploads; each is stored as its canonical download
 * address, so a comment can never carry a foreign or `javascript:` link.
 */
function ownFiles<T extends ActionInput>(input: T, tenantId: number): T {
  const list = (input.attachments ?? []) as { name?: unknown; url?: unknown }[];
  const keys = tenantKeys(list.map((a) => String(a.url ?? '')), tenantId);
  return { ...input, attachments: keys.map((k, i) => ({ name: String(list[i].name ?? k.name).slice(0, 255), url: downloadUrl(k.key) })) };
}
import { completeNode, endInstance, inputsOf, loadRun, notifyStarter, notifyTasks, openInTurn, writeAuto, writeCc, writeTasks, type FlowRun } from './flowRuntime.js';
import { planAhead, planStep, type StepPlan } from './flowPlan.js';
import { stampDueTimes } from './taskDueTimes.js';
import { fieldNameOfKey } from '../../../../schema-adapters/index.js';

/** What every action may carry. */
export interface ActionInput {
  taskId: number;
  comment?: string;
  attachments?: unknown[];
}

const who = (caller: RecordCaller) => ({ userId: caller.user.userId, userName: caller.user.nickName || caller.user.userName });

/** The task and its instance, locked; a task of another tenant is "not found". */
async function lockTask(trx: Kysely<Database>, caller: RecordCaller, taskId: number): Promise<{ run: FlowRun; task: TaskRow }> {
  const tenantId = caller.user.tenantId;
  const found = await readTask(trx, tenantId, taskId);
  if (!found) throw notFound('任务不存在');
  const run = await loadRun(trx, tenantId, found.instanceId, true);
  if (run.instance.status !== 'running') throw conflict('流程已结束');
  const task = (await readTask(trx, tenantId, taskId))!;
  if (task.status === 'open' && task.assigneeId !== caller.user.userId) throw forbidden('您不是该任务的处理人');
  if (task.status !== 'open') throw conflict('任务已处理');
  run.now = caller.now;
  return { run, task };
}

/** Closes the caller's task (the conditional UPDATE: a second request finds it closed). */
async function close(trx: Kysely<Database>, caller: RecordCaller, task: TaskRow, result: string, input: ActionInput): Promise<TaskRow> {
  const closed = await closeTask(trx, caller.user.tenantId, task.id, caller.user.userId, result, input.comment ?? '', input.attachments ?? []);
  if (!closed) throw conflict('任务已处理');
  return closed;
}

async function log(trx: Kysely<Database>, caller: RecordCaller, run: FlowRun, type: number, param: Record<string, unknown>) {
  await logWrite(trx, caller, run.model.form.cnName, type, { formName: run.instance.formName, id: run.instance.recordId, instanceId: run.instance.id, ...param });
}

/** Writes the node's editable fields sent with an approval (any other field is a 400). */
async function applyEdits(trx: Kysely<Database>, caller: RecordCaller, run: FlowRun, nodeId: string, data: Record<string, unknown>): Promise<void> {
  const editable = new Set(run.definition.nodeFields[nodeId]?.editable ?? []);
  const refused = Object.keys(data).filter((k) => !editable.has(fieldNameOfKey(k)));
  if (refused.length) throw badRequest(`当前节点不能修改字段：${refused.join(', ')}`);
  if (!Object.keys(data).length) return;
  await editRecord(trx, run.model, { ...caller, inFlow: true }, run.instance.recordId, { data, version: run.record.version }, 'save');
  run.record = await recordDetail(trx, run.model, systemReader(run.tenantId), run.instance.recordId);
}

/**
 * The next step when this approval would complete its node, planned before the transaction
 * (flowPlan.ts: the engine in its worker, the assignees of a parallel gateway's branches) from
 * reads without a lock; null when the node would not complete yet or the approval edits fields.
 * The transaction uses it only if the instance's state, the record and the conditions' outcomes
 * are still those it was planned on.
 */
async function planApproval(db: Kysely<Database>, caller: RecordCaller, input: ActionInput & { data?: Record<string, unknown> }): Promise<StepPlan | null> {
  if (input.data && Object.keys(input.data).length) return null;
  return planAhead(async () => {
    const tenantId = caller.user.tenantId;
    const task = await readTask(db, tenantId, input.taskId);
    if (!task || task.status !== 'open' || task.assigneeId !== caller.user.userId || task.kind === 'before') return null;
    const run = await loadRun(db, tenantId, task.instanceId, false);
    if (run.instance.status !== 'running') return null;
    const node = run.definition.graph.nodes[task.nodeId];
    const firstDecides = task.kind === 'assignee' && firstOneDecides(node);
    if ((await pendingBesides(db, run.instance.id, task.nodeId, task.entry, task.id, firstDecides)) > 0) return null;
    return planStep(db, await inputsOf(db, run), { op: 'advance', state: run.instance.state, fromId: task.nodeId, approvedBy: caller.user.userId });
  });
}

/** 或签 (and no countersign): the first approval decides for the node's other candidates; not 会签 nor 依次审批. */
export const firstOneDecides = (node: FlowNode) => node.countersign !== 'all' && node.countersign !== 'sequential';

/** 同意: closes the task; the node completes when its countersign rule says so, and the flow moves on. */
export async function approve(db: Kysely<Database>, caller: RecordCaller, input: ActionInput & { data?: Record<string, unknown> }): Promise<void> {
  input = ownFiles(input, caller.user.tenantId);
  const ahead = await planApproval(db, caller, input);
  await inTransaction(db, async (trx) => {
    const { run, task } = await lockTask(trx, caller, input.taskId);
    if (input.data) await applyEdits(trx, caller, run, task.nodeId, input.data);
    await close(trx, caller, task, 'approve', input);
    await addHistory(trx, run.tenantId, { instanceId: run.instance.id, taskId: task.id, nodeId: task.nodeId, nodeName: task.nodeName, action: 'approve', operType: BUSINESS_TYPE.flowApprove, ...who(caller), comment: input.comment, attachments: input.attachments });
    await log(trx, caller, run, BUSINESS_TYPE.flowApprove, { taskId: task.id });
    const comment = input.comment?.trim() ? `：${input.comment.trim()}` : '';
    await notifyStarter(trx, run, caller.user.userId, `已同意：${run.instance.title}`, `${who(caller).userName}在「${task.nodeName}」同意了您的申请${comment}`);
    if (task.kind === 'before') {
      // A before-sign returns the task to the one who asked once every added signer approved.
      if (task.parentTaskId && (await pendingCount(trx, run.instance.id, task.nodeId, task.entry, task.parentTaskId)) === 0) {
        await setTaskStatus(trx, run.tenantId, task.parentTaskId, 'waiting', 'open');
      }
      return;
    }
    const node = run.definition.graph.nodes[task.nodeId];
    // Without countersign `all`, the first approval decides for the node's other candidates.
    if (task.kind === 'assignee' && firstOneDecides(node)) await cancelTasks(trx, run.instance.id, { nodeId: task.nodeId, entry: task.entry, kind: 'assignee' });
    if (task.kind === 'assignee' && node.countersign === 'sequential') await openInTurn(trx, run, task.nodeId, task.entry);
    if ((await pendingCount(trx, run.instance.id, task.nodeId, task.entry)) > 0) return;
    await completeNode(trx, run, task.nodeId, who(caller), ahead);
  });
}

/** The user tasks a rejection may return to: those before the current node that completed in this instance. */
export async function rejectTargets(db: Kysely<Database>, run: FlowRun, currentNodeId: string): Promise<{ nodeId: string; nodeName: string }[]> {
  const done = new Set((await tasksOfInstance(db, run.instance.id)).filter((t) => t.status === 'done' && t.result !== 'reject').map((t) => t.nodeId));
  const out: { nodeId: string; nodeName: string }[] = [];
  for (const n of userTasksInOrder(run.definition.graph)) {
    if (n.id === currentNodeId) break;
    if (done.has(n.id)) out.push({ nodeId: n.id, nodeName: n.name || n.id });
  }
  return out;
}

/** 驳回: to the start (the record returns to its starter as a draft) or to an earlier node that completed. */
export async function reject(db: Kysely<Database>, caller: RecordCaller, input: ActionInput & { targetNodeId?: string | null }): Promise<void> {
  input = ownFiles(input, caller.user.tenantId);
  await inTransaction(db, async (trx) => {
    const { run, task } = await lockTask(trx, caller, input.taskId);
    const target = input.targetNodeId || null;
    if (target && !(await rejectTargets(trx, run, task.nodeId)).some((t) => t.nodeId === target)) throw badRequest('只能驳回到已经办理过的前序节点');
    await close(trx, caller, task, 'reject', input);
    await cancelTasks(trx, run.instance.id);
    const targetName = target ? run.definition.graph.nodes[target].name || target : '发起人';
    await addHistory(trx, run.tenantId, { instanceId: run.instance.id, taskId: task.id, nodeId: task.nodeId, nodeName: task.nodeName, action: 'reject', operType: BUSINESS_TYPE.reject, ...who(caller), comment: input.comment, attachments: input.attachments, target: targetName });
    await log(trx, caller, run, BUSINESS_TYPE.reject, { taskId: task.id, target });
    if (!target) {
      await endInstance(trx, run, 'rejected', who(caller));
      await insertMessages(trx as never, [{ tenantId: run.tenantId, userId: run.instance.starterId, msgType: '1', title: `已驳回：${run.instance.title}`, content: `${who(caller).userName}驳回了您的申请：${input.comment ?? ''}`, link: `/auto/${run.instance.formName}/${run.instance.recordId}` }]);
      return;
    }
    // One node is entered: planned here (the engine still runs in its worker).
    const plan = await planStep(trx, await inputsOf(trx, run), { op: 'reset', nodeId: target });
    run.instance.state = plan.result.state;
    await saveInstance(trx, run.tenantId, run.instance.id, run.instance.state);
    await writeAuto(trx, run, plan, who(caller));
    await writeCc(trx, run, plan.cc, who(caller));
    await writeTasks(trx, run, plan.nodes);
  });
}

/** 撤回: the starter takes the record back (as a draft) while nobody has acted since the submit. */
export async function withdraw(db: Kysely<Database>, caller: RecordCaller, input: { instanceId: number; comment?: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const run = await loadRun(trx, caller.user.tenantId, input.instanceId, true);
    if (run.instance.starterId !== caller.user.userId) throw forbidden('只有发起人可以撤回');
    if (run.instance.status !== 'running') throw conflict('流程已结束');
    if (await actedSinceSubmit(trx, run.instance.id)) throw conflict('下一节点已处理，不能撤回');
    await cancelTasks(trx, run.instance.id);
    await addHistory(trx, run.tenantId, { instanceId: run.instance.id, action: 'withdraw', operType: BUSINESS_TYPE.withdraw, ...who(caller), comment: input.comment, nodeName: '撤回' });
    await endInstance(trx, run, 'withdrawn', who(caller));
    await log(trx, caller, run, BUSINESS_TYPE.withdraw, {});
  });
}

async function oneUser(trx: Kysely<Database>, caller: RecordCaller, userId: number): Promise<number> {
  const [u] = await activeUsers(trx, caller.user.tenantId, [userId]);
  if (!u) throw badRequest('用户不存在');
  return u;
}

/**
 * One person, one say per node entry (ADR 1066): a 转签, 加签 or 改派 target who already holds an
 * open or waiting task of the task's node entry, or approved one, is refused with a 400 — in a 会签
 * they would otherwise approve twice. Several targets (加签) are named.
 */
async function refuseHolders(trx: Kysely<Database>, run: FlowRun, task: TaskRow, users: number[]): Promise<void> {
  const { pending, approved } = await holdersOfEntry(trx, run.instance.id, task.nodeId, task.entry, task.id);
  for (const [set, what] of [[pending, '已是当前节点的审批人'], [approved, '已审批过当前节点']] as const) {
    const found = users.filter((u) => set.has(u));
    if (!found.length) continue;
    if (users.length === 1) throw badRequest(`该用户${what}`);
    const names = await nickNames(trx, run.tenantId, found);
    throw badRequest(`${found.map((u) => names.get(u) ?? String(u)).join('、')}${what}`);
  }
}

/** 转签: the task goes to another user, who acts in the caller's place. */
export async function transfer(db: Kysely<Database>, caller: RecordCaller, input: ActionInput & { userId: number }): Promise<void> {
  input = ownFiles(input, caller.user.tenantId);
  await inTransaction(db, async (trx) => {
    const { run, task } = await lockTask(trx, caller, input.taskId);
    const to = await oneUser(trx, caller, input.userId);
    if (to === caller.user.userId) throw badRequest('不能转签给自己');
    await refuseHolders(trx, run, task, [to]);
    if (!(await moveTask(trx, run.tenantId, task.id, caller.user.userId, to))) throw conflict('任务已处理');
    const names = await nickNames(trx, run.tenantId, [to]);
    await addHistory(trx, run.tenantId, { instanceId: run.instance.id, taskId: task.id, nodeId: task.nodeId, nodeName: task.nodeName, action: 'transfer', operType: BUSINESS_TYPE.transferSign, ...who(caller), comment: input.comment, attachments: input.attachments, target: names.get(to) ?? String(to) });
    await log(trx, caller, run, BUSINESS_TYPE.transferSign, { taskId: task.id, to });
    await notifyTasks(trx, run, [{ id: task.id, userId: to, nodeName: task.nodeName }]);
  });
}

/**
 * 加签: `before` — the added users approve first, then the task returns to the caller; `after` —
 * the caller approves now and the node waits for the added users too.
 */
export async function addSign(db: Kysely<Database>, caller: RecordCaller, input: ActionInput & { userIds: number[]; position: 'before' | 'after' }): Promise<void> {
  input = ownFiles(input, caller.user.tenantId);
  await inTransaction(db, async (trx) => {
    const { run, task } = await lockTask(trx, caller, input.taskId);
    const users = await activeUsers(trx, run.tenantId, input.userIds);
    if (users.length !== new Set(input.userIds).size) throw badRequest('用户不存在');
    if (users.includes(caller.user.userId)) throw badRequest('不能给自己加签');
    await refuseHolders(trx, run, task, users);
    const names = await nickNames(trx, run.tenantId, users);
    const base = { instanceId: run.instance.id, nodeId: task.nodeId, nodeName: task.nodeName, entry: task.entry };
    if (input.position === 'before') {
      if (!(await setTaskStatus(trx, run.tenantId, task.id, 'open', 'waiting', caller.user.userId))) throw conflict('任务已处理');
    } else {
      await close(trx, caller, task, 'approve', input);
      const node = run.definition.graph.nodes[task.nodeId];
      if (task.kind === 'assignee' && firstOneDecides(node)) await cancelTasks(trx, run.instance.id, { nodeId: task.nodeId, entry: task.entry, kind: 'assignee' });
      if (task.kind === 'assignee' && node.countersign === 'sequential') await openInTurn(trx, run, task.nodeId, task.entry);
    }
    const ids = await insertTasks(trx, run.tenantId, { ...base, kind: input.position, parentTaskId: input.position === 'before' ? task.id : undefined }, users);
    // The added signers answer to the node's 审批期限 too, counted from now like any task that opens.
    const deadline = run.definition.graph.nodes[task.nodeId]?.deadline;
    await stampDueTimes(trx, run.tenantId, run.now ?? new Date(), ids.map((id) => ({ id, deadline })));
    await addHistory(trx, run.tenantId, { instanceId: run.instance.id, taskId: task.id, nodeId: task.nodeId, nodeName: task.nodeName, action: 'addSign', operType: BUSINESS_TYPE.addSign, ...who(caller), comment: input.comment, attachments: input.attachments, target: `${input.position === 'before' ? '前' : '后'}加签：${users.map((u) => names.get(u)).join('、')}` });
    await log(trx, caller, run, BUSINESS_TYPE.addSign, { taskId: task.id, userIds: users, position: input.position });
    await notifyTasks(trx, run, ids.map((id, i) => ({ id, userId: users[i], nodeName: task.nodeName })));
  });
}

/** Administrators hand an open or waiting task to another user (a person left, fell ill, …). */
export async function reassign(db: Kysely<Database>, caller: RecordCaller, input: { taskId: number; userId: number; comment?: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const tenantId = caller.user.tenantId;
    const found = await readTask(trx, tenantId, input.taskId);
    if (!found) throw notFound('任务不存在');
    const run = await loadRun(trx, tenantId, found.instanceId, true);
    if (run.instance.status !== 'running') throw conflict('流程已结束');
    const to = await oneUser(trx, caller, input.userId);
    if (to !== found.assigneeId) await refuseHolders(trx, run, found, [to]);
    const moved = await moveTask(trx, tenantId, found.id, null, to);
    if (!moved) throw conflict('任务已处理');
    const names = await nickNames(trx, tenantId, [to]);
    await addHistory(trx, tenantId, { instanceId: run.instance.id, taskId: found.id, nodeId: found.nodeId, nodeName: found.nodeName, action: 'reassign', operType: BUSINESS_TYPE.transferSign, ...who(caller), comment: input.comment, target: names.get(to) ?? String(to) });
    await log(trx, caller, run, BUSINESS_TYPE.transferSign, { taskId: found.id, to, reassign: true });
    if (moved.status === 'open') await notifyTasks(trx, run, [{ id: found.id, userId: to, nodeName: found.nodeName }]);
  });
}
