/**
 * Seed step `demo-energy` (served databases, `npm start`; services/seed/steps.ts): the demo plant
 * of repositories/demoPlant.ts for the DEFAULT tenant, once; a tenant that already has an energy
 * enterprise is left alone.
 */
import type { SeedStep } from '../services/seed/types.js';
import { createDemoEnergy, hasEnergyEnterprise } from './repositories/demoPlant.js';

export const seedDemoEnergy: SeedStep = {
  name: 'demo-energy',
  async run({ db, tenants, log }) {
    const t = tenants.find((x) => x.code === 'DEFAULT');
    if (!t) return;
    if (await hasEnergyEnterprise(db, t.id)) return;
    await createDemoEnergy(db, t.id, new Date());
    log(`energy demo plant for tenant ${t.code}`);
  },
};
