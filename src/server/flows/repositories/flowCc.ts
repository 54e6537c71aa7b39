/** 抄送 entries (issue 30 item 2): written when an instance passes a CC node, read by 抄送我的. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FlowDbRow } from './flowDbRow.js';
import { containsPattern } from '../../repositories/likePattern.js';

export interface NewCcEntry {
  nodeId: string;
  nodeName: string;
  userId: number;
}

/** Records the recipients of the CC nodes of one step, in one statement. */
export async function insertCcEntries(db: Kysely<Database>, tenantId: number, instanceId: number, rows: NewCcEntry[]): Promise<void> {
  if (!rows.length) return;
  await sql`INSERT INTO flow_cc (tenant_id, instance_id, node_id, node_name, user_id)
    SELECT ${tenantId}, ${instanceId}, x.node_id, x.node_name, x.user_id
    FROM unnest(${rows.map((r) => r.nodeId)}::text[], ${rows.map((r) => r.nodeName)}::text[], ${rows.map((r) => r.userId)}::bigint[]) AS x(node_id, node_name, user_id)`.execute(db);
}

/** 抄送我的: the caller's CC entries in their tenant, newest first, with the instance they concern. */
export async function listCc(db: Kysely<Database>, tenantId: number, userId: number, keyword: string | undefined, pageNum: number, pageSize: number) {
  const where = sql`c.tenant_id = ${tenantId} AND c.user_id = ${userId} ${keyword ? sql`AND i.title ILIKE ${containsPattern(keyword)}` : sql``}`;
  const total = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_cc c JOIN flow_instances i ON i.id = c.instance_id WHERE ${where}`.execute(db);
  const rows = await sql<FlowDbRow>`SELECT c.id, c.instance_id, c.node_name, c.create_time, i.form_name, i.record_id, i.title, i.status, i.starter_name
    FROM flow_cc c JOIN flow_instances i ON i.id = c.instance_id
    WHERE ${where} ORDER BY c.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`.execute(db);
  return {
    total: Number(total.rows[0].n),
    rows: rows.rows.map((r) => ({
      ccId: Number(r.id), instanceId: Number(r.instance_id), nodeName: r.node_name, formName: r.form_name, recordId: Number(r.record_id),
      title: r.title, status: r.status, starterName: r.starter_name, createTime: r.create_time,
    })),
  };
}

/** Whether a user was sent a copy of an instance (a recipient may open it). */
export async function isCcRecipient(db: Kysely<Database>, tenantId: number, instanceId: number, userId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM flow_cc WHERE tenant_id = ${tenantId} AND instance_id = ${instanceId} AND user_id = ${userId}`.execute(db);
  return Number(r.rows[0].n) > 0;
}
