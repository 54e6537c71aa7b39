/** Seed step: the menu tree of fixtures/seed/menus.json, per tenant; and `addFormMenu` for form lists. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { readSeedFixture } from './fixtures.js';
import { addFormButtons } from '../formMenuButtons.js';
import type { SeedStep } from './types.js';

interface MenuFixture {
  menuName: string;
  menuType: 'M' | 'C' | 'F';
  routeName?: string;
  path?: string;
  component?: string;
  perms?: string;
  icon?: string;
  children?: MenuFixture[];
}

/** The directory that holds the generated form lists. */
export const BUSINESS_MENU_NAME = '业务表单';

async function insertMenus(db: Kysely<Database>, tenantId: number, nodes: MenuFixture[], parentId: number): Promise<void> {
  let order = 1;
  for (const m of nodes) {
    const row = await db
      .insertInto('menus')
      .values({
        tenant_id: tenantId,
        parent_id: parentId,
        menu_name: m.menuName,
        route_name: m.routeName ?? '',
        path: m.path ?? '',
        component: m.component ?? (m.menuType === 'M' ? 'Layout' : null),
        menu_type: m.menuType,
        perms: m.perms ?? '',
        icon: m.icon ?? '',
        order_num: order++,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (m.children?.length) await insertMenus(db, tenantId, m.children, row.id);
  }
}

/** `AutoContractLedger` from `contract_ledger`. */
export function autoRouteName(enName: string): string {
  return 'Auto' + enName.split(/[_\W]+/).filter(Boolean).map((p) => p[0].toUpperCase() + p.slice(1)).join('');
}

/**
 * Adds a menu entry for a form's generic list (component 'Auto', path /auto/{enName}, visible
 * to holders of auto:{form}:query) under the business directory, with the button entries a form
 * menu made in 菜单管理 gets (formMenuButtons), so the demo's menus list them too; returns the menu id.
 */
export async function addFormMenu(db: Kysely<Database>, tenantId: number, form: { enName: string; cnName: string; icon?: string; orderNum?: number }): Promise<number> {
  const existing = await db.selectFrom('menus').select('id').where('tenant_id', '=', tenantId).where('form_name', '=', form.enName).where('menu_type', '=', 'C').executeTakeFirst();
  if (existing) return existing.id;
  const dir = await db.selectFrom('menus').select('id').where('tenant_id', '=', tenantId).where('parent_id', '=', 0).where('menu_name', '=', BUSINESS_MENU_NAME).executeTakeFirst();
  const row = await db
    .insertInto('menus')
    .values({
      tenant_id: tenantId,
      parent_id: dir?.id ?? 0,
      menu_name: form.cnName,
      route_name: autoRouteName(form.enName),
      path: `/auto/${form.enName}`,
      component: 'Auto',
      menu_type: 'C',
      perms: `auto:${form.enName}:query`,
      icon: form.icon ?? 'form',
      order_num: form.orderNum ?? 0,
      form_name: form.enName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addFormButtons(db, tenantId, { menuId: row.id, formName: form.enName });
  return row.id;
}

export const seedMenus: SeedStep = {
  name: 'menus',
  async run(ctx) {
    const tree = readSeedFixture<MenuFixture[]>('menus');
    for (const t of ctx.tenants) await insertMenus(ctx.db, t.id, tree, 0);
  },
};
