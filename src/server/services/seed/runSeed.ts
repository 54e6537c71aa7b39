/** Runs every seed step not yet done, each in one transaction, in list order. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../files/fileStore.js';
import { seedSteps } from './steps.js';
import { installFlowHooks } from '../../flows/services/installFlowHooks.js';
import type { SeedStep, SeedTenant } from './types.js';

export interface RunSeedOptions {
  adminPassword: string;
  log?: (msg: string) => void;
  /** The file store for demo files (sample records' attachments); without it they stay empty. */
  files?: FileStore;
  /** Defaults to every registered step. */
  steps?: SeedStep[];
}

/** Seeds a fresh database; on later starts runs only steps added since (idempotent). */
export async function runSeed(db: Kysely<Database>, options: RunSeedOptions): Promise<string[]> {
  // The seed runs before buildApp (main.ts) and adds records, some on flow forms.
  installFlowHooks();
  const steps = options.steps ?? seedSteps;
  const log = options.log ?? (() => {});
  const doneRows = await db.selectFrom('seed_steps').select('name').execute();
  const done = new Set(doneRows.map((r) => r.name));
  const ran: string[] = [];
  for (const step of steps) {
    if (done.has(step.name)) continue;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx.insertInto('seed_steps').values({ name: step.name }).onConflict((oc) => oc.column('name').doNothing()).returning('name').executeTakeFirst();
      if (!claimed) return; // another instance seeded it meanwhile
      const tenants: SeedTenant[] = await trx.selectFrom('tenants').select(['id', 'code', 'name']).orderBy('id').execute();
      await step.run({ db: trx, tenants, adminPassword: options.adminPassword, log, files: options.files });
    });
    ran.push(step.name);
    log(`seed step "${step.name}" done`);
  }
  return ran;
}
