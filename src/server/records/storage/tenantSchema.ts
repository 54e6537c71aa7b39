/** The per-tenant schema of form tables (its `$sql` role lives in sqlRoles.ts). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { tenantSchema } from './names.js';
import { grantSqlRoleRead } from './sqlRoles.js';

/** Creates the tenant's schema. */
export async function ensureTenantSchema(db: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(tenantSchema(tenantId))}`.execute(db);
}

/** Lets the tenant's `$sql` role read every table of the schema (after tables were created). */
export async function grantTenantRead(db: Kysely<Database>, tenantId: number): Promise<void> {
  await grantSqlRoleRead(db, tenantId);
}
