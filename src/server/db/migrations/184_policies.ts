/**
 * 制度发布 (issue 34 item 3, spec 02 §7 "Resources and policy"): policies (title, cleaned rich
 * text, attachments from the file store, chosen recipients, draft or published), the users each
 * publication notified (who may read a published policy without the list permission), and one
 * settings row per tenant.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m184Policies: Migration = {
  id: 184,
  name: 'policies',
  async up(db) {
    await sql`
      CREATE TABLE policies (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        title text NOT NULL,
        content text NOT NULL DEFAULT '',
        attachments jsonb NOT NULL DEFAULT '[]',
        user_ids jsonb NOT NULL DEFAULT '[]',
        dept_ids jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL DEFAULT '0',
        create_by bigint NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_time timestamptz NOT NULL DEFAULT now(),
        publish_time timestamptz,
        publish_by bigint
      );
      CREATE INDEX policies_tenant ON policies (tenant_id, id DESC);
      CREATE TABLE policy_recipients (
        tenant_id int NOT NULL REFERENCES tenants(id),
        policy_id bigint NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
        user_id bigint NOT NULL,
        PRIMARY KEY (policy_id, user_id)
      );
      CREATE INDEX policy_recipients_user ON policy_recipients (tenant_id, user_id);
      CREATE TABLE policy_settings (
        tenant_id int PRIMARY KEY REFERENCES tenants(id),
        settings jsonb NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now()
      );
    `.execute(db);
  },
};
