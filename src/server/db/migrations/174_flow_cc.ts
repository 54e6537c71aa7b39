/**
 * 抄送 (issue 30 item 2): one row per recipient each time an instance passes a CC node, read by
 * the 抄送我的 list (tenant and recipient first, newest first).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m174FlowCc: Migration = {
  id: 174,
  name: 'flow_cc',
  async up(db) {
    await sql`
      CREATE TABLE flow_cc (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        instance_id bigint NOT NULL REFERENCES flow_instances(id),
        node_id text NOT NULL,
        node_name text NOT NULL DEFAULT '',
        user_id bigint NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX flow_cc_recipient ON flow_cc (tenant_id, user_id, id DESC);
    `.execute(db);
  },
};
