/**
 * Seed step: the 菜单管理 screen under 系统管理 (with its button entries system:menu:query|add|
 * edit|remove) for every tenant. A step of its own, so databases seeded before it get it too.
 */
import type { SeedStep } from './types.js';

const BUTTONS = [
  { menuName: '菜单查询', perms: 'system:menu:query' },
  { menuName: '菜单新增', perms: 'system:menu:add' },
  { menuName: '菜单修改', perms: 'system:menu:edit' },
  { menuName: '菜单删除', perms: 'system:menu:remove' },
];

export const seedMenuAdmin: SeedStep = {
  name: 'menu-admin',
  async run(ctx) {
    for (const t of ctx.tenants) {
      const system = await ctx.db.selectFrom('menus').select('id').where('tenant_id', '=', t.id).where('parent_id', '=', 0).where('menu_name', '=', '系统管理').executeTakeFirst();
      if (!system) continue;
      const exists = await ctx.db.selectFrom('menus').select('id').where('tenant_id', '=', t.id).where('route_name', '=', 'Menu').executeTakeFirst();
      if (exists) continue;
      // After 角色管理 (order 2), as RuoYi places it.
      const menu = await ctx.db
        .insertInto('menus')
        .values({ tenant_id: t.id, parent_id: system.id, menu_name: '菜单管理', route_name: 'Menu', path: '/system/menu', component: 'system/menu/index', menu_type: 'C', perms: 'system:menu:list', icon: 'menu', order_num: 2 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('menus')
        .values(BUTTONS.map((b, i) => ({ tenant_id: t.id, parent_id: menu.id, menu_name: b.menuName, menu_type: 'F', component: null, perms: b.perms, order_num: i + 1 })))
        .execute();
    }
  },
};
