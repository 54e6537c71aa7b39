/** The (create_time, id) index on existing forms' main tables (storage/indexes.ts, ADR 0930 addendum). */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import { syncIndexes } from '../storage/indexes.js';
import type { StorageTable } from '../storage/types.js';

/** Migration 122: adds the indexes each existing main table lacks (today: the create_time one). */
export const m122CreateTimeIndex: Migration = {
  id: 122,
  name: 'form_create_time_index',
  async up(db) {
    const forms = await sql<{ id: number; tenant_id: number; main: StorageTable | null }>`
      SELECT id, tenant_id, storage->'tables'->0 AS main FROM form_definitions ORDER BY id`.execute(db);
    for (const f of forms.rows) {
      const main = typeof f.main === 'string' ? (JSON.parse(f.main) as StorageTable) : f.main;
      if (!main?.name || main.columnId !== 0) continue;
      const schema = `t_${Number(f.tenant_id)}`;
      const exists = await sql<{ r: string | null }>`SELECT to_regclass(${`${schema}.${main.name}`})::text AS r`.execute(db);
      if (!exists.rows[0]?.r) continue;
      await syncIndexes(db, schema, Number(f.id), main, true);
    }
  },
};
