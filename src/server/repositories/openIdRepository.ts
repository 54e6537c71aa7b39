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
