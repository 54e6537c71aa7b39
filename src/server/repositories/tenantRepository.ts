/** Tenants. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface TenantRow {
  id: number;
  code: string;
  name: string;
  status: string;
}

/** A tenant by its code (case-sensitive, as stored). */
export async function findTenantByCode(db: Kysely<Database>, code: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenants').select(['id', 'code', 'name', 'status']).where('code', '=', code).executeTakeFirst();
}

/** Every active tenant, for the public tenant picker. */
export async function listActiveTenants(db: Kysely<Database>): Promise<TenantRow[]> {
  return db.selectFrom('tenants').select(['id', 'code', 'name', 'status']).where('status', '=', '0').orderBy('id').execute();
}
