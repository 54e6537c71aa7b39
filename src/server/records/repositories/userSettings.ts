/** The per-user state of a form (saved_queries, user_table_settings): one row per tenant, user and form. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Whose state: the tenant, the user and the form's enName. */
export interface StateOwner {
  tenantId: number;
  userId: number;
  form: string;
}

/** The saved filter keys, or null when none were saved. */
export async function readFilterKeys(db: Kysely<Database>, o: StateOwner): Promise<string[] | null> {
  const r = await db.selectFrom('saved_queries').select('keys').where('tenant_id', '=', o.tenantId).where('user_id', '=', o.userId).where('form', '=', o.form).executeTakeFirst();
  return (r?.keys as string[] | undefined) ?? null;
}

/** Replaces the saved filter keys. */
export async function writeFilterKeys(db: Kysely<Database>, o: StateOwner, keys: string[]): Promise<void> {
  const json = JSON.stringify(keys);
  await db.insertInto('saved_queries').values({ tenant_id: o.tenantId, user_id: o.userId, form: o.form, keys: json })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'form']).doUpdateSet({ keys: json, update_time: new Date() }))
    .execute();
}

/** The stored table settings (checked when they were written), or null. */
export async function readTableSettings(db: Kysely<Database>, o: StateOwner): Promise<unknown> {
  const r = await db.selectFrom('user_table_settings').select('settings').where('tenant_id', '=', o.tenantId).where('user_id', '=', o.userId).where('form', '=', o.form).executeTakeFirst();
  return r?.settings ?? null;
}

/** Stores table settings. */
export async function writeTableSettings(db: Kysely<Database>, o: StateOwner, settings: unknown): Promise<void> {
  const json = JSON.stringify(settings);
  await db.insertInto('user_table_settings').values({ tenant_id: o.tenantId, user_id: o.userId, form: o.form, settings: json })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'form']).doUpdateSet({ settings: json, update_time: new Date() }))
    .execute();
}
