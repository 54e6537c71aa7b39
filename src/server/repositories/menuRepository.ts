/** Menus of a tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { containsPattern } from './likePattern.js';

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

/** A menu as administration reads and writes it (src/shared/contract/menus.ts `Menu`). */
export interface MenuDto {
  menuId: number;
  parentId: number;
  menuName: string;
  menuType: string;
  orderNum: number;
  component: string;
  path: string;
  formName: string;
  perms: string;
  icon: string;
  visible: string;
  status: string;
  isFrame: string;
  target: string;
  query: string;
  routeName: string;
  createTime: Date;
}

/** The stored values of a menu (everything but id and times). */
export type MenuInput = Omit<MenuDto, 'menuId' | 'createTime'>;

const ADMIN_COLS = ['id', 'parent_id', 'menu_name', 'menu_type', 'order_num', 'component', 'path', 'form_name', 'perms', 'icon', 'visible', 'status', 'is_frame', 'target', 'query', 'route_name', 'create_time'] as const;

function toDto(r: {
  id: number; parent_id: number; menu_name: string; menu_type: string; order_num: number; component: string | null; path: string; form_name: string | null;
  perms: string; icon: string; visible: string; status: string; is_frame: string; target: string; query: string; route_name: string; create_time: Date;
}): MenuDto {
  return {
    menuId: r.id, parentId: r.parent_id, menuName: r.menu_name, menuType: r.menu_type, orderNum: r.order_num, component: r.component ?? '', path: r.path,
    formName: r.form_name ?? '', perms: r.perms, icon: r.icon, visible: r.visible, status: r.status, isFrame: r.is_frame, target: r.target, query: r.query,
    routeName: r.route_name, createTime: r.create_time,
  };
}

function toRow(m: MenuInput) {
  return {
    parent_id: m.parentId, menu_name: m.menuName, menu_type: m.menuType, order_num: m.orderNum, component: m.component || null, path: m.path,
    form_name: m.formName || null, perms: m.perms, icon: m.icon, visible: m.visible, status: m.status, is_frame: m.isFrame, target: m.target,
    query: m.query, route_name: m.routeName,
  };
}

/** Every menu of the tenant (filtered by name substring, visibility, status), in tree order. */
export async function listMenus(db: Kysely<Database>, tenantId: number, f: { menuName?: string; visible?: string; status?: string } = {}): Promise<MenuDto[]> {
  let q = db.selectFrom('menus').select([...ADMIN_COLS]).where('tenant_id', '=', tenantId);
  if (f.menuName) q = q.where('menu_name', 'ilike', containsPattern(f.menuName));
  if (f.visible) q = q.where('visible', '=', f.visible);
  if (f.status) q = q.where('status', '=', f.status);
  return (await q.orderBy('parent_id').orderBy('order_num').orderBy('id').execute()).map(toDto);
}

/** One menu of the tenant. */
export async function findMenu(db: Kysely<Database>, tenantId: number, id: number): Promise<MenuDto | undefined> {
  const r = await db.selectFrom('menus').select([...ADMIN_COLS]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** The menus (type C) that show this form's list. */
export async function findMenusOfForm(db: Kysely<Database>, tenantId: number, formName: string): Promise<MenuDto[]> {
  const rows = await db.selectFrom('menus').select([...ADMIN_COLS]).where('tenant_id', '=', tenantId).where('form_name', '=', formName).where('menu_type', '=', 'C').orderBy('id').execute();
  return rows.map(toDto);
}

/** The permission strings the buttons (F) directly under a menu carry (`perms` is comma-separated). */
export async function childButtonPerms(db: Kysely<Database>, tenantId: number, parentId: number): Promise<string[]> {
  const rows = await db.selectFrom('menus').select('perms').where('tenant_id', '=', tenantId).where('parent_id', '=', parentId).where('menu_type', '=', 'F').execute();
  return rows.flatMap((r) => r.perms.split(',').map((p) => p.trim()).filter(Boolean));
}

/** Inserts a menu; returns its id. */
export async function insertMenu(db: Kysely<Database>, tenantId: number, m: MenuInput): Promise<number> {
  const r = await db.insertInto('menus').values({ tenant_id: tenantId, ...toRow(m) }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Rewrites a menu. */
export async function updateMenu(db: Kysely<Database>, tenantId: number, id: number, m: MenuInput): Promise<void> {
  await db.updateTable('menus').set({ ...toRow(m), update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Gives a menu a new parent and order. */
export async function moveMenu(db: Kysely<Database>, tenantId: number, id: number, parentId: number, orderNum: number): Promise<void> {
  await db.updateTable('menus').set({ parent_id: parentId, order_num: orderNum, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Deletes menus of the tenant. */
export async function deleteMenus(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('menus').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** How many menus of the tenant have one of these parents (children left outside `ids`). */
export async function countChildMenus(db: Kysely<Database>, tenantId: number, parentIds: number[], except: number[]): Promise<number> {
  let q = db.selectFrom('menus').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('parent_id', 'in', parentIds);
  if (except.length) q = q.where('id', 'not in', except);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Which of these permission strings a role of the tenant holds (a menu with such a string is assigned). */
export async function grantedPermissions(db: Kysely<Database>, tenantId: number, perms: string[]): Promise<string[]> {
  if (!perms.length) return [];
  const rows = await db.selectFrom('role_permissions').select('permission').distinct().where('tenant_id', '=', tenantId).where('permission', 'in', perms).execute();
  return rows.map((r) => r.permission);
}
