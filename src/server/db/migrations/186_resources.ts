/**
 * 文档管理, the resource library (issue 34 item 1, spec 02 §7 "Resources and policy", ADR 1044):
 * a folder tree per tenant whose files live in the file store, every uploaded version of a file,
 * and the permission entries of each node (view / download / manage for a user, a role or a
 * department; inherited down the tree, additive).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m186Resources: Migration = {
  id: 186,
  name: 'resources',
  async up(db) {
    await sql`
      CREATE TABLE resources (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        parent_id bigint NOT NULL DEFAULT 0,
        kind text NOT NULL CHECK (kind IN ('folder', 'file')),
        name text NOT NULL,
        file_key text,
        size bigint NOT NULL DEFAULT 0,
        version int NOT NULL DEFAULT 0,
        create_by bigint NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by bigint,
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX resources_parent ON resources (tenant_id, parent_id);
      CREATE UNIQUE INDEX resources_sibling_name ON resources (tenant_id, parent_id, lower(name));
      CREATE TABLE resource_versions (
        tenant_id int NOT NULL REFERENCES tenants(id),
        resource_id bigint NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
        version int NOT NULL,
        file_key text NOT NULL,
        size bigint NOT NULL,
        create_by bigint NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (resource_id, version)
      );
      CREATE TABLE resource_permissions (
        tenant_id int NOT NULL REFERENCES tenants(id),
        resource_id bigint NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
        subject_type text NOT NULL CHECK (subject_type IN ('user', 'role', 'dept')),
        subject_id bigint NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
        PRIMARY KEY (resource_id, subject_type, subject_id)
      );
      CREATE INDEX resource_permissions_tenant ON resource_permissions (tenant_id);
    `.execute(db);
  },
};
