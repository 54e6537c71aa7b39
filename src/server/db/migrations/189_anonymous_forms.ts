/**
 * Issue 32 item 5: anonymous forms. `anonymous_forms` is the administrator's setting per tenant
 * and form (open to anonymous filling, and the status a submitted record gets);
 * `anonymous_submissions` counts the attempts per client address for the rate limit.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m189AnonymousForms: Migration = {
  id: 189,
  name: 'anonymous_forms',
  async up(db) {
    await sql`
      CREATE TABLE anonymous_forms (
        tenant_id int NOT NULL REFERENCES tenants(id),
        form_name text NOT NULL,
        enabled boolean NOT NULL DEFAULT false,
        sys_status int NOT NULL DEFAULT -1,
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, form_name)
      );
      CREATE TABLE anonymous_submissions (
        client_ip text NOT NULL,
        tenant_id int NOT NULL,
        form_name text NOT NULL,
        submit_time timestamptz NOT NULL
      );
      CREATE INDEX anonymous_submissions_ip ON anonymous_submissions (client_ip, submit_time);
    `.execute(db);
  },
};
