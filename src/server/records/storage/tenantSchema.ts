/** The per-tenant schema of form tables and its read-only role for `$sql` conditions. */
import { sql, type Kysely } from 'kysely';
import { tenantSchema, tenantSqlRole } from './names.js';

/**
 * Creates the tenant's schema and a NOLOGIN role that may only read it. `$sql` conditions run
 * under that role (SET LOCAL ROLE), so they cannot see other tenants or system tables. Where the
 * database user may not create roles, the role is skipped and `$sql` falls back to search_path
 * scoping plus the static checks of sqlCondition.ts.
 */
export async function ensureTenantSchema(db: Kysely<any>, tenantId: number): Promise<void> {
  const schema = tenantSchema(tenantId);
  const role = tenantSqlRole(tenantId);
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
  // Role names are cluster-wide: another database on the same server may have made it already.
  await sql.raw(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
        CREATE ROLE ${role} NOLOGIN;
      END IF;
      GRANT USAGE ON SCHEMA ${schema} TO ${role};
      ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT ON TABLES TO ${role};
    EXCEPTION WHEN insufficient_privilege OR duplicate_object OR unique_violation THEN NULL;
    END $$`).execute(db);
}

/** Lets the tenant's `$sql` role read every table of the schema (after tables were created). */
export async function grantTenantRead(db: Kysely<any>, tenantId: number): Promise<void> {
  const schema = tenantSchema(tenantId);
  const role = tenantSqlRole(tenantId);
  await sql.raw(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
        GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role};
      END IF;
    EXCEPTION WHEN insufficient_privilege THEN NULL;
    END $$`).execute(db);
}

/** True when the tenant's `$sql` role exists (it may not, on a server without CREATEROLE). */
export async function hasTenantSqlRole(db: Kysely<any>, tenantId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${tenantSqlRole(tenantId)}`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}
