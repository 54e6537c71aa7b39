/** Home-page module lists: a tenant's default (user 0) and each user's own, as `[{id, selected}]`. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** One stored entry, in display order. */
export interface StoredModule {
  id: string;
  selected: boolean;
}

/** The user id under which a tenant's default list is kept. */
export const TENANT_DEFAULT_USER = 0;

/** The stored list of the tenant's user (or the default with `TENANT_DEFAULT_USER`), or null. */
export async function getModuleList(db: Kysely<Database>, tenantId: number, userId: number): Promise<StoredModule[] | null> {
  const row = await db.selectFrom('home_modules').select('modules').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const parsed = JSON.parse(row.modules) as unknown;
  return Array.isArray(parsed) ? (parsed as StoredModule[]) : null;
}

/** Stores (insert or replace) the list. */
export async function putModuleList(db: Kysely<Database>, tenantId: number, userId: number, modules: StoredModule[]): Promise<void> {
  const text = JSON.stringify(modules);
  await db
    .insertInto('home_modules')
    .values({ tenant_id: tenantId, user_id: userId, modules: text })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ modules: text, update_time: new Date() }))
    .execute();
}
