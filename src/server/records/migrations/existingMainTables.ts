/** The main tables of the stored forms that exist, for migrations that touch every form table. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { StorageTable } from '../storage/types.js';

/** One existing main table: its form, tenant schema and storage description. */
export interface ExistingMainTable {
  formId: number;
  schema: string;
  main: StorageTable;
}

/** Every form's main table (`storage.tables[0]`) that exists in its tenant schema, by form id (views and unbuilt forms are skipped). */
export async function existingMainTables(db: Kysely<Database>): Promise<ExistingMainTable[]> {
  const forms = await sql<{ id: number; tenant_id: number; main: StorageTable | string | null }>`
    SELECT id, tenant_id, storage->'tables'->0 AS main FROM form_definitions ORDER BY id`.execute(db);
  const out: ExistingMainTable[] = [];
  for (const f of forms.rows) {
    const main = typeof f.main === 'string' ? (JSON.parse(f.main) as StorageTable) : f.main;
    if (!main?.name || main.columnId !== 0) continue;
    const schema = `t_${Number(f.tenant_id)}`;
    // A table, not a type-2 view's VIEW (whose storage also has a main entry): only a table takes indexes.
    const exists = await sql<{ k: string | null }>`SELECT c.relkind::text AS k FROM pg_class c WHERE c.oid = to_regclass(${`${schema}.${main.name}`})`.execute(db);
    if (exists.rows[0]?.k === 'r' || exists.rows[0]?.k === 'p') out.push({ formId: Number(f.id), schema, main });
  }
  return out;
}
