/** SMS verification codes (migration 172): rows per code sent, read for the limits and the checks. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface SmsCodeRow {
  id: string;
  code_salt: string;
  code_hash: string;
  wrong_tries: number;
  used: boolean;
  expire_time: Date;
}

/** Codes sent to the number of the tenant since `since`, and the newest send time. */
export async function countSendsToPhone(db: Kysely<Database>, tenantId: number, phone: string, since: Date): Promise<{ count: number; last: Date | null }> {
  const r = await db
    .selectFrom('sms_codes')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('send_time').as('last')])
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .where('send_time', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), last: r.last ? new Date(r.last as unknown as string) : null };
}

/** Codes requested from the client address since `since`, over every tenant and number. */
export async function countSendsFromIp(db: Kysely<Database>, ip: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_ip', '=', ip)
    .where('send_time', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertSmsCode(
  db: Kysely<Database>,
  v: { tenantId: number; phone: string; ip: string; salt: string; hash: string; sendTime: Date; expireTime: Date },
): Promise<string> {
  const r = await db
    .insertInto('sms_codes')
    .values({ tenant_id: v.tenantId, phone: v.phone, client_ip: v.ip, code_salt: v.salt, code_hash: v.hash, send_time: v.sendTime, expire_time: v.expireTime })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

export async function deleteSmsCode(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/** The newest code sent to the number of the tenant, locked for the check that follows. */
export async function latestSmsCodeForUpdate(db: Kysely<Database>, tenantId: number, phone: string): Promise<SmsCodeRow | undefined> {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_salt', 'code_hash', 'wrong_tries', 'used', 'expire_time'])
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .orderBy('send_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function addWrongTry(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sms_codes').set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) })).where('id', '=', id).execute();
}

export async function markSmsCodeUsed(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sms_codes').set({ used: true }).where('id', '=', id).execute();
}

/** Rows older than the daily window serve no limit any more. */
export async function purgeSmsCodes(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('sms_codes').where('send_time', '<', before).execute();
  await db.deleteFrom('sms_code_failures').where('fail_time', '<', before).execute();
}

export async function insertCodeFailure(db: Kysely<Database>, ip: string, at: Date): Promise<void> {
  await db.insertInto('sms_code_failures').values({ client_ip: ip, fail_time: at }).execute();
}

/** Wrong answers given from the client address since `since`, over every tenant and number. */
export async function countCodeFailuresFromIp(db: Kysely<Database>, ip: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('sms_code_failures')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_ip', '=', ip)
    .where('fail_time', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Serialises the sends to one number of a tenant until the transaction ends (the 60 s rule under concurrency). */
export async function lockPhone(db: Kysely<Database>, tenantId: number, phone: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${tenantId}:${phone}`}))`.execute(db);
}
