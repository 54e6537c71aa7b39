/** Sign-in attempts, for throttling and audit. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Records one attempt. */
export async function insertLoginAttempt(db: Kysely<Database>, a: { tenantCode: string; userName: string; ip: string; success: boolean; msg: string }): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ tenant_code: a.tenantCode.slice(0, 100), user_name: a.userName.slice(0, 100), ip: a.ip, success: a.success, msg: a.msg })
    .execute();
}

/** Failures since `since` for one user of one tenant, counted only after their last success. */
export async function countUserFailures(db: Kysely<Database>, tenantCode: string, userName: string, since: Date): Promise<number> {
  const lastOk = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.max('attempt_time').as('t'))
    .where('tenant_code', '=', tenantCode)
    .where('user_name', '=', userName)
    .where('success', '=', true)
    .executeTakeFirst();
  const from = lastOk?.t && new Date(lastOk.t) > since ? new Date(lastOk.t) : since;
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_code', '=', tenantCode)
    .where('user_name', '=', userName)
    .where('success', '=', false)
    .where('attempt_time', '>', from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
