/** The demo seed: run the steps, and the hooks other seed steps use. */
export { runSeed } from './runSeed.js';
export { seedSteps, registerSeedStep } from './steps.js';
export { grantRolePermissions, userIdByName } from './helpers.js';
export { addFormMenu, autoRouteName, BUSINESS_MENU_NAME } from './seedMenus.js';
export { readSeedFixture } from './fixtures.js';
export type { SeedStep, SeedContext, SeedTenant } from './types.js';
