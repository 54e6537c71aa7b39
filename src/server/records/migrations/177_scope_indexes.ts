/**
 * Migration 177 (issue 35, ADR 1040/1041): btree indexes on `create_user_id` and `create_dept_id`
 * of every existing form main table of every tenant, so a data scope's predicate is served by
 * them. The same `syncIndexes` creates them with new tables; it adds only the missing indexes
 * (and each is `IF NOT EXISTS`), so running it again changes nothing. Schema and table names come
 * from the stored storage snapshots (existingMainTables checks each exists); index names from ids.
 */
import type { Migration } from '../../db/migrations/types.js';
import { syncIndexes } from '../storage/indexes.js';
import { existingMainTables } from './existingMainTables.js';
import { EN_NAME } from '../storage/names.js';

export const m177ScopeIndexes: Migration = {
  id: 177,
  name: 'form_scope_indexes',
  async up(db) {
    for (const { formId, schema, main } of await existingMainTables(db)) {
      // A table name the snapshot holds is an enName (or an enName-derived child name, never a main table).
      if (!EN_NAME.test(main.name) || !/^t_[1-9][0-9]*$/.test(schema)) throw new Error(`Unexpected form table ${schema}.${main.name}`);
      await syncIndexes(db, schema, formId, main, true);
    }
  },
};
