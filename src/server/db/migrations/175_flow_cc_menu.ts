/**
 * 抄送我的 (issue 30 item 2) in the 流程审批 menu group of every tenant seeded before it existed:
 * placed right after 我发起的 (the siblings after it move down one), as seedFlowMenus.ts now seeds
 * it. A new database gets it from the seed (this finds no group there yet); a group that already
 * has it is left alone.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m175FlowCcMenu: Migration = {
  id: 175,
  name: 'flow_cc_menu',
  async up(db) {
    const groups = await sql<{ tenant_id: number; id: number; after: number }>`
      SELECT g.tenant_id, g.id, coalesce((SELECT max(s.order_num) FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id AND s.path = '/flow/started'), 3) AS after
      FROM menus g WHERE g.parent_id = 0 AND g.route_name = 'Flow' AND g.path = '/flow'
        AND NOT EXISTS (SELECT 1 FROM menus c WHERE c.tenant_id = g.tenant_id AND c.parent_id = g.id AND c.path = '/flow/cc')`.execute(db);
    for (const g of groups.rows) {
      await sql`UPDATE menus SET order_num = order_num + 1 WHERE tenant_id = ${g.tenant_id} AND parent_id = ${g.id} AND order_num > ${g.after}`.execute(db);
      await sql`INSERT INTO menus (tenant_id, parent_id, menu_name, route_name, path, component, menu_type, perms, icon, order_num)
        VALUES (${g.tenant_id}, ${g.id}, '抄送我的', 'FlowCc', '/flow/cc', 'flow/cc/index', 'C', '', 'form', ${Number(g.after) + 1})`.execute(db);
    }
  },
};
