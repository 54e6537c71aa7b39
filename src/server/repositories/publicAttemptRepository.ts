/** Calls without a token counted per client address and action (table public_attempts, migration 193). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Counts an attempt of `action` from `ip` unless it already made `limit` since `since`; false when
 * over the limit. The count and the insert run under an advisory lock per action and address, so
 * parallel requests cannot all pass.
 */
export async function reservePublicAttempt(db: Kysely<Database>, a: { action: string; ip: string; now: Date; since: Date; limit: number }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`formwork.public:${a.action}:${a.ip}`}))`.execute(trx);
    // Attempts older than the window go: the table holds about one window's worth per action.
    await trx.deleteFrom('public_attempts').where('action', '=', a.action).where('attempt_time', '<', a.since).execute();
    const row = await trx
      .selectFrom('public_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '=', a.action)
      .where('client_ip', '=', a.ip)
      .where('attempt_time', '>=', a.since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= a.limit) return false;
    await trx.insertInto('public_attempts').values({ action: a.action, client_ip: a.ip, attempt_time: a.now }).execute();
    return true;
  });
}
