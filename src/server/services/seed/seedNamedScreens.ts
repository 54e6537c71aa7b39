/**
 * Seed step: the forms behind the spec's named screens (issue 34 item 6, spec 02 §2.3, docs/named-screens.md):
 * 看板通知 `kanban_info` (/xtgl/apppz/kanban-info), 物资调拨 `allocation` (/allocation), 订单
 * `order_manage` (/order-manage/form, 手工订单) and 任务 `work_order` (/work-order/form, 任务详情),
 * from fixtures/screens, in every tenant with a menu entry each (which gives the roles their
 * permissions the way every form menu does). A tenant that already has a form of that name keeps
 * it. Seed steps added later run on existing databases at their next start (runSeed), so this
 * reaches them too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { createForm } from '../../records/services/formDefinitions.js';
import { addFormMenu } from './seedMenus.js';
import type { SeedStep } from './types.js';

const dir = new URL('../../../../fixtures/screens/', import.meta.url);

/** The named screens' form definitions. */
export function namedScreenDefinitions(): FormDefinition[] {
  const path = fileURLToPath(dir);
  return readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(`${path}/${f}`, 'utf8')) as FormDefinition);
}

export const seedNamedScreens: SeedStep = {
  name: 'named-screens',
  async run({ db, tenants, log }) {
    const defs = namedScreenDefinitions();
    for (const tenant of tenants) {
      for (const def of defs) {
        const exists = await db.selectFrom('form_definitions').select('id').where('tenant_id', '=', tenant.id).where('en_name', '=', def.enName).executeTakeFirst();
        if (exists) continue;
        await createForm(db, { tenantId: tenant.id, userName: 'admin' }, def);
        await addFormMenu(db, tenant.id, { enName: def.enName, cnName: def.cnName, orderNum: 95 });
      }
    }
    log(`named screens' forms ${defs.map((d) => d.enName).join(', ')}`);
  },
};
