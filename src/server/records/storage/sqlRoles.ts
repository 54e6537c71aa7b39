/**
 * The per-tenant role `$sql` conditions run under (docs/security.md). On PostgreSQL it is a
 * LOGIN role the `$sql` pool signs in as, so the statement's session never was a superuser's;
 * on PGlite (one superuser connection) it is entered with SET LOCAL ROLE as a second fence
 * behind the parser guard.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { tenantSchema } from './names.js';
import { inTransaction } from '../services/inTransaction.js';

/**
 * Role names are cluster-wide, and many databases (one per test file, or several installs) may
 * share a server: the prefix carries a hash of the database name, so each database has its own.
 */
export function sqlRolePrefix(databaseName: string): string {
  return `fw_${createHash('md5').update(databaseName, 'utf8').digest('hex').slice(0, 8)}_`;
}

/** The `$sql` role of one tenant in the database `databaseName`. */
export function sqlRoleName(databaseName: string, tenantId: number): string {
  return `${sqlRolePrefix(databaseName)}${tenantSchema(tenantId)}`;
}

async function currentDatabase(db: Kysely<Database>): Promise<string> {
  const r = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  return r.rows[0].name;
}

/** The role's name and password, or null where the database user may not create roles. */
export interface SqlRole {
  role: string;
  password: string;
}

/** Settings every session of the role starts with (PostgreSQL applies them at login). */
function roleSettings(schema: string, timeoutMs: number): string[] {
  return [
    `statement_timeout = ${Math.trunc(timeoutMs)}`,
    'default_transaction_read_only = on',
    `idle_in_transaction_session_timeout = ${Math.max(1000, Math.trunc(timeoutMs) * 2)}`,
    // pg_catalog explicitly first (sqlSandbox.ts sandboxSearchPath): the sandbox resolves names under exactly this path.
    `search_path = pg_catalog, ${schema}`,
  ];
}

/**
 * Creates or repairs the tenant's role: LOGIN with the stored password (a new random one when
 * none is stored), no other attribute, USAGE on the tenant schema and SELECT on its tables
 * (present and future), nothing on public. Answers null when the user may not create roles.
 */
export async function ensureSqlRole(db: Kysely<Database>, tenantId: number, timeoutMs: number): Promise<SqlRole | null> {
  const schema = tenantSchema(tenantId);
  const role = sqlRoleName(await currentDatabase(db), tenantId);
  // Only [a-z0-9_] reach the statements below: names from tenantSchema/sqlRoleName, a hex password.
  if (!/^[a-z0-9_]+$/.test(role)) throw new Error(`Bad role name ${role}`);
  try {
    return await inTransaction(db, async (trx) => {
      // One creator at a time (two processes on one PostgreSQL, or two first requests).
      await sql`SELECT pg_advisory_xact_lock(7420011, ${tenantId})`.execute(trx);
      const stored = await sql<{ role_name: string; password: string }>`
        SELECT role_name, password FROM sql_roles WHERE tenant_id = ${tenantId}`.execute(trx);
      let password = stored.rows[0]?.role_name === role ? stored.rows[0].password : '';
      if (!/^[0-9a-f]{48}$/.test(password)) {
        password = randomBytes(24).toString('hex');
        await sql`INSERT INTO sql_roles (tenant_id, role_name, password) VALUES (${tenantId}, ${role}, ${password})
          ON CONFLICT (tenant_id) DO UPDATE SET role_name = EXCLUDED.role_name, password = EXCLUDED.password`.execute(trx);
      }
      const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${role}`.execute(trx);
      const attributes = `LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 5`;
      if (exists.rows[0].n === 0) await sql.raw(`CREATE ROLE ${role} ${attributes}`).execute(trx);
      else await sql.raw(`ALTER ROLE ${role} ${attributes}`).execute(trx);
      for (const setting of roleSettings(schema, timeoutMs)) await sql.raw(`ALTER ROLE ${role} SET ${setting}`).execute(trx);
      await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${schema}`).execute(trx);
      await sql.raw(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`).execute(trx);
      await sql.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}`).execute(trx);
      await sql.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT ON TABLES TO ${role}`).execute(trx);
      // Nothing granted there today; stated so a later GRANT … TO PUBLIC on a table is not inherited silently.
      await sql.raw(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`).execute(trx);
      await sql.raw(`REVOKE CREATE ON SCHEMA public FROM ${role}`).execute(trx);
      return { role, password };
    });
  } catch (err) {
    // 42501: the database user may not create or alter roles.
    if ((err as { code?: string }).code === '42501') return null;
    throw err;
  }
}

/** Lets the tenant's `$sql` role (when it exists) read every table of the schema, after tables were created. */
export async function grantSqlRoleRead(db: Kysely<Database>, tenantId: number): Promise<void> {
  const schema = tenantSchema(tenantId);
  const role = sqlRoleName(await currentDatabase(db), tenantId);
  const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${role}`.execute(db);
  if (exists.rows[0].n > 0) await sql.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}`).execute(db);
}

/** The tables and views of the tenant's schema: the names a `$sql` condition may read. */
export async function tenantRelations(db: Kysely<Database>, tenantId: number): Promise<Set<string>> {
  const r = await sql<{ relname: string }>`
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${tenantSchema(tenantId)} AND c.relkind IN ('r', 'v', 'm', 'p')`.execute(db);
  return new Set(r.rows.map((x) => x.relname));
}
