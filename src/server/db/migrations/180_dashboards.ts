/**
 * Issue 33 item 1: dashboards, a tenant's stored definitions of panels over its forms
 * (src/server/dashboards). `version` counts saves (a stale edit is 409); `route_key` is the page
 * path of a shipped dashboard (the cockpit `guanlijiashicang`), unique in the tenant.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m180Dashboards: Migration = {
  id: 180,
  name: 'dashboards',
  async up(db) {
    await sql`
      CREATE TABLE dashboards (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        name text NOT NULL,
        route_key text,
        refresh_seconds int NOT NULL DEFAULT 60,
        panels jsonb NOT NULL DEFAULT '[]'::jsonb,
        version int NOT NULL DEFAULT 1,
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX dashboards_tenant ON dashboards (tenant_id, id);
      CREATE UNIQUE INDEX dashboards_route_key ON dashboards (tenant_id, route_key) WHERE route_key IS NOT NULL;
    `.execute(db);
  },
};
