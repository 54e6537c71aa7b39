/** Statistics on the text of single-valued jsonb columns of existing form tables (storage/expressionStats.ts). */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import { syncExpressionStats } from '../storage/expressionStats.js';
import { existingMainTables } from './existingMainTables.js';

/** Migration 121: creates the statistics objects and analyzes each main table once to fill them. */
export const m121ExpressionStats: Migration = {
  id: 121,
  name: 'form_expression_stats',
  async up(db) {
    for (const { formId, schema, main } of await existingMainTables(db)) {
      await syncExpressionStats(db, schema, formId, main, true);
      if (main.columns.some((c) => c.kind === 'jsonb')) await sql`ANALYZE ${sql.id(schema, main.name)}`.execute(db);
    }
  },
};
