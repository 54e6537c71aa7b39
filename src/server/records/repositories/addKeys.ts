/** The idempotency keys of `add` (record_add_keys): one per uuid a client sent with a new record. */
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
