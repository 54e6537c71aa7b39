/** The (create_time, id) index on existing forms' main tables (storage/indexes.ts, ADR 0930 addendum). */
import type { Migration } from '../../db/migrations/types.js';
import { syncIndexes } from '../storage/indexes.js';
import { existingMainTables } from './existingMainTables.js';

/** Migration 122: adds the indexes each existing main table lacks (today: the create_time one). */
export const m122CreateTimeIndex: Migration = {
  id: 122,
  name: 'form_create_time_index',
  async up(db) {
    for (const { formId, schema, main } of await existingMainTables(db)) await syncIndexes(db, schema, formId, main, true);
  },
};
