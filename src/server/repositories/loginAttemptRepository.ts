/** Sign-in attempts, for throttling and audit. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Records one attempt. */
export async function insertLoginAttempt(db: Kysely<Database>, a: { tenantCode: string; userName: string; ip: string; success: boolean; msg: string }): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ tenant_code: a.tenantCode.slice(0, 100), user_name: a.userName.slice(0, 100), ip: a.ip, success: a.success, msg: a.msg })
    .execute();
}

/** Failures since `since` for one user of one tenant from one address, counted only after their last success from there. */
export async function countUserIpFailures(db: Kysely<Database>, tenantCode: string, userName: string, ip: string, since: Date): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM login_attempts a
    WHERE a.tenant_code = ${tenantCode} AND a.user_name = ${userName} AND a.ip = ${ip} AND NOT a.success
      AND a.attempt_time > GREATEST(${since}::timestamptz, COALESCE((
        SELECT max(s.attempt_time) FROM login_attempts s
        WHERE s.tenant_code = ${tenantCode} AND s.user_name = ${userName} AND s.ip = ${ip} AND s.success
      ), ${since}::timestamptz))
  `.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Failures since `since` from one address (any user). */
export async function countIpFailures(db: Kysely<Database>, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('success', '=', false)
    .where('attempt_time', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when the user of the tenant signed in successfully from the address since `since`. */
export async function hasSucceededFrom(db: Kysely<Database>, tenantCode: string, userName: string, ip: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select('id')
    .where('tenant_code', '=', tenantCode)
    .where('user_name', '=', userName)
    .where('ip', '=', ip)
    .where('success', '=', true)
    .where('attempt_time', '>', since)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface AttemptLimits {
  /** Failures of one user from one address within the window before it is refused. */
  perUserIp: number;
  /** Failures from one address within the window before user names new to that address are refused. */
  perIp: number;
  windowMinutes: number;
  /** How far back a success from the address makes a user name known there. */
  knownDays: number;
}

export type Reservation = { ok: true; id: number } | { ok: false; reason: 'user' | 'ip' };

/**
 * Takes one password-check slot for a user from an address, or says why not. The check and the
 * slot (a failure row until `settleAttempt` marks it a success) are one step under an advisory
 * lock per address, so parallel requests cannot all read "under the limit" before any of them
 * counts: at most `perUserIp` checks run per user and address in a window, whatever the
 * parallelism. The lock is held for two short statements, never during bcrypt.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  a: { tenantCode: string; userName: string; ip: string; msg: string },
  limits: AttemptLimits,
): Promise<Reservation> {
  const tenantCode = a.tenantCode.slice(0, 100);
  const userName = a.userName.slice(0, 100);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'formwork.login:' + a.ip}))`.execute(trx);
    const since = new Date(Date.now() - limits.windowMinutes * 60_000);
    if ((await countUserIpFailures(trx, tenantCode, userName, a.ip, since)) >= limits.perUserIp) return { ok: false, reason: 'user' } as const;
    if ((await countIpFailures(trx, a.ip, since)) >= limits.perIp) {
      // Users who signed in from this address lately are not locked out by others' failures there.
      const known = await hasSucceededFrom(trx, tenantCode, userName, a.ip, new Date(Date.now() - limits.knownDays * 86_400_000));
      if (!known) return { ok: false, reason: 'ip' } as const;
    }
    const row = await trx
      .insertInto('login_attempts')
      .values({ tenant_code: tenantCode, user_name: userName, ip: a.ip, success: false, msg: a.msg })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, id: Number(row.id) } as const;
  });
}

/** Settles a reserved slot: a success (which resets the count) or the failure's message. */
export async function settleAttempt(db: Kysely<Database>, id: number, success: boolean, msg: string): Promise<void> {
  await db.updateTable('login_attempts').set({ success, msg }).where('id', '=', id).execute();
}
