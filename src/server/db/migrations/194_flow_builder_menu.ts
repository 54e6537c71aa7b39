/**
 * 审批流程搭建 (issue 30 item 1, ADR 1047) in the 流程审批 menu group of every tenant seeded
 * before it existed: placed right before 流程设计 (which, with anything after it, moves down one),
 * as seedFlowMenus.ts now seeds it. A new database gets it from the seed (this finds no group
 * there yet); a group that already has it is left alone.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m194FlowBuilderMenu: Migration = {
  id: 194,
  name: 'flow_builder_menu',
  async up(db) {
    const groups = await sql<{ tenant_id: number; id: number; at: number }>`
      SELECT g.tenant_id, g.id,
        coalesce((SELECT min(s.order_num) FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id AND s.path = '/flow/designer'),
                 (SELECT coalesce(max(s.order_num), 0) + 1 FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id)) AS at
      FROM menus g WHERE g.parent_id = 0 AND g.route_name = 'Flow' AND g.path = '/flow'
        AND NOT EXISTS (SELECT 1 FROM menus c WHERE c.tenant_id = g.tenant_id AND c.parent_id = g.id AND c.path = '/flow/builder')`.execute(db);
    for (const g of groups.rows) {
      await sql`UPDATE menus SET order_num = order_num + 1 WHERE tenant_id = ${g.tenant_id} AND parent_id = ${g.id} AND order_num >= ${g.at}`.execute(db);
      await sql`INSERT INTO menus (tenant_id, parent_id, menu_name, route_name, path, component, menu_type, perms, icon, order_num)
        VALUES (${g.tenant_id}, ${g.id}, '审批流程搭建', 'FlowBuilder', '/flow/builder', 'flow/builder/index', 'C', 'flowable:definition:deploy', 'form', ${Number(g.at)})`.execute(db);
    }
  },
};
