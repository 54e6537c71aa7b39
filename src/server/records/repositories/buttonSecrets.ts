/** The tenant's webhook secrets (table button_secrets): only names ever leave the server. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** The value of a secret of the tenant, or undefined. */
export async function secretValue(db: Kysely<Database>, tenantId: number, name: string): Promise<string | undefined> {
  const r = await sql<{ value: string }>`SELECT value FROM button_secrets WHERE tenant_id = ${tenantId} AND name = ${name}`.execute(db);
  return r.rows[0]?.value;
}

/** Names and change times of the tenant's secrets (never values). */
export async function secretNames(db: Kysely<Database>, tenantId: number): Promise<{ name: string; updateBy: string; updateTime: string }[]> {
  const r = await sql<{ name: string; update_by: string; update_time: Date }>`SELECT name, update_by, update_time FROM button_secrets WHERE tenant_id = ${tenantId} ORDER BY name`.execute(db);
  return r.rows.map((row) => ({ name: row.name, updateBy: row.update_by, updateTime: new Date(row.update_time).toISOString() }));
}

/** Stores (or replaces) a secret; an empty value removes it. */
export async function saveSecret(db: Kysely<Database>, tenantId: number, name: string, value: string, by: string): Promise<void> {
  if (!value) {
    await sql`DELETE FROM button_secrets WHERE tenant_id = ${tenantId} AND name = ${name}`.execute(db);
    return;
  }
  await sql`INSERT INTO button_secrets (tenant_id, name, value, update_by) VALUES (${tenantId}, ${name}, ${value}, ${by})
    ON CONFLICT (tenant_id, name) DO UPDATE SET value = EXCLUDED.value, update_by = EXCLUDED.update_by, update_time = now()`.execute(db);
}
