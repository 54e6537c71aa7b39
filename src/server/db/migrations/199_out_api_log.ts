/**
 * 外部接口日志 (issue 34 item 6): one row per call to an outside provider (OCR, invoice
 * verification, tax platform, SMS), written by src/server/providers/outboundFetch.ts with redacted
 * bodies; rows older than 90 days are removed by the job sweep. Also the 外部接口日志 menu entry
 * after 操作日志 for every tenant seeded before it existed (a new database gets it from
 * fixtures/seed/menus.json; a group that already has it is left alone).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m199OutApiLog: Migration = {
  id: 199,
  name: 'out_api_log',
  async up(db) {
    await sql`CREATE TABLE IF NOT EXISTS out_api_log (
      id bigserial PRIMARY KEY,
      tenant_id integer REFERENCES tenants(id) ON DELETE CASCADE,
      provider varchar(32) NOT NULL,
      method varchar(10) NOT NULL,
      url varchar(1000) NOT NULL,
      status integer,
      outcome varchar(16) NOT NULL,
      duration_ms integer NOT NULL,
      error_msg varchar(500) NOT NULL DEFAULT '',
      request_body text NOT NULL DEFAULT '',
      response_body text NOT NULL DEFAULT '',
      call_time timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS out_api_log_tenant_time ON out_api_log (tenant_id, call_time DESC)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS out_api_log_time ON out_api_log (call_time)`.execute(db);
    const groups = await sql<{ tenant_id: number; id: number; after: number | null }>`
      SELECT g.tenant_id, g.id,
        (SELECT s.order_num FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id AND s.path = '/system/operlog' LIMIT 1) AS after
      FROM menus g WHERE g.parent_id = 0 AND g.path = '/system'
        AND NOT EXISTS (SELECT 1 FROM menus c WHERE c.tenant_id = g.tenant_id AND c.path = '/out-api-log')`.execute(db);
    for (const g of groups.rows) {
      const after = g.after === null ? null : Number(g.after);
      // Right after 操作日志, as the seed places it; else at the end of the group.
      if (after !== null) await sql`UPDATE menus SET order_num = order_num + 1 WHERE tenant_id = ${g.tenant_id} AND parent_id = ${g.id} AND order_num > ${after}`.execute(db);
      const order = after !== null ? after + 1
        : Number((await sql<{ last: number | null }>`SELECT max(order_num) AS last FROM menus WHERE tenant_id = ${g.tenant_id} AND parent_id = ${g.id}`.execute(db)).rows[0]?.last ?? 0) + 1;
      await sql`INSERT INTO menus (tenant_id, parent_id, menu_name, route_name, path, component, menu_type, perms, icon, order_num)
        VALUES (${g.tenant_id}, ${g.id}, '外部接口日志', 'OutApiLog', '/out-api-log', 'system/outapilog/index', 'C', 'system:outapilog:list', 'api', ${order})`.execute(db);
    }
  },
};
