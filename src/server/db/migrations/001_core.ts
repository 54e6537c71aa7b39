/** Tenants, users, roles, departments, sign-in tokens and attempts, captchas, seed bookkeeping. */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m001Core: Migration = {
  id: 1,
  name: 'core',
  async up(db) {
    await sql`
      CREATE TABLE tenants (
        id serial PRIMARY KEY,
        code text NOT NULL UNIQUE,
        name text NOT NULL,
        status text NOT NULL DEFAULT '0',
        create_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE depts (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        parent_id bigint NOT NULL DEFAULT 0,
        ancestors text NOT NULL DEFAULT '0',
        dept_name text NOT NULL,
        order_num int NOT NULL DEFAULT 0,
        leader text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT '0',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX depts_tenant_parent ON depts (tenant_id, parent_id);
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        dept_id bigint REFERENCES depts(id),
        user_name text NOT NULL,
        nick_name text NOT NULL,
        email text NOT NULL DEFAULT '',
        phonenumber text NOT NULL DEFAULT '',
        sex text NOT NULL DEFAULT '2',
        avatar text NOT NULL DEFAULT '',
        open_id text,
        password_hash text NOT NULL,
        status text NOT NULL DEFAULT '0',
        login_ip text NOT NULL DEFAULT '',
        login_date timestamptz,
        pwd_update_time timestamptz,
        remark text NOT NULL DEFAULT '',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, user_name)
      );
      CREATE INDEX users_tenant_dept ON users (tenant_id, dept_id);
      CREATE TABLE roles (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        role_name text NOT NULL,
        role_key text NOT NULL,
        role_sort int NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT '0',
        remark text NOT NULL DEFAULT '',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, role_key)
      );
      CREATE TABLE role_permissions (
        tenant_id int NOT NULL REFERENCES tenants(id),
        role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        permission text NOT NULL,
        PRIMARY KEY (role_id, permission)
      );
      CREATE TABLE user_roles (
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      );
      CREATE TABLE login_tokens (
        token_hash text PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        ip text NOT NULL DEFAULT '',
        user_agent text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        expire_time timestamptz NOT NULL,
        revoked_time timestamptz
      );
      CREATE INDEX login_tokens_user ON login_tokens (user_id);
      CREATE TABLE login_attempts (
        id bigserial PRIMARY KEY,
        tenant_code text NOT NULL,
        user_name text NOT NULL,
        ip text NOT NULL,
        success boolean NOT NULL,
        msg text NOT NULL DEFAULT '',
        attempt_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX login_attempts_user ON login_attempts (tenant_code, user_name, attempt_time);
      CREATE INDEX login_attempts_ip ON login_attempts (ip, attempt_time);
      CREATE TABLE captchas (
        uuid text PRIMARY KEY,
        answer text NOT NULL,
        expire_time timestamptz NOT NULL
      );
      CREATE TABLE oper_log (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        title text NOT NULL,
        business_type int NOT NULL,
        method text NOT NULL DEFAULT '',
        request_method text NOT NULL DEFAULT '',
        oper_user_id bigint,
        oper_name text NOT NULL DEFAULT '',
        dept_name text NOT NULL DEFAULT '',
        oper_url text NOT NULL DEFAULT '',
        oper_ip text NOT NULL DEFAULT '',
        oper_param text NOT NULL DEFAULT '',
        status int NOT NULL DEFAULT 0,
        error_msg text NOT NULL DEFAULT '',
        oper_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX oper_log_tenant_time ON oper_log (tenant_id, oper_time);
      CREATE TABLE seed_steps (
        name text PRIMARY KEY,
        done_time timestamptz NOT NULL DEFAULT now()
      );
    `.execute(db);
  },
};
