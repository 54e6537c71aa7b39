/** What the demo seed draws sample values from: a tenant's users, departments, constants, some places, its admin. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** The rows sample values are picked from, in a stable order (the seed is deterministic). */
export interface SampleSourceRows {
  users: { id: number; dept_id: number | null }[];
  depts: { id: number }[];
  constants: { id: number; parent_id: number; name: string }[];
  /** Province, city and district ids of up to 40 districts of four provinces. */
  places: { p: number; c: number; d: number }[];
}

/** Reads the sample sources of a tenant. */
export async function sampleSources(db: Kysely<Database>, tenantId: number): Promise<SampleSourceRows> {
  const users = await sql<{ id: number; dept_id: number | null }>`SELECT id, dept_id FROM users WHERE tenant_id = ${tenantId} ORDER BY id`.execute(db);
  const depts = await sql<{ id: number }>`SELECT id FROM depts WHERE tenant_id = ${tenantId} ORDER BY id`.execute(db);
  const constants = await sql<{ id: number; parent_id: number; name: string }>`SELECT id, parent_id, name FROM constants WHERE tenant_id = ${tenantId} ORDER BY order_num, id`.execute(db);
  const places = await sql<{ p: number; c: number; d: number }>`SELECT p.id AS p, c.id AS c, d.id AS d FROM addresses d
    JOIN addresses c ON c.id = d.parent_id JOIN addresses p ON p.id = c.parent_id WHERE d.level = 3 AND p.id IN (11, 31, 33, 44) ORDER BY d.id LIMIT 40`.execute(db);
  return { users: users.rows, depts: depts.rows, constants: constants.rows, places: places.rows };
}

/** The tenant's user named `admin`, or null. */
export async function tenantAdmin(db: Kysely<Database>, tenantId: number): Promise<{ id: number; user_name: string; nick_name: string; dept_id: number | null } | null> {
  const u = await sql<{ id: number; user_name: string; nick_name: string; dept_id: number | null }>`
    SELECT id, user_name, nick_name, dept_id FROM users WHERE tenant_id = ${tenantId} AND user_name = 'admin'`.execute(db);
  return u.rows[0] ?? null;
}

/**
 * Gives the demo records of a form to several owners (the data-scope demo, issue 35): the record
 * at position i (oldest first) becomes owner i mod n's, with that owner's department, as if they
 * had added it.
 */
export async function spreadDemoOwners(db: Kysely<Database>, schema: string, table: string, owners: { userId: number; userName: string; deptId: number | null }[]): Promise<void> {
  if (!owners.length) return;
  await sql`UPDATE ${sql.id(schema, table)} t SET create_user_id = o.user_id, create_dept_id = o.dept_id, create_by = o.user_name
    FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) % ${owners.length} AS k FROM ${sql.id(schema, table)}) r
    JOIN unnest(${owners.map((o) => o.userId)}::bigint[], ${owners.map((o) => o.deptId)}::bigint[], ${owners.map((o) => o.userName)}::text[])
      WITH ORDINALITY AS o(user_id, dept_id, user_name, n) ON o.n - 1 = r.k
    WHERE t.id = r.id`.execute(db);
}
