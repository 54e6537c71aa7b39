/** What a seed step receives and is. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../files/fileStore.js';

export interface SeedTenant {
  id: number;
  code: string;
  name: string;
}

export interface SeedContext {
  /** The transaction the step runs in. */
  db: Kysely<Database>;
  /** Every tenant, after the tenants step. */
  tenants: SeedTenant[];
  adminPassword: string;
  log: (msg: string) => void;
  /** Where demo files go (the store /api/common/upload uses); absent when seeding a bare database. */
  files?: FileStore;
}

export interface SeedStep {
  /** Unique; a step runs once per database (remembered in `seed_steps`). */
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
