/**
 * The write generation of each form (ADR 0931) on databases whose row counter predates it: the
 * weight column `w` of `form_row_counts`, the trigger function that keeps it, and the UPDATE
 * trigger on every counted main table. A database made after migration 120 changed already has
 * all three; each step checks first.
 */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import { createCountFunction, installUpdateTrigger } from '../storage/rowCounts.js';
import { existingMainTables } from './existingMainTables.js';

/** Migration 123: form_row_counts.w, fw_count_rows() of ADR 0931, fw_count_upd on every counted main table. */
export const m123WriteGeneration: Migration = {
  id: 123,
  name: 'form_write_generation',
  async up(db) {
    await sql`ALTER TABLE form_row_counts ADD COLUMN IF NOT EXISTS w bigint NOT NULL DEFAULT 1`.execute(db);
    await createCountFunction(db);
    for (const { formId, schema, main } of await existingMainTables(db)) {
      const r = await sql<{ ins: boolean; upd: boolean }>`
        SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(quote_ident(${schema}) || '.' || quote_ident(${main.name})) AND tgname = 'fw_count_ins') AS ins,
               EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(quote_ident(${schema}) || '.' || quote_ident(${main.name})) AND tgname = 'fw_count_upd') AS upd`.execute(db);
      const t = r.rows[0];
      // Only tables that are counted get the generation (a form without a counter is never cached).
      if (t?.ins && !t.upd) await installUpdateTrigger(db, schema, main.name, formId);
    }
  },
};
