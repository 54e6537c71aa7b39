/**
 * Spec 02 §7 "Messages and home": the user's calendar entries, the tenant's rolling announcements,
 * and per-user menu visit counts (the 常用功能 of /myCommonInfo, bizType 2).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m004CalendarAnnounceVisits: Migration = {
  id: 4,
  name: 'calendar_announce_visits',
  async up(db) {
    // Calendar times are wall-clock times as the user entered them (no time zone): an entry at
    // 09:00 stays at 09:00 whatever zone the server or another browser runs in.
    await sql`
      CREATE TABLE user_calendar (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title text NOT NULL,
        content text NOT NULL DEFAULT '',
        start_time timestamp NOT NULL,
        end_time timestamp NOT NULL,
        all_day boolean NOT NULL DEFAULT false,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX user_calendar_owner_start ON user_calendar (tenant_id, user_id, start_time);
      CREATE TABLE rolling_announce (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        content text NOT NULL,
        start_date date,
        end_date date,
        status text NOT NULL DEFAULT '0',
        sort int NOT NULL DEFAULT 0,
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX rolling_announce_tenant ON rolling_announce (tenant_id, status);
      CREATE TABLE menu_visits (
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        menu_id bigint NOT NULL,
        visit_count int NOT NULL DEFAULT 0,
        last_visit timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, user_id, menu_id)
      );
    `.execute(db);
  },
};
