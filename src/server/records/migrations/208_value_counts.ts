/**
 * Migration 208 (issue 28 item 3, ADR 1068): exact counts per option of select and radio fields.
 * Creates `form_value_counts`, `form_value_columns` and `fw_count_values()`, then gives every
 * existing form main table its triggers and seeded counts, from the stored definition and storage
 * snapshot (the same `countedColumns` a save uses). Schema and table names come from the stored
 * snapshots (existingMainTables checks each table exists); column names are checked again by
 * `syncValueCounts`.
 */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import { countedColumns, createValueCountObjects, syncValueCounts } from '../storage/valueCounts.js';
import { existingMainTables } from './existingMainTables.js';

export const m208ValueCounts: Migration = {
  id: 208,
  name: 'form_value_counts',
  async up(db) {
    await createValueCountObjects(db);
    for (const { formId, schema, main } of await existingMainTables(db)) {
      const r = await sql<{ fields: FieldDefinition[] | string | null }>`SELECT definition->'fields' AS fields FROM form_definitions WHERE id = ${formId}`.execute(db);
      const raw = r.rows[0]?.fields;
      const fields = (typeof raw === 'string' ? JSON.parse(raw) : raw) as FieldDefinition[] | null;
      if (!Array.isArray(fields)) continue;
      await syncValueCounts(db, schema, main.name, formId, countedColumns(fields, main));
    }
  },
};
