/** The payload hash of each add key, so a reused uuid with other data is told apart from a retry. */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';

/** Migration 111: record_add_keys.payload_hash (null for keys written before it: treated as a retry). */
export const m111AddKeyPayload: Migration = {
  id: 111,
  name: 'add_key_payload_hash',
  async up(db) {
    await sql`ALTER TABLE record_add_keys ADD COLUMN payload_hash text`.execute(db);
  },
};
