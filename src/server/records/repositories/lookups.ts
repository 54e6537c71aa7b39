/**
 * The reads a record write and an import make about what a record refers to: users, departments,
 * places, constants and related records, by id (names for `$view`, existence for the reference
 * check) and by label (import). Per-form tables are named from stored storage snapshots.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A table of the tenant's references; `addresses` is shared by every tenant. */
export type LookupTable = 'users' | 'depts' | 'addresses' | 'constants';

/** One id and the name it shows. */
export interface NamedId {
  id: number;
  name: string;
}

/** Where a related form's records live and which column is their label (null: the id itself). */
export interface RecordTable {
  schema: string;
  table: string;
  labelColumn: string | null;
}

/** Names by id among `ids` (`parent`: the constant list for `constants`). */
export async function namesById(db: Kysely<Database>, table: LookupTable, tenantId: number, ids: number[], parent?: number): Promise<NamedId[]> {
  if (!ids.length) return [];
  let r;
  if (table === 'users') r = await sql<NamedId>`SELECT id, nick_name AS name FROM users WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  else if (table === 'depts') r = await sql<NamedId>`SELECT id, dept_name AS name FROM depts WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  else if (table === 'addresses') r = await sql<NamedId>`SELECT id, name FROM addresses WHERE id = ANY(${ids}::bigint[])`.execute(db);
  else r = await sql<NamedId>`SELECT id, name FROM constants WHERE tenant_id = ${tenantId} AND parent_id = ${Number(parent)} AND id = ANY(${ids}::bigint[])`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), name: x.name }));
}

/** The ids among `ids` that are users or departments of the tenant. */
export async function existingIds(db: Kysely<Database>, table: 'users' | 'depts', tenantId: number, ids: number[]): Promise<number[]> {
  const r = table === 'users'
    ? await sql<{ id: number }>`SELECT id FROM users WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db)
    : await sql<{ id: number }>`SELECT id FROM depts WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** The ids among `ids` that are records of a form's main table. */
export async function existingRecordIds(db: Kysely<Database>, t: Pick<RecordTable, 'schema' | 'table'>, tenantId: number, ids: number[]): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT id FROM ${sql.id(t.schema, t.table)} WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

function labelOf(t: RecordTable) {
  return t.labelColumn ? sql`${sql.id('t', t.labelColumn)}::text` : sql`t.id::text`;
}

/** Labels of related records by id. */
export async function recordLabelsById(db: Kysely<Database>, t: RecordTable, tenantId: number, ids: number[]): Promise<NamedId[]> {
  const r = await sql<NamedId>`SELECT t.id, ${labelOf(t)} AS name FROM ${sql.id(t.schema, t.table)} t
    WHERE t.tenant_id = ${tenantId} AND t.id = ANY(${ids}::bigint[])`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), name: x.name ?? '' }));
}

/** Related records whose label is one of `labels`, in id order (a label may name several). */
export async function recordsByLabel(db: Kysely<Database>, t: RecordTable, tenantId: number, labels: string[]): Promise<NamedId[]> {
  const label = labelOf(t);
  const r = await sql<NamedId>`SELECT t.id, ${label} AS name FROM ${sql.id(t.schema, t.table)} t
    WHERE t.tenant_id = ${tenantId} AND ${label} = ANY(${labels}::text[]) ORDER BY t.id`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), name: x.name }));
}

/** Every user of the tenant with both names (an import cell may give either). */
export async function tenantUsers(db: Kysely<Database>, tenantId: number): Promise<{ id: number; nickName: string; userName: string }[]> {
  const r = await sql<{ id: string; nick_name: string; user_name: string }>`SELECT id, nick_name, user_name FROM users WHERE tenant_id = ${tenantId}`.execute(db);
  return r.rows.map((u) => ({ id: Number(u.id), nickName: u.nick_name, userName: u.user_name }));
}

/** Every department of the tenant. */
export async function tenantDepts(db: Kysely<Database>, tenantId: number): Promise<NamedId[]> {
  const r = await sql<{ id: string; dept_name: string }>`SELECT id, dept_name FROM depts WHERE tenant_id = ${tenantId}`.execute(db);
  return r.rows.map((d) => ({ id: Number(d.id), name: d.dept_name }));
}

/** Every place (shared by all tenants) with its parent. */
export async function allPlaces(db: Kysely<Database>): Promise<(NamedId & { parentId: number })[]> {
  const r = await sql<{ id: string; parent_id: string; name: string }>`SELECT id, parent_id, name FROM addresses`.execute(db);
  return r.rows.map((p) => ({ id: Number(p.id), parentId: Number(p.parent_id), name: p.name }));
}

/** The constants under a constant list, at every depth (at most 100,000). */
export async function constantTree(db: Kysely<Database>, tenantId: number, listId: number): Promise<NamedId[]> {
  const r = await sql<{ id: string; name: string }>`WITH RECURSIVE c AS (
      SELECT id, name, parent_id FROM constants WHERE tenant_id = ${tenantId} AND parent_id = ${listId}
      UNION ALL SELECT k.id, k.name, k.parent_id FROM constants k JOIN c ON k.parent_id = c.id WHERE k.tenant_id = ${tenantId})
    SELECT id, name FROM c LIMIT 100000`.execute(db);
  return r.rows.map((c) => ({ id: Number(c.id), name: c.name }));
}
