/**
 * The seed steps, in order. A plain list: the records engine appends its step (demo forms and
 * sample records) with `registerSeedStep`, or by adding an entry here.
 */
import type { SeedStep } from './types.js';
import { seedTenants } from './seedTenants.js';
import { seedSystemData } from './seedSystemData.js';
import { seedMenus } from './seedMenus.js';
import { seedAddresses } from './seedAddresses.js';
import { seedDemoForms } from '../../records/seed/seedDemoForms.js';
import { seedMessages } from './seedMessages.js';
import { seedAnnouncements } from './seedAnnouncements.js';
import { seedDemoFlow } from '../../flows/services/seedDemoFlow.js';
import { seedFlowMenus } from '../../flows/services/seedFlowMenus.js';
import { seedMenuAdmin } from './seedMenuAdmin.js';
import { seedDemoColumnFill } from '../../records/seed/fillDemoColumns.js';
import { seedAnonymousForm } from '../../public/seedAnonymousForm.js';
import { seedPortal } from '../../public/seedPortal.js';
import { seedDemoDashboards } from '../../dashboards/seedDemoDashboards.js';
import { seedDemoDataScope } from '../../records/seed/seedDataScope.js';
import { seedDemoEnergy } from '../../energy/seedDemoEnergy.js';
import { seedNamedScreens } from './seedNamedScreens.js';

export const seedSteps: SeedStep[] = [seedTenants, seedSystemData, seedMenus, seedAddresses, seedDemoForms, seedMessages, seedAnnouncements, seedDemoFlow, seedFlowMenus, seedMenuAdmin, seedDemoColumnFill, seedAnonymousForm, seedDemoDashboards, seedPortal, seedNamedScreens];

/**
 * The steps of a served database (`npm start`, main.ts): the above plus the data-scope demo
 * (issue 35: roles 项目经理 / 办事员, three more users, demo records spread over owners). The
 * test template leaves it out, so the users, trees and creators tests count stay the shared
 * fixtures'; tests/api/records/dataScope.test.ts runs it on its own database.
 */
export function servedSeedSteps(): SeedStep[] {
  return [...seedSteps, seedDemoDataScope, seedDemoEnergy];
}

/** Adds a step after the existing ones (its name must be new). */
export function registerSeedStep(step: SeedStep): void {
  if (seedSteps.some((s) => s.name === step.name)) return;
  seedSteps.push(step);
}
