/** The idempotency keys of `add` (record_add_keys): one per uuid a client sent with a new record. */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * How long a key answers a repeated add. A key only guards retries of one submission (a double
 * click, a resend after a lost answer), which happen within minutes; a week leaves room for a
 * client that was offline, and keeps the table small.
 */
export const ADD_KEY_MAX_AGE_DAYS = 7;

/** Removes keys older than ADD_KEY_MAX_AGE_DAYS (run at server start); answers how many went. */
export async function pruneAddKeys(db: Kysely<any>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ADD_KEY_MAX_AGE_DAYS * 86_400_000);
  const r = await sql`DELETE FROM record_add_keys WHERE create_time < ${cutoff}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
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
