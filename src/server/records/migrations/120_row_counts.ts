/**
 * Exact row counts of form tables (ADR 0930): the counter table and trigger function, the
 * counting triggers on every existing main table (seeded with its count in this transaction),
 * and on every table of a tenant schema the check `tenant_id = N` that lets list queries leave
 * the tenant predicate out.
 */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import { addTenantCheck, createRowCountObjects, installRowCount } from '../storage/rowCounts.js';

/** Migration 120: form_row_counts, its triggers, and the tenant checks of form tables. */
export const m120RowCounts: Migration = {
  id: 120,
  name: 'form_row_counts',
  async up(db) {
    await createRowCountObjects(db);
    // Every table (main, sub-form, retired) in a tenant schema `t_N` holds tenant N's rows only.
    const tables = await sql<{ schema: string; table: string }>`
      SELECT n.nspname AS schema, c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname ~ '^t_[0-9]+$'
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
      ORDER BY 1, 2`.execute(db);
    for (const t of tables.rows) await addTenantCheck(db, t.schema, t.table, Number(t.schema.slice(2)));
    const forms = await sql<{ id: number; tenant_id: number; main: string | null }>`
      SELECT id, tenant_id, storage->'tables'->0->>'name' AS main FROM form_definitions ORDER BY id`.execute(db);
    for (const f of forms.rows) {
      if (!f.main) continue;
      const schema = `t_${Number(f.tenant_id)}`;
      const exists = await sql<{ r: string | null }>`SELECT to_regclass(${`${schema}.${f.main}`})::text AS r`.execute(db);
      if (exists.rows[0]?.r) await installRowCount(db, schema, f.main, Number(f.id));
    }
  },
};
