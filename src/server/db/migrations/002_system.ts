/** Dictionary data, system config, constants, addresses, menus, per-user config. */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m002System: Migration = {
  id: 2,
  name: 'system',
  async up(db) {
    await sql`
      CREATE TABLE dict_data (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        dict_sort int NOT NULL DEFAULT 0,
        dict_label text NOT NULL,
        dict_value text NOT NULL,
        dict_type text NOT NULL,
        css_class text NOT NULL DEFAULT '',
        list_class text NOT NULL DEFAULT '',
        is_default text NOT NULL DEFAULT 'N',
        status text NOT NULL DEFAULT '0',
        remark text NOT NULL DEFAULT '',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX dict_data_tenant_type ON dict_data (tenant_id, dict_type, dict_sort);
      CREATE TABLE configs (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        config_name text NOT NULL,
        config_key text NOT NULL,
        config_value text NOT NULL DEFAULT '',
        config_type text NOT NULL DEFAULT 'N',
        remark text NOT NULL DEFAULT '',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, config_key)
      );
      -- Constant ids are shared by every tenant's copy (form definitions name them, e.g. 4268),
      -- so the key is (tenant_id, id); new ones draw from a sequence above the seeded range.
      CREATE SEQUENCE constants_id_seq START 100000;
      CREATE TABLE constants (
        id bigint NOT NULL DEFAULT nextval('constants_id_seq'),
        tenant_id int NOT NULL REFERENCES tenants(id),
        parent_id bigint NOT NULL DEFAULT 0,
        name text NOT NULL,
        data_type text NOT NULL DEFAULT '',
        order_num int NOT NULL DEFAULT 0,
        status int NOT NULL DEFAULT 1,
        form_name text,
        remark text NOT NULL DEFAULT '',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, id)
      );
      CREATE INDEX constants_tenant_parent ON constants (tenant_id, parent_id, order_num);
      -- National reference data (GB/T 2260), shared by all tenants; id 1 is the root.
      CREATE TABLE addresses (
        id bigint PRIMARY KEY,
        parent_id bigint NOT NULL,
        name text NOT NULL,
        level int NOT NULL
      );
      CREATE INDEX addresses_parent ON addresses (parent_id);
      CREATE TABLE menus (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        parent_id bigint NOT NULL DEFAULT 0,
        menu_name text NOT NULL,
        route_name text NOT NULL DEFAULT '',
        path text NOT NULL DEFAULT '',
        component text,
        query text NOT NULL DEFAULT '',
        is_frame text NOT NULL DEFAULT '1',
        target text NOT NULL DEFAULT '',
        menu_type text NOT NULL,
        visible text NOT NULL DEFAULT '0',
        status text NOT NULL DEFAULT '0',
        perms text NOT NULL DEFAULT '',
        icon text NOT NULL DEFAULT '',
        order_num int NOT NULL DEFAULT 0,
        form_name text,
        create_time timestamptz NOT NULL DEFAULT now(),
        update_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX menus_tenant_parent ON menus (tenant_id, parent_id, order_num);
      CREATE TABLE user_configs (
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        config_key text NOT NULL,
        config_value text NOT NULL,
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, config_key)
      );
    `.execute(db);
  },
};
