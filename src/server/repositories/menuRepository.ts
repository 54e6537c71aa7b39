/** Menus of a tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface MenuRow {
  id: number;
  parent_id: number;
  menu_name: string;
  route_name: string;
  path: string;
  component: string | null;
  query: string;
  is_frame: string;
  target: string;
  menu_type: string;
  visible: string;
  perms: string;
  icon: string;
  order_num: number;
  form_name: string | null;
}

/** Every enabled menu of the tenant, in display order. */
export async function listEnabledMenus(db: Kysely<Database>, tenantId: number): Promise<MenuRow[]> {
  return db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'menu_name', 'route_name', 'path', 'component', 'query', 'is_frame', 'target', 'menu_type', 'visible', 'perms', 'icon', 'order_num', 'form_name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', '0')
    .orderBy('parent_id')
    .orderBy('order_num')
    .orderBy('id')
    .execute();
}
