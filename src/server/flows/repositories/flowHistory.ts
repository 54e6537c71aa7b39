/** The history of an instance: one row per action, with the operation type of spec 01 §9 (13–18). */
import { sql, type Kysely } from 'kysely';
import type { FlowDbRow } from './flowDbRow.js';
import type { Database } from '../../db/types.js';

export type HistoryAction = 'submit' | 'approve' | 'reject' | 'withdraw' | 'transfer' | 'addSign' | 'reassign' | 'end' | 'cc' | 'urge' | 'auto' | 'timeout';

export interface HistoryEntry {
  instanceId: number;
  taskId?: number | null;
  nodeId?: string;
  nodeName?: string;
  action: HistoryAction;
  operType: number;
  userId: number;
  userName: string;
  comment?: string;
  attachments?: unknown[];
  target?: string;
}

/** Appends one entry. */
export async function addHistory(db: Kysely<Database>, tenantId: number, e: HistoryEntry): Promise<void> {
  await sql`INSERT INTO flow_history (tenant_id, instance_id, task_id, node_id, node_name, action, oper_type, user_id, user_name, comment, attachments, target)
    VALUES (${tenantId}, ${e.instanceId}, ${e.taskId ?? null}, ${e.nodeId ?? ''}, ${e.nodeName ?? ''}, ${e.action}, ${e.operType}, ${e.userId}, ${e.userName},
      ${e.comment ?? ''}, ${JSON.stringify(e.attachments ?? [])}::jsonb, ${e.target ?? ''})`.execute(db);
}

/** The entries of an instance, oldest first. */
export async function historyOf(db: Kysely<Database>, tenantId: number, instanceId: number) {
  const r = await sql<FlowDbRow>`SELECT id, task_id, node_id, node_name, action, oper_type, user_id, user_name, comment, attachments, target, create_time
    FROM flow_history WHERE tenant_id = ${tenantId} AND instance_id = ${instanceId} ORDER BY id`.execute(db);
  return r.rows.map((x) => ({
    id: Number(x.id), taskId: x.task_id === null ? null : Number(x.task_id), nodeId: x.node_id, nodeName: x.node_name, action: x.action as HistoryAction,
    operType: x.oper_type, userId: Number(x.user_id), userName: x.user_name, comment: x.comment, attachments: x.attachments, target: x.target, createTime: x.create_time,
  }));
}

/** Tasks among `taskIds` urged after `since` (催办 is limited per task and hour). */
export async function urgedSince(db: Kysely<Database>, instanceId: number, taskIds: number[], since: Date): Promise<Map<number, Date>> {
  if (!taskIds.length) return new Map();
  const r = await sql<{ task_id: string | number; last: Date }>`SELECT task_id, max(create_time) AS last FROM flow_history
    WHERE instance_id = ${instanceId} AND action = 'urge' AND task_id = ANY(${taskIds}::bigint[]) AND create_time > ${since} GROUP BY task_id`.execute(db);
  return new Map(r.rows.map((x) => [Number(x.task_id), new Date(x.last)]));
}

/** Records one 催办 per task at `at` (the caller's clock, which the hourly limit reads back). */
export async function addUrges(db: Kysely<Database>, tenantId: number, instanceId: number, by: { userId: number; userName: string }, tasks: { taskId: number; nodeId: string; nodeName: string; target: string }[], at: Date): Promise<void> {
  for (const t of tasks) {
    await sql`INSERT INTO flow_history (tenant_id, instance_id, task_id, node_id, node_name, action, oper_type, user_id, user_name, target, create_time)
      VALUES (${tenantId}, ${instanceId}, ${t.taskId}, ${t.nodeId}, ${t.nodeName}, 'urge', 0, ${by.userId}, ${by.userName}, ${t.target}, ${at})`.execute(db);
  }
}

/** Whether anyone acted (approve, reject, transfer, add-sign, a deadline's 自动通过) after the latest submit: withdraw is then too late. */
export async function actedSinceSubmit(db: Kysely<Database>, instanceId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_history WHERE instance_id = ${instanceId}
    AND (action IN ('approve', 'reject', 'transfer', 'addSign') OR (action = 'auto' AND task_id IS NOT NULL))
    AND id > (SELECT coalesce(max(id), 0) FROM flow_history WHERE instance_id = ${instanceId} AND action = 'submit')`.execute(db);
  return Number(r.rows[0].n) > 0;
}
