/** The idempotency keys of `add` (record_add_keys): one per uuid a client sent with a new record. */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * How long a key answers a repeated add. A key only guards retries of one submission (a double
 * click, a resend after a lost answer), which happen within minutes; a week leaves room for a
 * client that was offline, and keeps the table small.
 */
export const ADD_KEY_MAX_AGE_DAYS = 7;

/** Removes keys older than ADD_KEY_MAX_AGE_DAYS (run at server start); answers how many went. */
export async function pruneAddKeys(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ADD_KEY_MAX_AGE_DAYS * 86_400_000);
  const r = await sql`DELETE FROM record_add_keys WHERE create_time < ${cutoff}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Claims `uuid` for a new record of form `formId` (inside the add's transaction). Answers false
 * when the key exists: a second request with this uuid waits here for the first one's commit.
 */
export async function claimAddKey(trx: Kysely<Database>, tenantId: number, uuid: string, formId: number, hash: string): Promise<boolean> {
  const claimed = await sql<{ uuid: string }>`INSERT INTO record_add_keys (tenant_id, uuid, form_id, payload_hash) VALUES (${tenantId}, ${uuid}, ${formId}, ${hash})
    ON CONFLICT (tenant_id, uuid) DO NOTHING RETURNING uuid`.execute(trx);
  return claimed.rows.length > 0;
}

/** A claimed key: the record it made (null until bound), its form and the hash of its data. */
export interface AddKey {
  recordId: number | null;
  formId: number;
  payloadHash: string | null;
}

/** The key `uuid` of the tenant, or null. */
export async function findAddKey(db: Kysely<Database>, tenantId: number, uuid: string): Promise<AddKey | null> {
  const r = await sql<{ record_id: number | null; form_id: number; payload_hash: string | null }>`SELECT record_id, form_id, payload_hash FROM record_add_keys WHERE tenant_id = ${tenantId} AND uuid = ${uuid}`.execute(db);
  const p = r.rows[0];
  return p ? { recordId: p.record_id === null ? null : Number(p.record_id), formId: Number(p.form_id), payloadHash: p.payload_hash } : null;
}

/** Records which record a claimed key made, so a retry answers its id. */
export async function bindAddKey(trx: Kysely<Database>, tenantId: number, uuid: string, recordId: number): Promise<void> {
  await sql`UPDATE record_add_keys SET record_id = ${recordId} WHERE tenant_id = ${tenantId} AND uuid = ${uuid}`.execute(trx);
}

/** The 409 of an add whose uuid was used before with other data. */
export const ADD_KEY_REUSED = '该请求编号已用于另一份数据，请重新获取编号后提交';

/** JSON with object keys sorted at every depth, so the same data hashes the same whatever its key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** The hash stored with an add key: a resend of the same data matches it, other data does not. */
export function payloadHash(data: unknown): string {
  return createHash('sha256').update(canonical(data)).digest('hex');
}
