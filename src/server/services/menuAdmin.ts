/**
 * Menu administration rules (菜单管理): what a menu of each type must name, where it may sit,
 * and what deleting one would orphan (a form menu's button entries: formMenuButtons.ts). The
 * routes (routes/menu) call these; SQL stays in repositories/menuRepository.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, conflict } from '../http/HttpError.js';
import { findFormByName } from '../records/repositories/formDefinitions.js';
import { findMenu, grantedPermissions, listMenus, type MenuDto, type MenuInput } from '../repositories/menuRepository.js';
import { autoRouteName } from './seed/seedMenus.js';
import { AUTO_COMPONENT, type AddMenuBody } from '../../shared/contract/menus.js';

const EXTERNAL = /^https?:\/\//;

/** The stored values of a request body: blanks filled, fields a type does not use cleared. */
export function menuInput(b: Omit<AddMenuBody, 'createButtons'>): MenuInput {
  const m: MenuInput = {
    parentId: b.parentId,
    menuName: b.menuName.trim(),
    menuType: b.menuType,
    orderNum: b.orderNum ?? 0,
    component: (b.component ?? '').trim(),
    path: (b.path ?? '').trim(),
    formName: (b.formName ?? '').trim(),
    perms: (b.perms ?? '').trim(),
    icon: b.icon ?? '',
    visible: b.visible ?? '0',
    status: b.status ?? '0',
    isFrame: b.isFrame ?? '1',
    target: b.target ?? '',
    query: b.query ?? '',
    routeName: (b.routeName ?? '').trim(),
  };
  if (m.menuType === 'F') return { ...m, component: '', path: '', formName: '', isFrame: '1', target: '', query: '', routeName: '' };
  if (m.menuType === 'M') return { ...m, component: m.component || 'Layout', formName: '' };
  if (m.component === AUTO_COMPONENT && m.formName) {
    return { ...m, path: m.path || `/auto/${m.formName}`, routeName: m.routeName || autoRouteName(m.formName), perms: m.perms || `auto:${m.formName}:query` };
  }
  return { ...m, formName: m.component === AUTO_COMPONENT ? m.formName : '' };
}

/**
 * Checks a menu about to be written (`verb` 新增 or 修改, `selfId` when editing); throws the
 * RuoYi-style 400/409 answers.
 */
export async function checkMenu(db: Kysely<Database>, tenantId: number, m: MenuInput, verb: '新增' | '修改', selfId?: number): Promise<void> {
  const fail = (why: string, field?: string) => badRequest(`${verb}菜单'${m.menuName}'失败，${why}`, field ? [{ field, message: why }] : undefined);
  if (m.parentId !== 0) {
    if (selfId !== undefined && m.parentId === selfId) throw fail('上级菜单不能选择自己', 'parentId');
    const parent = await findMenu(db, tenantId, m.parentId);
    if (!parent) throw fail('上级菜单不存在', 'parentId');
    if (parent.menuType === 'F') throw fail('按钮下不能添加子菜单', 'parentId');
    if (parent.menuType === 'C' && m.menuType !== 'F') throw fail('菜单下只能添加按钮', 'parentId');
    if (selfId !== undefined) await checkNoCycle(db, tenantId, selfId, m.parentId, m.menuName, verb);
  }
  if (m.menuType === 'C' && m.component === AUTO_COMPONENT) {
    if (!m.formName) throw fail('请选择表单', 'formName');
    if (!(await findFormByName(db, tenantId, m.formName))) throw fail(`表单'${m.formName}'不存在`, 'formName');
  }
  if (m.menuType !== 'F') {
    if (m.isFrame === '0' && !EXTERNAL.test(m.path)) throw fail('地址必须以http(s)://开头', 'path');
    if (!m.path) throw fail('路由地址不能为空', 'path');
  }
  const siblings = await listMenus(db, tenantId);
  if (siblings.some((s) => s.parentId === m.parentId && s.menuName === m.menuName && s.menuId !== selfId)) throw conflict(`${verb}菜单'${m.menuName}'失败，菜单名称已存在`);
}

/** Refuses a new parent that is the menu itself or one of its descendants. */
export async function checkNoCycle(db: Kysely<Database>, tenantId: number, menuId: number, parentId: number, menuName: string, verb: '新增' | '修改'): Promise<void> {
  if (parentId === 0) return;
  const all = await listMenus(db, tenantId);
  const parentOf = new Map(all.map((x) => [x.menuId, x.parentId]));
  for (let at = parentId, steps = 0; at !== 0 && steps <= all.length; at = parentOf.get(at) ?? 0, steps++) {
    if (at === menuId) throw badRequest(`${verb}菜单'${menuName}'失败，上级菜单不能是自己或自己的下级菜单`, [{ field: 'parentId', message: '上级菜单不能是自己或自己的下级菜单' }]);
  }
}

/** The permission strings a menu carries (comma-separated in `perms`). */
export function permsOf(m: Pick<MenuDto, 'perms'>): string[] {
  return m.perms.split(',').map((p) => p.trim()).filter(Boolean);
}

/** The menus as a tree for pickers (`treeselect`): directories and menus with their children. */
export function menuTree(menus: MenuDto[]): { id: number; label: string; menuType: string; children?: ReturnType<typeof menuTree> }[] {
  const byParent = new Map<number, MenuDto[]>();
  const ids = new Set(menus.map((m) => m.menuId));
  for (const m of menus) {
    const p = ids.has(m.parentId) ? m.parentId : 0;
    byParent.set(p, [...(byParent.get(p) ?? []), m]);
  }
  const build = (parentId: number, seen: Set<number>): ReturnType<typeof menuTree> =>
    (byParent.get(parentId) ?? [])
      .filter((m) => !seen.has(m.menuId))
      .map((m) => {
        const kids = build(m.menuId, new Set([...seen, m.menuId]));
        return { id: m.menuId, label: m.menuName, menuType: m.menuType, ...(kids.length ? { children: kids } : {}) };
      });
  return build(0, new Set());
}

/**
 * The permission strings that deleting these menus would leave granted to a role with no menu
 * carrying them any more (roles hold permission strings, not menu ids: a menu is "assigned" when
 * it is the last one carrying a string some role holds).
 */
export async function assignedPermissions(db: Kysely<Database>, tenantId: number, deleting: MenuDto[]): Promise<string[]> {
  const ids = new Set(deleting.map((m) => m.menuId));
  const kept = new Set((await listMenus(db, tenantId)).filter((m) => !ids.has(m.menuId)).flatMap(permsOf));
  const orphaned = [...new Set(deleting.flatMap(permsOf))].filter((p) => !kept.has(p));
  return grantedPermissions(db, tenantId, orphaned);
}
