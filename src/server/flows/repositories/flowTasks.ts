/**
 * Tasks: one row per assignee of an entered user task. Status moves open → done | cancelled, or
 * open → waiting → open around a before-sign. Every change is a conditional UPDATE on the status
 * and the assignee, so a task is completed exactly once however many requests race (ADR 0970).
 */
import { sql, type Kysely } from 'kysely';
import type { FlowDbRow } from './flowDbRow.js';
import type { Database } from '../../db/types.js';
import { containsPattern } from '../../repositories/likePattern.js';

export type TaskKind = 'assignee' | 'before' | 'after';
export type TaskStatus = 'open' | 'waiting' | 'done' | 'cancelled';

export interface TaskRow {
  id: number;
  instanceId: number;
  nodeId: string;
  nodeName: string;
  entry: number;
  kind: TaskKind;
  parentTaskId: number | null;
  assigneeId: number;
  status: TaskStatus;
  result: string | null;
  comment: string;
  completedBy: number | null;
  createTime: Date;
  endTime: Date | null;
  /** 审批期限's due instant (ADR 1049), null when the node has none. */
  dueTime: Date | null;
}

const COLUMNS = sql`id, instance_id, node_id, node_name, entry, kind, parent_task_id, assignee_id, status, result, comment, completed_by, create_time, end_time, due_time`;

function toRow(r: FlowDbRow): TaskRow {
  return {
    id: Number(r.id), instanceId: Number(r.instance_id), nodeId: r.node_id, nodeName: r.node_name, entry: r.entry, kind: r.kind,
    parentTaskId: r.parent_task_id === null ? null : Number(r.parent_task_id), assigneeId: Number(r.assignee_id), status: r.status,
    result: r.result, comment: r.comment, completedBy: r.completed_by === null ? null : Number(r.completed_by), createTime: r.create_time, endTime: r.end_time,
    dueTime: r.due_time ?? null,
  };
}

/** The next entry number of each of `nodeIds` in an instance (1 for a node never entered): one statement for a whole step. */
export async function nextEntries(db: Kysely<Database>, instanceId: number, nodeIds: string[]): Promise<Map<string, number>> {
  const out = new Map(nodeIds.map((id) => [id, 1]));
  if (!nodeIds.length) return out;
  const r = await sql<{ node_id: string; n: number }>`SELECT node_id, max(entry) + 1 AS n FROM flow_tasks WHERE instance_id = ${instanceId} AND node_id = ANY(${nodeIds}::text[]) GROUP BY node_id`.execute(db);
  for (const row of r.rows) out.set(row.node_id, Number(row.n));
  return out;
}

/**
 * The assignee tasks of a whole step (every entered node, every assignee) in one statement
 * (issue 26 item 5): a step may create 200 tasks, and on PGlite each statement of the
 * transaction holds the one connection. Answers the ids in the order of `rows`.
 */
export async function insertStepTasks(db: Kysely<Database>, tenantId: number, instanceId: number, rows: { nodeId: string; nodeName: string; entry: number; assigneeId: number; status?: 'open' | 'waiting' }[]): Promise<number[]> {
  if (!rows.length) return [];
  // Ids are drawn in the order the rows are produced (ORDER BY n), so ascending ids are the rows' order.
  const r = await sql<{ id: string | number }>`INSERT INTO flow_tasks (tenant_id, instance_id, node_id, node_name, entry, kind, assignee_id, status)
    SELECT ${tenantId}::int, ${instanceId}::bigint, u.node_id, u.node_name, u.entry, 'assignee', u.a, u.st
    FROM unnest(${rows.map((x) => x.nodeId)}::text[], ${rows.map((x) => x.nodeName)}::text[], ${rows.map((x) => x.entry)}::int[], ${rows.map((x) => x.assigneeId)}::bigint[], ${rows.map((x) => x.status ?? 'open')}::text[])
      WITH ORDINALITY AS u(node_id, node_name, entry, a, st, n) ORDER BY u.n
    RETURNING id`.execute(db);
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}

/**
 * 依次审批 (countersign `sequential`, ADR 1047): opens the node entry's next waiting assignee task
 * (the lowest id: the order the rule named the users in); undefined when none waits.
 */
export async function openNextInTurn(db: Kysely<Database>, instanceId: number, nodeId: string, entry: number): Promise<TaskRow | undefined> {
  // A task waiting for its own before-signers (they hold open children) is not waiting for its turn.
  const r = await sql<FlowDbRow>`UPDATE flow_tasks SET status = 'open' WHERE id = (
      SELECT t.id FROM flow_tasks t WHERE t.instance_id = ${instanceId} AND t.node_id = ${nodeId} AND t.entry = ${entry} AND t.kind = 'assignee' AND t.status = 'waiting'
        AND NOT EXISTS (SELECT 1 FROM flow_tasks c WHERE c.parent_task_id = t.id AND c.status IN ('open', 'waiting'))
      ORDER BY t.id LIMIT 1) AND status = 'waiting' RETURNING ${COLUMNS}`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** How many tasks of a node entry other than `taskId` are open or waiting; `exceptAssignees`: not counting the node's assignee tasks. */
export async function pendingBesides(db: Kysely<Database>, instanceId: number, nodeId: string, entry: number, taskId: number, exceptAssignees: boolean): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_tasks WHERE instance_id = ${instanceId} AND node_id = ${nodeId} AND entry = ${entry}
    AND status IN ('open', 'waiting') AND id <> ${taskId} ${exceptAssignees ? sql`AND kind <> 'assignee'` : sql``}`.execute(db);
  return Number(r.rows[0].n);
}

/**
 * Who already has a say in a node entry (ADR 1066): the users holding one of its tasks that is
 * open or waiting (`pending`), and those whose task of it closed approved (`approved`), leaving
 * out `exceptTaskId` (the task being moved). 转签, 加签, 改派 and 转交上级 never give such a user
 * a second task there: in a 会签 they would approve twice.
 */
export async function holdersOfEntry(db: Kysely<Database>, instanceId: number, nodeId: string, entry: number, exceptTaskId?: number): Promise<{ pending: Set<number>; approved: Set<number> }> {
  const r = await sql<{ assignee_id: string | number; pending: boolean }>`SELECT assignee_id, bool_or(status IN ('open', 'waiting')) AS pending FROM flow_tasks
    WHERE instance_id = ${instanceId} AND node_id = ${nodeId} AND entry = ${entry} AND id <> ${exceptTaskId ?? 0}
      AND (status IN ('open', 'waiting') OR (status = 'done' AND result = 'approve'))
    GROUP BY assignee_id`.execute(db);
  const pending = new Set<number>();
  const approved = new Set<number>();
  for (const row of r.rows) (row.pending ? pending : approved).add(Number(row.assignee_id));
  return { pending, approved };
}

/** Creates tasks; answers their ids in the order of `assignees`. */
export async function insertTasks(db: Kysely<Database>, tenantId: number, t: { instanceId: number; nodeId: string; nodeName: string; entry: number; kind: TaskKind; parentTaskId?: number; status?: TaskStatus }, assignees: number[]): Promise<number[]> {
  if (!assignees.length) return [];
  // One statement for all of them (issue 26 item 5): a step may create up to 200 tasks, and on
  // PGlite every statement of the submission's transaction holds the one connection and runs on
  // the event loop. Ids are drawn in the order the rows are produced (ORDER BY n), so ascending
  // ids are the assignees' order.
  const r = await sql<{ id: string | number }>`INSERT INTO flow_tasks (tenant_id, instance_id, node_id, node_name, entry, kind, parent_task_id, assignee_id, status)
    SELECT ${tenantId}::int, ${t.instanceId}::bigint, ${t.nodeId}::text, ${t.nodeName}::text, ${t.entry}::int, ${t.kind}::text, ${t.parentTaskId ?? null}::bigint, u.a, ${t.status ?? 'open'}::text
    FROM unnest(${assignees}::bigint[]) WITH ORDINALITY AS u(a, n) ORDER BY u.n
    RETURNING id`.execute(db);
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}

/** A task of the tenant. */
export async function readTask(db: Kysely<Database>, tenantId: number, id: number): Promise<TaskRow | undefined> {
  const r = await sql<FlowDbRow>`SELECT ${COLUMNS} FROM flow_tasks WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** Closes the caller's open task with a result; undefined when it was not open or not theirs (someone was first). */
export async function closeTask(db: Kysely<Database>, tenantId: number, id: number, userId: number, result: string, comment: string, attachments: unknown[]): Promise<TaskRow | undefined> {
  const r = await sql<FlowDbRow>`UPDATE flow_tasks SET status = 'done', result = ${result}, comment = ${comment}, attachments = ${JSON.stringify(attachments)}::jsonb,
      completed_by = ${userId}, end_time = now()
    WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'open' AND assignee_id = ${userId} RETURNING ${COLUMNS}`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** Moves an open (or, for administrators, waiting) task from one assignee to another; undefined when not possible. */
export async function moveTask(db: Kysely<Database>, tenantId: number, id: number, from: number | null, to: number): Promise<TaskRow | undefined> {
  const r = await sql<FlowDbRow>`UPDATE flow_tasks SET assignee_id = ${to}
    WHERE tenant_id = ${tenantId} AND id = ${id} AND ${from === null ? sql`status IN ('open', 'waiting')` : sql`status = 'open' AND assignee_id = ${from}`} RETURNING ${COLUMNS}`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** Sets the caller's open task waiting (before-sign) or a waiting one open again. */
export async function setTaskStatus(db: Kysely<Database>, tenantId: number, id: number, from: TaskStatus, to: TaskStatus, assigneeId?: number): Promise<boolean> {
  const r = await sql`UPDATE flow_tasks SET status = ${to} WHERE tenant_id = ${tenantId} AND id = ${id} AND status = ${from} ${assigneeId === undefined ? sql`` : sql`AND assignee_id = ${assigneeId}`}`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Cancels open/waiting tasks of an instance: all of them, or those of one node entry and kind. */
export async function cancelTasks(db: Kysely<Database>, instanceId: number, only?: { nodeId: string; entry: number; kind: TaskKind }): Promise<void> {
  await sql`UPDATE flow_tasks SET status = 'cancelled', end_time = now() WHERE instance_id = ${instanceId} AND status IN ('open', 'waiting')
    ${only ? sql`AND node_id = ${only.nodeId} AND entry = ${only.entry} AND kind = ${only.kind}` : sql``}`.execute(db);
}

/** How many tasks of a node entry are still open or waiting (with `parent`: open before-signs of that task). */
export async function pendingCount(db: Kysely<Database>, instanceId: number, nodeId: string, entry: number, parent?: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_tasks WHERE instance_id = ${instanceId} AND node_id = ${nodeId} AND entry = ${entry}
    AND status IN ('open', 'waiting') ${parent === undefined ? sql`` : sql`AND parent_task_id = ${parent}`}`.execute(db);
  return Number(r.rows[0].n);
}

/** Every task of an instance, oldest first. */
export async function tasksOfInstance(db: Kysely<Database>, instanceId: number): Promise<TaskRow[]> {
  const r = await sql<FlowDbRow>`SELECT ${COLUMNS} FROM flow_tasks WHERE instance_id = ${instanceId} ORDER BY id`.execute(db);
  return r.rows.map(toRow);
}

/**
 * 我的待办 (open tasks assigned to the user) or 我的已办 (tasks the user completed), newest first;
 * `dueTime` is the task's 审批期限 (ADR 1049), `overdue` whether it passed while the task was open
 * (`now`: the app's clock).
 */
export async function listTasks(db: Kysely<Database>, tenantId: number, userId: number, which: 'todo' | 'done', keyword: string | undefined, pageNum: number, pageSize: number, now: Date) {
  const mine = which === 'todo' ? sql`t.assignee_id = ${userId} AND t.status = 'open'` : sql`t.completed_by = ${userId} AND t.status = 'done'`;
  const kw = keyword ? sql`AND (i.title ILIKE ${containsPattern(keyword)} OR t.node_name ILIKE ${containsPattern(keyword)} OR i.starter_name ILIKE ${containsPattern(keyword)})` : sql``;
  const from = sql`FROM flow_tasks t JOIN flow_instances i ON i.id = t.instance_id WHERE t.tenant_id = ${tenantId} AND ${mine} ${kw}`;
  const total = await sql<{ n: number }>`SELECT count(*) AS n ${from}`.execute(db);
  const rows = await sql<FlowDbRow>`SELECT t.id, t.node_id, t.node_name, t.kind, t.result, t.comment, t.create_time, t.end_time, t.due_time,
      coalesce(t.due_time <= coalesce(t.end_time, ${now}), false) AS overdue, i.id AS instance_id, i.form_name, i.record_id, i.title, i.starter_name, i.status AS instance_status, i.create_time AS start_time
    ${from} ORDER BY t.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(db);
  return {
    total: Number(total.rows[0].n),
    rows: rows.rows.map((r) => ({
      taskId: Number(r.id), nodeId: r.node_id, taskName: r.node_name, kind: r.kind, result: r.result, comment: r.comment, createTime: r.create_time, endTime: r.end_time,
      dueTime: r.due_time, overdue: r.overdue,
      instanceId: Number(r.instance_id), formName: r.form_name, recordId: Number(r.record_id), title: r.title, starterName: r.starter_name, instanceStatus: r.instance_status, startTime: r.start_time,
    })),
  };
}

/** How many open tasks the user has (the sidebar badge and the home module). */
export async function countTodo(db: Kysely<Database>, tenantId: number, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_tasks WHERE tenant_id = ${tenantId} AND assignee_id = ${userId} AND status = 'open'`.execute(db);
  return Number(r.rows[0].n);
}
