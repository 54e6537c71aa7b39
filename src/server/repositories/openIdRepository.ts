/** The WeChat binding of a user (users.open_id). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Clears the user's openId; returns whether there was one. */
export async function clearOpenId(db: Kysely<Database>, tenantId: number, userId: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ open_id: null, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('open_id', 'is not', null)
    .where('open_id', '<>', '')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The enabled-or-not user of a tenant bound to `openId`, with what signing in needs. */
export async function findUserByOpenId(db: Kysely<Database>, tenantId: number, openId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'status', 'pending_approval', 'pwd_update_time'])
    .where('tenant_id', '=', tenantId)
    .where('open_id', '=', openId)
    .executeTakeFirst();
}

/**
 * Binds `openId` to the user unless the user holds another one already; false then. The unique
 * index users_tenant_open_id (migration 197) refuses a second user of the tenant for the same
 * openId: the caller checks first and treats that error as the same refusal.
 */
export async function setOpenId(db: Kysely<Database>, tenantId: number, userId: number, openId: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ open_id: openId, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('open_id', 'is', null), eb('open_id', '=', ''), eb('open_id', '=', openId)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
