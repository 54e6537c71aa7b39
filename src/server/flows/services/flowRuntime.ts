/**
 * The runtime of an instance inside one transaction: load it with its definition, form and record;
 * judge gateway conditions with the adapter; enter user tasks (assignees, tasks, 消息中心); move on
 * after a node completes, and finish. Callers hold the instance lock (readInstance(…, true)).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { compileCondition } from '../../../../schema-adapters/index.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { starterContext } from '../repositories/assignees.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { loadModel } from '../../records/services/recordContext.js';
import { recordDetail } from '../../records/services/recordRead.js';
import type { FormModel } from '../../records/query/formModel.js';
import { setStatus } from '../../records/repositories/recordWrites.js';
import { advance, type AdvanceResult } from '../engine/advance.js';
import type { ConditionJudge } from '../engine/advance.js';
import { FlowDefinitionError } from '../engine/parseBpmn.js';
import { definitionById, type FlowDefinitionRow } from '../repositories/flowDefinitions.js';
import { readInstance, saveInstance, type InstanceRow, type InstanceStatus } from '../repositories/flowInstances.js';
import { insertTasks, nextEntry } from '../repositories/flowTasks.js';
import { addHistory } from '../repositories/flowHistory.js';
import { resolveAssignees } from '../repositories/assignees.js';

/** An instance with everything an action needs. */
export interface FlowRun {
  tenantId: number;
  instance: InstanceRow;
  definition: FlowDefinitionRow;
  model: FormModel;
  record: Record<string, unknown>;
}


/** The gateway judge over a record: only a condition that evaluates to `true` holds. */
export async function judgeFor(db: Kysely<Database>, tenantId: number, model: FormModel, record: Record<string, unknown>, starterId: number): Promise<ConditionJudge> {
  const ctx = await starterContext(db, tenantId, starterId);
  const formFields = new Set(model.form.definition.fields.map((f) => f.enName));
  return (condition) => compileCondition(condition).evaluate(record, ctx, { formFields }) === true;
}

/** Loads an instance (locked when `lock`) with its pinned definition, its form and its record. */
export async function loadRun(db: Kysely<Database>, tenantId: number, instanceId: number, lock: boolean): Promise<FlowRun> {
  const instance = await readInstance(db, tenantId, instanceId, lock);
  if (!instance) throw notFound('流程实例不存在');
  const definition = (await definitionById(db, tenantId, instance.definitionId))!;
  const model = await loadModel(db, tenantId, instance.formName);
  const record = await recordDetail(db, model, tenantId, instance.recordId);
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

/** Creates the tasks of nodes just entered and notifies their assignees. */
export async function enterNodes(db: Kysely<Database>, run: FlowRun, nodeIds: string[]): Promise<void> {
  for (const nodeId of nodeIds) {
    const node = run.definition.graph.nodes[nodeId];
    const users = await resolveAssignees(db, run.tenantId, node, run.record, run.instance.starterId);
    const entry = await nextEntry(db, run.instance.id, nodeId);
    const nodeName = node.name || node.id;
    const ids = await insertTasks(db, run.tenantId, { instanceId: run.instance.id, nodeId, nodeName, entry, kind: 'assignee' }, users);
    await notifyTasks(db, run, ids.map((id, i) => ({ id, userId: users[i], nodeName })));
  }
}

/** Ends an instance: its status, the record's sys_status (1 done, -1 back to draft) and, when done, a history entry. */
export async function endInstance(db: Kysely<Database>, run: FlowRun, status: Exclude<InstanceStatus, 'running'>, by: { userId: number; userName: string }): Promise<void> {
  await saveInstance(db, run.tenantId, run.instance.id, run.instance.state, status);
  await setStatus(db, run.model, run.tenantId, [run.instance.recordId], status === 'completed' ? 1 : -1, by.userName);
  if (status === 'completed') await addHistory(db, run.tenantId, { instanceId: run.instance.id, action: 'end', operType: 17, userId: by.userId, userName: by.userName, nodeName: '结束' });
  run.instance.status = status;
}

/** Applies an engine step: saves its state, enters its tasks, finishes the instance when nothing is active. */
export async function applyStep(db: Kysely<Database>, run: FlowRun, step: AdvanceResult, by: { userId: number; userName: string }): Promise<void> {
  run.instance.state = step.state;
  if (step.finished) return endInstance(db, run, 'completed', by);
  await saveInstance(db, run.tenantId, run.instance.id, step.state);
  await enterNodes(db, run, step.entered);
}

/** Moves on from a user task whose every task is done. */
export async function completeNode(db: Kysely<Database>, run: FlowRun, nodeId: string, by: { userId: number; userName: string }): Promise<void> {
  const judge = await judgeFor(db, run.tenantId, run.model, run.record, run.instance.starterId);
  await applyStep(db, run, await asBadRequest(() => advance(run.definition.graph, run.instance.state, nodeId, judge)), by);
}

/** An engine step; a flow that cannot go on (no gateway branch holds) is the submitter's 400. */
export async function asBadRequest<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof FlowDefinitionError) throw badRequest(e.message);
    throw e;
  }
}
