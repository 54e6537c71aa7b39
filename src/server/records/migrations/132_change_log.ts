/**
 * The change log of ADR 0933 on databases made before it: `form_row_changes` and
 * `form_change_horizon`, the trigger function that writes them, and on every counted main table
 * the four counting triggers in their logging shape (the UPDATE trigger gains a transition table).
 * A trigger left in the old shape would only log reset markers, so nothing is ever patched wrong.
 * Since ADR 1028 nothing reads the log: today's trigger function (createCountFunction) writes none,
 * and migration 167 drops these tables again.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Migration } from '../../db/migrations/types.js';
import { createCountFunction, installCountTriggers } from '../storage/rowCounts.js';
import { existingMainTables } from './existingMainTables.js';

/** The change log's tables as ADR 0933 made them (migration 167 drops them). */
async function createChangeLogObjects(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS form_row_changes (
      form_id int NOT NULL REFERENCES form_definitions(id) ON DELETE CASCADE,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      id bigint
    )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS form_row_changes_form_xid ON form_row_changes (form_id, xid)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS form_change_horizon (
      form_id int PRIMARY KEY REFERENCES form_definitions(id) ON DELETE CASCADE,
      h xid8 NOT NULL DEFAULT '0',
      pending xid8,
      pending_at timestamptz
    )`.execute(db);
}

/** Migration 132: form_row_changes, form_change_horizon, fw_count_rows() of ADR 0933, logging triggers. */
export const m132ChangeLog: Migration = {
  id: 132,
  name: 'form_change_log',
  async up(db) {
    await createChangeLogObjects(db);
    await createCountFunction(db);
    for (const { formId, schema, main } of await existingMainTables(db)) {
      const t = sql.id(schema, main.name);
      const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_trigger
        WHERE tgrelid = to_regclass(quote_ident(${schema}) || '.' || quote_ident(${main.name})) AND tgname = 'fw_count_ins'`.execute(db);
      // Only counted tables are patched (a form without a counter is never cached).
      if (!r.rows[0]?.n) continue;
      for (const name of ['fw_count_ins', 'fw_count_del', 'fw_count_trunc', 'fw_count_upd']) {
        await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ON ${t}`.execute(db);
      }
      await installCountTriggers(db, schema, main.name, formId);
    }
  },
};
