/**
 * Print templates per form and the print history of records (issue 17 item 1, docs/api-print.md).
 * Both tenant-owned. A template body is HTML already cleaned by DOMPurify when saved; it is
 * cleaned again whenever it is rendered.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m045Print: Migration = {
  id: 45,
  name: 'print_templates',
  async up(db) {
    await sql`
      CREATE TABLE print_templates (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        form_name text NOT NULL,
        name text NOT NULL,
        paper text NOT NULL DEFAULT 'A4' CHECK (paper IN ('A4', 'A5')),
        orientation text NOT NULL DEFAULT 'portrait' CHECK (orientation IN ('portrait', 'landscape')),
        margin_top int NOT NULL DEFAULT 15,
        margin_right int NOT NULL DEFAULT 15,
        margin_bottom int NOT NULL DEFAULT 15,
        margin_left int NOT NULL DEFAULT 15,
        header text NOT NULL DEFAULT '',
        footer text NOT NULL DEFAULT '',
        body text NOT NULL,
        -- An optional Word template filled with docxtemplater (ADR 0952), and its file name.
        docx bytea,
        docx_name text NOT NULL DEFAULT '',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, form_name, name)
      )
    `.execute(db);
    await sql`
      CREATE TABLE print_history (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        form_name text NOT NULL,
        record_id bigint NOT NULL,
        template_id int,
        template_name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('print', 'pdf', 'docx')),
        user_id bigint NOT NULL,
        user_name text NOT NULL,
        nick_name text NOT NULL DEFAULT '',
        print_time timestamptz NOT NULL DEFAULT now()
      )
    `.execute(db);
    await sql`CREATE INDEX print_history_record ON print_history (tenant_id, form_name, record_id, print_time DESC)`.execute(db);
  },
};
