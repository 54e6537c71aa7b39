/**
 * 仪表盘管理 (issue 33, the dashboard builder at /system/dashboard) in the 系统管理 menu group of
 * every tenant seeded before it existed: placed right after 表单配置 (the siblings after it move
 * down one; at the end when the group has no 表单配置), as fixtures/seed/menus.json now seeds it.
 * Visible to holders of `system:dashboard:list`; the admin role passes every permission, so it
 * has the entry without a grant. A new database gets it from the seed (this finds no group
 * there yet); a tenant that already has it is left alone.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m191DashboardMenu: Migration = {
  id: 191,
  name: 'dashboard_menu',
  async up(db) {
    const groups = await sql<{ tenant_id: number; id: number; after: number }>`
      SELECT g.tenant_id, g.id, coalesce(
        (SELECT max(s.order_num) FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id AND s.path = '/system/form'),
        (SELECT max(s.order_num) FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id), 0) AS after
      FROM menus g WHERE g.parent_id = 0 AND g.path = '/system'
        AND NOT EXISTS (SELECT 1 FROM menus c WHERE c.tenant_id = g.tenant_id AND c.path = '/system/dashboard')`.execute(db);
    for (const g of groups.rows) {
      await sql`UPDATE menus SET order_num = order_num + 1 WHERE tenant_id = ${g.tenant_id} AND parent_id = ${g.id} AND order_num > ${g.after}`.execute(db);
      await sql`INSERT INTO menus (tenant_id, parent_id, menu_name, route_name, path, component, menu_type, perms, icon, order_num)
        VALUES (${g.tenant_id}, ${g.id}, '仪表盘管理', 'Dashboards', '/system/dashboard', 'system/dashboard/index', 'C', 'system:dashboard:list', 'dashboard', ${Number(g.after) + 1})`.execute(db);
    }
  },
};
