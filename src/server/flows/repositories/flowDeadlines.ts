/**
 * The SQL of 审批期限 (ADR 1049) on `flow_tasks` (migration 198): setting a task's due and
 * reminder instants, claiming an instance with something due, and the conditional updates that
 * make each deadline fire at most once.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Sets the due and advance-reminder instants of open tasks (one node entry's, computed together). */
export async function setDueTimes(db: Kysely<Database>, taskIds: number[], due: Date, remind: Date | null): Promise<void> {
  if (!taskIds.length) return;
  await sql`UPDATE flow_tasks SET due_time = ${due}, remind_time = ${remind}, due_fired_time = NULL WHERE id = ANY(${taskIds}::bigint[])`.execute(db);
}

/**
 * Claims one running instance with an open task whose due or reminder instant has come, locking
 * its row (`FOR UPDATE SKIP LOCKED`): the lock every task action takes first, so a claim never
 * waits for, nor deadlocks with, an approval, and two schedulers never take the same instance.
 */
export async function claimDueInstance(db: Kysely<Database>, now: Date): Promise<{ id: number; tenantId: number } | undefined> {
  const r = await sql<{ id: string | number; tenant_id: number }>`SELECT i.id, i.tenant_id FROM flow_instances i
    WHERE i.status = 'running' AND i.id IN (
      SELECT t.instance_id FROM flow_tasks t WHERE t.status = 'open' AND t.due_fired_time IS NULL AND t.due_time <= ${now}
      UNION SELECT t.instance_id FROM flow_tasks t WHERE t.status = 'open' AND t.remind_time <= ${now})
    ORDER BY i.id LIMIT 1 FOR UPDATE OF i SKIP LOCKED`.execute(db);
  const row = r.rows[0];
  return row && { id: Number(row.id), tenantId: Number(row.tenant_id) };
}

export interface DueTask {
  id: number;
  /** `assignee`, or `before` / `after` for an added signer's task (加签, ADR 1061). */
  kind: 'assignee' | 'before' | 'after';
  nodeId: string;
  nodeName: string;
  entry: number;
  assigneeId: number;
  dueTime: Date;
  /** The reminder's instant has come and it was not sent. */
  remindDue: boolean;
  /** The deadline itself has come and has not fired. */
  fireDue: boolean;
}

/**
 * The open tasks of an instance with something due at `now`, oldest first (read under the instance
 * lock): every kind, as claimDueInstance counts them, so a claimed instance always has its due
 * tasks here (an added signer's task left out would be claimed again on every scan).
 */
export async function dueTasksOf(db: Kysely<Database>, instanceId: number, now: Date): Promise<DueTask[]> {
  const r = await sql<{ id: string | number; kind: DueTask['kind']; node_id: string; node_name: string; entry: number; assignee_id: string | number; due_time: Date; remind_due: boolean; fire_due: boolean }>`
    SELECT id, kind, node_id, node_name, entry, assignee_id, due_time, coalesce(remind_time <= ${now}, false) AS remind_due,
      (due_fired_time IS NULL AND due_time <= ${now}) AS fire_due
    FROM flow_tasks WHERE instance_id = ${instanceId} AND status = 'open'
      AND ((due_fired_time IS NULL AND due_time <= ${now}) OR remind_time <= ${now}) ORDER BY id`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), kind: x.kind, nodeId: x.node_id, nodeName: x.node_name, entry: x.entry, assigneeId: Number(x.assignee_id), dueTime: x.due_time, remindDue: x.remind_due, fireDue: x.fire_due }));
}

/** Marks the advance reminder sent; false when it was already (or the task is no longer open). */
export async function takeReminder(db: Kysely<Database>, taskId: number): Promise<boolean> {
  const r = await sql`UPDATE flow_tasks SET remind_time = NULL WHERE id = ${taskId} AND status = 'open' AND remind_time IS NOT NULL`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Marks the deadline fired (and any reminder moot); false when it already fired or the task is no longer open. */
export async function takeDeadline(db: Kysely<Database>, taskId: number, now: Date): Promise<boolean> {
  const r = await sql`UPDATE flow_tasks SET due_fired_time = ${now}, remind_time = NULL WHERE id = ${taskId} AND status = 'open' AND due_fired_time IS NULL`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Closes an overdue open task as approved by the system (自动通过): nobody is its completer. */
export async function closeOverdue(db: Kysely<Database>, taskId: number, comment: string): Promise<boolean> {
  const r = await sql`UPDATE flow_tasks SET status = 'done', result = 'approve', comment = ${comment}, end_time = now() WHERE id = ${taskId} AND status = 'open'`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}
