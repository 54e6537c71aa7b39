/** Process instances: one per submitted record and run; `state` is bpmn-engine's snapshot (ADR 0972). */
import { sql, type Kysely } from 'kysely';
import type { FlowDbRow } from './flowDbRow.js';
import type { Database } from '../../db/types.js';
import type { EngineState } from '../engine/graph.js';
import { containsPattern } from '../../repositories/likePattern.js';

export type InstanceStatus = 'running' | 'completed' | 'rejected' | 'withdrawn' | 'cancelled';

export interface InstanceRow {
  id: number;
  definitionId: number;
  formName: string;
  recordId: number;
  title: string;
  starterId: number;
  starterName: string;
  status: InstanceStatus;
  state: EngineState;
  createTime: Date;
  endTime: Date | null;
}

const COLUMNS = sql`id, definition_id, form_name, record_id, title, starter_id, starter_name, status, state, create_time, end_time`;

function toRow(r: FlowDbRow): InstanceRow {
  return {
    id: Number(r.id), definitionId: Number(r.definition_id), formName: r.form_name, recordId: Number(r.record_id), title: r.title,
    starterId: Number(r.starter_id), starterName: r.starter_name, status: r.status, state: r.state, createTime: r.create_time, endTime: r.end_time,
  };
}

/** A new running instance; answers its id. */
export async function insertInstance(db: Kysely<Database>, tenantId: number, i: { definitionId: number; formName: string; recordId: number; title: string; starterId: number; starterName: string; state: EngineState }): Promise<number> {
  const r = await sql<{ id: number }>`INSERT INTO flow_instances (tenant_id, definition_id, form_name, record_id, title, starter_id, starter_name, state)
    VALUES (${tenantId}, ${i.definitionId}, ${i.formName}, ${i.recordId}, ${i.title}, ${i.starterId}, ${i.starterName}, ${JSON.stringify(i.state)}::jsonb) RETURNING id`.execute(db);
  return Number(r.rows[0].id);
}

/**
 * The instance, row-locked with `lock` until the transaction ends: every action takes this lock
 * first, so actions on one instance run one after another across API processes.
 */
export async function readInstance(db: Kysely<Database>, tenantId: number, id: number, lock = false): Promise<InstanceRow | undefined> {
  const r = await sql<FlowDbRow>`SELECT ${COLUMNS} FROM flow_instances WHERE tenant_id = ${tenantId} AND id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** Saves the engine's state and, when given, a final status (with its end time). */
export async function saveInstance(db: Kysely<Database>, tenantId: number, id: number, state: EngineState, status: InstanceStatus = 'running'): Promise<void> {
  await sql`UPDATE flow_instances SET state = ${JSON.stringify(state)}::jsonb, status = ${status}, end_time = ${status === 'running' ? null : sql`now()`}
    WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
}

/** The newest instance of a record, if any. */
export async function latestInstanceOfRecord(db: Kysely<Database>, tenantId: number, formName: string, recordId: number): Promise<InstanceRow | undefined> {
  const r = await sql<FlowDbRow>`SELECT ${COLUMNS} FROM flow_instances WHERE tenant_id = ${tenantId} AND form_name = ${formName} AND record_id = ${recordId} ORDER BY id DESC LIMIT 1`.execute(db);
  return r.rows[0] && toRow(r.rows[0]);
}

/** 我发起的: the user's instances, newest first, with the names of the active nodes. */
export async function listStarted(db: Kysely<Database>, tenantId: number, userId: number, keyword: string | undefined, pageNum: number, pageSize: number) {
  const where = sql`i.tenant_id = ${tenantId} AND i.starter_id = ${userId} ${keyword ? sql`AND i.title ILIKE ${containsPattern(keyword)}` : sql``}`;
  const total = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_instances i WHERE ${where}`.execute(db);
  const rows = await sql<FlowDbRow>`SELECT i.id, i.form_name, i.record_id, i.title, i.status, i.create_time, i.end_time, d.version,
      (SELECT string_agg(DISTINCT t.node_name, '、') FROM flow_tasks t WHERE t.instance_id = i.id AND t.status IN ('open', 'waiting')) AS current_nodes
    FROM flow_instances i JOIN flow_definitions d ON d.id = i.definition_id
    WHERE ${where} ORDER BY i.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(db);
  return {
    total: Number(total.rows[0].n),
    rows: rows.rows.map((r) => ({ instanceId: Number(r.id), formName: r.form_name, recordId: Number(r.record_id), title: r.title, status: r.status, version: r.version, currentNodes: r.current_nodes ?? '', createTime: r.create_time, endTime: r.end_time })),
  };
}

/** Ends the running instances of records (deleted or voided) as `cancelled`; answers their ids. */
export async function cancelRunningInstances(trx: Kysely<Database>, tenantId: number, formName: string, recordIds: number[]): Promise<{ id: number; title: string; starterId: number }[]> {
  const r = await sql<{ id: number; title: string; starter_id: number }>`UPDATE flow_instances SET status = 'cancelled', end_time = now()
    WHERE tenant_id = ${tenantId} AND form_name = ${formName} AND record_id = ANY(${recordIds}::bigint[]) AND status = 'running' RETURNING id, title, starter_id`.execute(trx);
  return r.rows.map((x) => ({ id: Number(x.id), title: x.title, starterId: Number(x.starter_id) }));
}

/** Which of a form's records `ids` have a running flow instance (in approval; issue 27 item 5: a batch edit skips them). */
export async function recordsInApproval(db: Kysely<Database>, tenantId: number, formName: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const r = await sql<{ record_id: string | number }>`SELECT DISTINCT record_id FROM flow_instances
    WHERE tenant_id = ${tenantId} AND form_name = ${formName} AND status = 'running' AND record_id = ANY(${ids}::bigint[])`.execute(db);
  return new Set(r.rows.map((x) => Number(x.record_id)));
}
