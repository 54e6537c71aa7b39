/** Per-user menu visit counts (常用功能): every query is bound to one tenant and one user. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface MenuVisit {
  menuId: number;
  count: number;
  lastVisit: Date;
}

/** Counts one visit of the user to the menu. */
export async function recordMenuVisit(db: Kysely<Database>, tenantId: number, userId: number, menuId: number): Promise<void> {
  await db
    .insertInto('menu_visits')
    .values({ tenant_id: tenantId, user_id: userId, menu_id: menuId, visit_count: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'menu_id']).doUpdateSet({ visit_count: sql`menu_visits.visit_count + 1`, last_visit: sql`now()` }),
    )
    .execute();
}

/** The user's visited menus, most visited first (then most recent). */
export async function listMenuVisits(db: Kysely<Database>, tenantId: number, userId: number): Promise<MenuVisit[]> {
  const rows = await db
    .selectFrom('menu_visits')
    .select(['menu_id', 'visit_count', 'last_visit'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('visit_count', 'desc')
    .orderBy('last_visit', 'desc')
    .orderBy('menu_id')
    .limit(5000)
    .execute();
  return rows.map((r) => ({ menuId: Number(r.menu_id), count: r.visit_count, lastVisit: r.last_visit }));
}
