/**
 * The button entries (F) of a form menu: one for each action the server checks on the form
 * (FORM_ACTIONS), so roles can be granted them and 菜单管理 shows them. Creating a menu with
 * 同时生成按钮权限 (routes/menu) and migration 131 (menus made before the list grew) both write
 * them here, so an old menu ends up with the same rows a new one gets.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { childButtonPerms, insertMenu, type MenuInput } from '../repositories/menuRepository.js';
import { FORM_ACTIONS, formPermission } from '../../shared/formPermissions.js';

/** The button entries of a form menu, in FORM_ACTIONS order (orderNum 1, 2, …). */
export function formButtonInputs(menu: { menuId: number; formName: string }): MenuInput[] {
  return FORM_ACTIONS.map((a, i) => ({
    parentId: menu.menuId, menuName: a.label, menuType: 'F', orderNum: i + 1, component: '', path: '', formName: '', perms: formPermission(menu.formName, a.action),
    icon: '', visible: '0', status: '0', isFrame: '1', target: '', query: '', routeName: '',
  }));
}

/**
 * Adds under a form menu each of its button entries that no button under it carries yet;
 * returns the new ids. On a new menu that is all of them; run again, it adds nothing.
 */
export async function addFormButtons(db: Kysely<Database>, tenantId: number, menu: { menuId: number; formName: string }): Promise<number[]> {
  const present = new Set(await childButtonPerms(db, tenantId, menu.menuId));
  const ids: number[] = [];
  for (const b of formButtonInputs(menu)) if (!present.has(b.perms)) ids.push(await insertMenu(db, tenantId, b));
  return ids;
}
