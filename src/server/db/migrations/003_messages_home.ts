/** In-app messages per user (spec 02 §7 "Messages and home") and the home-page module lists. */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m003MessagesHome: Migration = {
  id: 3,
  name: 'messages_home',
  async up(db) {
    await sql`
      CREATE TABLE messages (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title text NOT NULL,
        content text NOT NULL DEFAULT '',
        msg_type text NOT NULL DEFAULT '1',
        is_read boolean NOT NULL DEFAULT false,
        link text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        read_time timestamptz
      );
      CREATE INDEX messages_user_read ON messages (tenant_id, user_id, is_read, id DESC);
      CREATE TABLE home_modules (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL DEFAULT 0,
        modules text NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, user_id)
      );
    `.execute(db);
  },
};
