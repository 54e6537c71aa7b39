/**
 * Seed step: the demo personnel form `auto_ryxx` (人员信息, spec 02 §7's anonymous form) of
 * fixtures/public, in every tenant with its menu entry, opened to anonymous filling in DEFAULT
 * only (submissions land as 草稿), so the public link works out of the box and T2 shows that
 * opening is per tenant.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FormDefinition } from '../../../schema-adapters/definition/types.js';
import { createForm } from '../records/services/formDefinitions.js';
import { addFormMenu } from '../services/seed/seedMenus.js';
import { saveAnonymousSetting } from '../repositories/anonymousFormRepository.js';
import type { SeedStep } from '../services/seed/types.js';

const file = new URL('../../../fixtures/public/auto_ryxx.json', import.meta.url);

export const seedAnonymousForm: SeedStep = {
  name: 'anonymous-form-ryxx',
  async run({ db, tenants, log }) {
    const def = JSON.parse(readFileSync(fileURLToPath(file), 'utf8')) as FormDefinition;
    for (const tenant of tenants) {
      const exists = await db.selectFrom('form_definitions').select('id').where('tenant_id', '=', tenant.id).where('en_name', '=', def.enName).executeTakeFirst();
      if (!exists) await createForm(db, { tenantId: tenant.id, userName: 'admin' }, def);
      await addFormMenu(db, tenant.id, { enName: def.enName, cnName: def.cnName, orderNum: 90 });
      if (tenant.code === 'DEFAULT') await saveAnonymousSetting(db, tenant.id, def.enName, { enabled: true, sysStatus: -1, updateBy: 'admin' });
    }
    log(`demo anonymous form ${def.enName}`);
  },
};
