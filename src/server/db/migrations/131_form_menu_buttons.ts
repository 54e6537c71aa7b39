/**
 * A form menu made with 同时生成按钮权限 before FORM_ACTIONS listed 作废 and 流程列表 carries
 * seven buttons; menus made now carry one for each action the server checks. This adds, under
 * every such menu of every tenant, the button entries it lacks, through the same code that
 * creates them (services/formMenuButtons.ts), so the rows match a new menu's: name, perms,
 * orderNum (the action's place in FORM_ACTIONS), type F, visible, enabled.
 *
 * Only menus that already carry one of their form's buttons are completed: a form menu made
 * without buttons (the demo seed's, or the checkbox cleared) is left as creation leaves it now.
 * No role is granted anything: creating buttons grants nothing either (ADR 0996).
 *
 * It writes through today's creation code on purpose, so the button list has one definition.
 * Should a later migration change the `menus` columns that code writes, freeze this one first
 * (inline the rows as they are then), or it would write columns an old database lacks yet.
 */
import type { Migration } from './types.js';
import { AUTO_COMPONENT } from '../../../shared/contract/menus.js';
import { FORM_ACTIONS, formPermission } from '../../../shared/formPermissions.js';
import { addFormButtons } from '../../services/formMenuButtons.js';

export const m131FormMenuButtons: Migration = {
  id: 131,
  name: 'form_menu_buttons',
  async up(db) {
    const buttons = await db
      .selectFrom('menus as m')
      .innerJoin('menus as b', (j) => j.onRef('b.parent_id', '=', 'm.id').onRef('b.tenant_id', '=', 'm.tenant_id'))
      .select(['m.id', 'm.tenant_id', 'm.form_name', 'b.perms'])
      .where('m.menu_type', '=', 'C')
      .where('m.component', '=', AUTO_COMPONENT)
      .where('m.form_name', '<>', '')
      .where('b.menu_type', '=', 'F')
      .orderBy('m.id')
      .execute();
    const done = new Set<number>();
    for (const b of buttons) {
      const formName = b.form_name ?? '';
      const own = new Set(FORM_ACTIONS.map((a) => formPermission(formName, a.action)));
      if (done.has(b.id) || !b.perms.split(',').some((p) => own.has(p.trim()))) continue;
      done.add(b.id);
      await addFormButtons(db, b.tenant_id, { menuId: b.id, formName });
    }
  },
};
