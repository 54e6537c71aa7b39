/**
 * ADR 1028 retired the match sets of ADR 0933, the change log's only reader: the trigger function
 * goes back to counting and moving the write generation, the counting triggers of every counted
 * main table are made again in that shape (the UPDATE trigger without its transition table, which
 * cost a tuplestore of every updated row), and the log's tables are dropped.
 */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import { createCountFunction, installCountTriggers } from '../storage/rowCounts.js';
import { existingMainTables } from './existingMainTables.js';

/** Migration 167: fw_count_rows() without the change log, triggers remade, form_row_changes and form_change_horizon dropped. */
export const m167DropChangeLog: Migration = {
  id: 167,
  name: 'drop_change_log',
  async up(db) {
    await createCountFunction(db);
    for (const { formId, schema, main } of await existingMainTables(db)) {
      const t = sql.id(schema, main.name);
      const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_trigger
        WHERE tgrelid = to_regclass(quote_ident(${schema}) || '.' || quote_ident(${main.name})) AND tgname = 'fw_count_ins'`.execute(db);
      // Only counted tables have triggers to remake.
      if (!r.rows[0]?.n) continue;
      for (const name of ['fw_count_ins', 'fw_count_del', 'fw_count_trunc', 'fw_count_upd']) {
        await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ON ${t}`.execute(db);
      }
      await installCountTriggers(db, schema, main.name, formId);
    }
    await sql`DROP TABLE IF EXISTS form_row_changes`.execute(db);
    await sql`DROP TABLE IF EXISTS form_change_horizon`.execute(db);
  },
};
