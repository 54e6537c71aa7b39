/** Reads for the screens: a task with its node's field map, an instance with its history and diagram. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../../auth/types.js';
import { hasAnyPermission } from '../../auth/permissions.js';
import { notFound } from '../../http/HttpError.js';
import { formPerm } from '../../records/services/formPermissions.js';
import { actedSinceSubmit, historyOf } from '../repositories/flowHistory.js';
import { latestInstanceOfRecord, readInstance, type InstanceRow } from '../repositories/flowInstances.js';
import { readTask, tasksOfInstance, type TaskRow } from '../repositories/flowTasks.js';
import { isCcRecipient } from '../repositories/flowCc.js';
import { loadRun } from './flowRuntime.js';
import { rejectTargets } from './taskActions.js';
import { fieldNameOfKey } from '../../../../schema-adapters/index.js';

/**
 * Who may look at an instance: its starter, anyone who had a task in it, its 抄送 recipients and
 * holders of the form's query or list:root permission (administrators pass every check). Others get a 404.
 */
async function canView(db: Kysely<Database>, user: AuthUser, instance: InstanceRow, tasks: TaskRow[]): Promise<boolean> {
  if (instance.starterId === user.userId) return true;
  if (tasks.some((t) => t.assigneeId === user.userId || t.completedBy === user.userId)) return true;
  if (hasAnyPermission(user, formPerm(instance.formName, 'query'), formPerm(instance.formName, 'list:root'))) return true;
  // A 抄送 recipient reads what was copied to them (the message links to the instance).
  return isCcRecipient(db, user.tenantId, instance.id, user.userId);
}

/** Which fields a node hides, as the adapter's flow-mode `visibleMap` (absent = visible). */
function visibleMapOf(hidden: string[] | undefined): Record<string, boolean> {
  return Object.fromEntries((hidden ?? []).map((f) => [f, false]));
}

function withoutHidden(record: Record<string, unknown>, hidden: string[]): Record<string, unknown> {
  const drop = new Set(hidden);
  return Object.fromEntries(Object.entries(record).filter(([k]) => !drop.has(fieldNameOfKey(k))));
}

/** An instance, its history, active and finished nodes, and what the caller may do. */
export async function instanceView(db: Kysely<Database>, user: AuthUser, instanceId: number) {
  const run = await loadRun(db, user.tenantId, instanceId, false);
  const tasks = await tasksOfInstance(db, instanceId);
  if (!(await canView(db, user, run.instance, tasks))) throw notFound('流程实例不存在');
  const i = run.instance;
  const running = i.status === 'running';
  const myTask = tasks.find((t) => t.status === 'open' && t.assigneeId === user.userId);
  return {
    instanceId: i.id, formName: i.formName, formCnName: run.model.form.cnName, recordId: i.recordId, title: i.title, status: i.status,
    starterId: i.starterId, starterName: i.starterName, createTime: i.createTime, endTime: i.endTime, definitionId: run.definition.id, version: run.definition.version,
    activeNodes: running ? [...new Set(tasks.filter((t) => t.status === 'open' || t.status === 'waiting').map((t) => t.nodeId))] : [],
    finishedNodes: [...new Set(tasks.filter((t) => t.status === 'done').map((t) => t.nodeId))],
    tasks: tasks.map((t) => ({ taskId: t.id, nodeId: t.nodeId, nodeName: t.nodeName, kind: t.kind, assigneeId: t.assigneeId, status: t.status, result: t.result, comment: t.comment, createTime: t.createTime, endTime: t.endTime })),
    history: await historyOf(db, user.tenantId, instanceId),
    canWithdraw: running && i.starterId === user.userId && !(await actedSinceSubmit(db, instanceId)),
    myTaskId: myTask?.id ?? null,
  };
}

/** The BPMN of an instance's version with its active and finished nodes (the /flow-pic page). */
export async function instanceDiagram(db: Kysely<Database>, user: AuthUser, instanceId: number) {
  const run = await loadRun(db, user.tenantId, instanceId, false);
  const tasks = await tasksOfInstance(db, instanceId);
  if (!(await canView(db, user, run.instance, tasks))) throw notFound('流程实例不存在');
  return {
    xml: run.definition.bpmnXml,
    activeNodes: run.instance.status === 'running' ? [...new Set(tasks.filter((t) => t.status === 'open' || t.status === 'waiting').map((t) => t.nodeId))] : [],
    finishedNodes: [...new Set(tasks.filter((t) => t.status === 'done').map((t) => t.nodeId))],
  };
}

/** A task for the task page: the record to open, the node's field map and the actions the caller has. */
export async function taskView(db: Kysely<Database>, user: AuthUser, taskId: number, now: Date = new Date()) {
  const task = await readTask(db, user.tenantId, taskId);
  if (!task) throw notFound('任务不存在');
  const run = await loadRun(db, user.tenantId, task.instanceId, false);
  const tasks = await tasksOfInstance(db, task.instanceId);
  if (!(await canView(db, user, run.instance, tasks))) throw notFound('任务不存在');
  const nf = run.definition.nodeFields[task.nodeId] ?? {};
  const node = run.definition.graph.nodes[task.nodeId];
  const canAct = run.instance.status === 'running' && task.status === 'open' && task.assigneeId === user.userId;
  return {
    taskId: task.id, nodeId: task.nodeId, nodeName: task.nodeName, kind: task.kind, status: task.status, countersign: node?.countersign ?? null,
    instanceId: run.instance.id, instanceStatus: run.instance.status, formName: run.instance.formName, recordId: run.instance.recordId, title: run.instance.title,
    starterName: run.instance.starterName, visibleMap: visibleMapOf(nf.hidden), editable: nf.editable ?? [], canAct,
    // 到期时间 / 已超时 as 我的待办 shows them (listTasks): overdue when the due time passed while open.
    dueTime: task.dueTime, overdue: !!task.dueTime && task.dueTime.getTime() <= (task.endTime ?? now).getTime(),
    rejectTargets: canAct ? await rejectTargets(db, run, task.nodeId) : [],
    // Who already has a say in this node entry (ADR 1066): 转签 and 加签 refuse them, the picker leaves them out.
    nodeUserIds: canAct ? [...new Set(tasks.filter((t) => t.id !== task.id && t.nodeId === task.nodeId && t.entry === task.entry
      && (t.status === 'open' || t.status === 'waiting' || (t.status === 'done' && t.result === 'approve'))).map((t) => t.assigneeId))] : [],
    // The record travels with the task (an approver may lack the form's query permission); the
    // node's hidden fields never leave the server.
    record: withoutHidden(run.record, nf.hidden ?? []),
  };
}

/** The newest instance of a record (the record page's flow panel), or null. */
export async function recordInstance(db: Kysely<Database>, user: AuthUser, formName: string, recordId: number) {
  const i = await latestInstanceOfRecord(db, user.tenantId, formName, recordId);
  if (!i) return null;
  const tasks = await tasksOfInstance(db, i.id);
  if (!(await canView(db, user, i, tasks))) return null;
  return { instanceId: i.id, status: i.status };
}

export { readInstance };
