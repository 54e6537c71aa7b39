/**
 * 能耗监测 (issue 33 item 3, `/energy-consumption`) at the end of the 系统管理 menu group of every
 * tenant seeded before it existed, as fixtures/seed/menus.json now seeds it; visible to holders of
 * `energy:data:query`. A new database gets it from the seed (this finds no group there yet); a
 * group that already has it is left alone.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m183EnergyMenu: Migration = {
  id: 183,
  name: 'energy_menu',
  async up(db) {
    const groups = await sql<{ tenant_id: number; id: number; last: number }>`
      SELECT g.tenant_id, g.id, coalesce((SELECT max(s.order_num) FROM menus s WHERE s.parent_id = g.id AND s.tenant_id = g.tenant_id), 0) AS last
      FROM menus g WHERE g.parent_id = 0 AND g.path = '/system'
        AND NOT EXISTS (SELECT 1 FROM menus c WHERE c.tenant_id = g.tenant_id AND c.path = '/energy-consumption')`.execute(db);
    for (const g of groups.rows) {
      await sql`INSERT INTO menus (tenant_id, parent_id, menu_name, route_name, path, component, menu_type, perms, icon, order_num)
        VALUES (${g.tenant_id}, ${g.id}, '能耗监测', 'EnergyConsumption', '/energy-consumption', 'energy/index', 'C', 'energy:data:query', 'thunderbolt', ${Number(g.last) + 1})`.execute(db);
    }
  },
};
