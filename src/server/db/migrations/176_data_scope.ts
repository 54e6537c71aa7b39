/**
 * Row-level data permissions (数据权限, issue 35): each role's scope (RuoYi's codes: 1 全部数据,
 * 2 自定义部门, 3 本部门, 4 本部门及以下, 5 仅本人), the departments of a custom scope, and a
 * role's per-form override. Existing roles keep 全部数据, so nobody sees less than before.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m176DataScope: Migration = {
  id: 176,
  name: 'data_scope',
  async up(db) {
    await sql`
      ALTER TABLE roles ADD COLUMN data_scope text NOT NULL DEFAULT '1' CHECK (data_scope IN ('1', '2', '3', '4', '5'));
      CREATE TABLE role_depts (
        tenant_id int NOT NULL REFERENCES tenants(id),
        role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        dept_id bigint NOT NULL REFERENCES depts(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, dept_id)
      );
      CREATE TABLE role_form_scopes (
        tenant_id int NOT NULL REFERENCES tenants(id),
        role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        form_name text NOT NULL,
        data_scope text NOT NULL CHECK (data_scope IN ('1', '2', '3', '4', '5')),
        PRIMARY KEY (role_id, form_name)
      );
      CREATE INDEX role_form_scopes_form ON role_form_scopes (tenant_id, form_name);
    `.execute(db);
  },
};
