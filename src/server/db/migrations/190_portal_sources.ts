/**
 * Issue 32 item 1: the portal. `portal_sources` is the administrator's setting per tenant and
 * form: which portal section the form's records feed, which fields are published, and what
 * marks a record as published (its status, and/or one field's value). Only what this row names
 * is ever served without a token (public/portal*.ts, docs/security.md "Portal").
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m190PortalSources: Migration = {
  id: 190,
  name: 'portal_sources',
  async up(db) {
    await sql`
      CREATE TABLE portal_sources (
        tenant_id int NOT NULL REFERENCES tenants(id),
        form_name text NOT NULL,
        enabled boolean NOT NULL DEFAULT false,
        section text NOT NULL,
        title_field text NOT NULL,
        date_field text,
        category_field text,
        fields jsonb NOT NULL DEFAULT '[]'::jsonb,
        publish_status int,
        publish_field text,
        publish_value text,
        sort int NOT NULL DEFAULT 0,
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, form_name)
      );
      CREATE INDEX portal_sources_section ON portal_sources (tenant_id, section);
    `.execute(db);
  },
};
