/** Per-user settings (layout features, table settings…), as JSON text by key. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Every setting of the user as {key: parsed JSON}. */
export async function getUserConfigs(db: Kysely<Database>, tenantId: number, userId: number): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('user_configs').select(['config_key', 'config_value']).where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('config_key').execute();
  return Object.fromEntries(rows.map((r) => [r.config_key, JSON.parse(r.config_value)]));
}

/** Stores one setting (insert or replace). */
export async function putUserConfig(db: Kysely<Database>, tenantId: number, userId: number, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('user_configs')
    .values({ tenant_id: tenantId, user_id: userId, config_key: key, config_value: text })
    .onConflict((oc) => oc.columns(['user_id', 'config_key']).doUpdateSet({ config_value: text, update_time: new Date() }))
    .execute();
}

/** Removes one setting (back to defaults); returns whether it existed. */
export async function deleteUserConfig(db: Kysely<Database>, tenantId: number, userId: number, key: string): Promise<boolean> {
  const r = await db.deleteFrom('user_configs').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('config_key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The key of the layout settings (spec 02 §3 user settings, `features`). */
export const LAYOUT_CONFIG_KEY = 'features';

/** Removes one setting of every user of the tenant; returns how many. */
export async function deleteConfigOfAllUsers(db: Kysely<Database>, tenantId: number, key: string): Promise<number> {
  const r = await db.deleteFrom('user_configs').where('tenant_id', '=', tenantId).where('config_key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows);
}
