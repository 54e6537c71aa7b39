/** System tables of the records engine: definitions, idempotency keys, serial counters, per-user state. */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';

/** Migration 100: the records engine's system tables. */
export const m100Records: Migration = {
  id: 100,
  name: 'records',
  async up(db) {
    await sql`
      CREATE TABLE form_definitions (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        en_name text NOT NULL,
        cn_name text NOT NULL,
        -- The definition as saved, every field carrying its stable columnId.
        definition jsonb NOT NULL,
        -- The tables and columns it maps to, plus retired ones (see storage/types.ts).
        storage jsonb NOT NULL,
        version int NOT NULL DEFAULT 1,
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, en_name)
      );
      -- One row per add uuid: the same uuid twice answers the first record's id.
      CREATE TABLE record_add_keys (
        tenant_id int NOT NULL REFERENCES tenants(id),
        uuid text NOT NULL,
        form_id int NOT NULL,
        record_id bigint,
        create_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, uuid)
      );
      CREATE TABLE serial_counters (
        tenant_id int NOT NULL REFERENCES tenants(id),
        form_id int NOT NULL,
        column_id int NOT NULL,
        period text NOT NULL,
        value bigint NOT NULL,
        PRIMARY KEY (tenant_id, form_id, column_id, period)
      );
      CREATE TABLE saved_queries (
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        form text NOT NULL,
        keys jsonb NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, user_id, form)
      );
      CREATE TABLE user_table_settings (
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        form text NOT NULL,
        settings jsonb NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, user_id, form)
      );
    `.execute(db);
  },
};
