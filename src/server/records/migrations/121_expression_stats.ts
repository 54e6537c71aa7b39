/** Statistics on the text of single-valued jsonb columns of existing form tables (storage/expressionStats.ts). */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import { syncExpressionStats } from '../storage/expressionStats.js';
import type { StorageTable } from '../storage/types.js';

/** Migration 121: creates the statistics objects and analyzes each main table once to fill them. */
export const m121ExpressionStats: Migration = {
  id: 121,
  name: 'form_expression_stats',
  async up(db) {
    const forms = await sql<{ id: number; tenant_id: number; main: StorageTable | null }>`
      SELECT id, tenant_id, storage->'tables'->0 AS main FROM form_definitions ORDER BY id`.execute(db);
    for (const f of forms.rows) {
      const main = typeof f.main === 'string' ? (JSON.parse(f.main) as StorageTable) : f.main;
      if (!main?.name) continue;
      const schema = `t_${Number(f.tenant_id)}`;
      const exists = await sql<{ r: string | null }>`SELECT to_regclass(${`${schema}.${main.name}`})::text AS r`.execute(db);
      if (!exists.rows[0]?.r) continue;
      await syncExpressionStats(db, schema, Number(f.id), main, true);
      if (main.columns.some((c) => c.kind === 'jsonb')) await sql`ANALYZE ${sql.id(schema, main.name)}`.execute(db);
    }
  },
};
