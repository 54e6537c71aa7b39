/** Write SQL over form tables: insert, update with version, child rows, delete, void. */
import { ALL_ROWS, andScope, type RowScope } from '../query/rowScope.js';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, FormTableRow } from '../../db/types.js';
import type { FormModel, ModelTable } from '../query/formModel.js';
import { mapRow, selectColumns } from '../query/rowShape.js';
import type { ColumnValues } from '../write/coerceRow.js';

const tableRef = (m: FormModel, t: ModelTable) => sql.id(m.schema, t.table.name);

function insertParts(values: ColumnValues, fixed: [string, RawBuilder<unknown> | unknown][]) {
  const cols = [...fixed.map(([c]) => c), ...values.keys()];
  const vals = [...fixed.map(([, v]) => (isRaw(v) ? v : sql`${v}`)), ...[...values.values()].map((v) => v ?? sql`NULL`)];
  return { cols: sql.join(cols.map((c) => sql.id(c))), vals: sql.join(vals as RawBuilder<unknown>[]) };
}

function isRaw(v: unknown): v is RawBuilder<unknown> {
  return !!v && typeof v === 'object' && 'toOperationNode' in (v as object);
}

/** Who writes and with what status. */
export interface WriteMeta {
  tenantId: number;
  userId: number;
  userName: string;
  deptId: number | null;
}

/** Inserts a main row; answers its id. */
export async function insertMain(trx: Kysely<Database>, m: FormModel, values: ColumnValues, meta: WriteMeta, status: number): Promise<number> {
  const { cols, vals } = insertParts(values, [
    ['tenant_id', meta.tenantId], ['sys_status', status], ['create_by', meta.userName], ['create_user_id', meta.userId],
    ['create_dept_id', meta.deptId], ['update_by', meta.userName],
  ]);
  const r = await sql<{ id: number }>`INSERT INTO ${tableRef(m, m.main)} (${cols}) VALUES (${vals}) RETURNING id`.execute(trx);
  return Number(r.rows[0].id);
}

/** Updates a main row when its version still matches; answers whether it did. */
export async function updateMain(trx: Kysely<Database>, m: FormModel, id: number, version: number, values: ColumnValues, meta: WriteMeta, status?: number): Promise<boolean> {
  const sets = [...values.entries()].map(([c, v]) => sql`${sql.id(c)} = ${v ?? sql`NULL`}`);
  sets.push(sql`version = version + 1`, sql`update_time = now()`, sql`update_by = ${meta.userName}`);
  if (status !== undefined) sets.push(sql`sys_status = ${status}`);
  const r = await sql`UPDATE ${tableRef(m, m.main)} SET ${sql.join(sets)} WHERE tenant_id = ${meta.tenantId} AND id = ${id} AND version = ${version}`.execute(trx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** A main row by id (tenant-scoped, and within `scope` when given), optionally locked for update. */
export async function readMain(db: Kysely<Database>, m: FormModel, tenantId: number, id: number, lock = false, scope: RowScope = ALL_ROWS): Promise<Record<string, unknown> | undefined> {
  const r = await sql<FormTableRow>`SELECT ${selectColumns(m.main, 't')} FROM ${tableRef(m, m.main)} t
    WHERE t.tenant_id = ${tenantId} AND t.id = ${id}${andScope(scope)}${lock ? sql` FOR UPDATE` : sql``}`.execute(db);
  return r.rows[0] ? mapRow(m.main, r.rows[0]) : undefined;
}

/** The ids of every record of the form in the tenant, oldest first (a data fix walking a small demo form). */
export async function allRecordIds(db: Kysely<Database>, m: FormModel, tenantId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT t.id FROM ${tableRef(m, m.main)} t WHERE t.tenant_id = ${tenantId} ORDER BY t.id`.execute(db);
  return r.rows.map((row) => Number(row.id));
}

/** The child rows of a parent, in row order. */
export async function readChildren(db: Kysely<Database>, m: FormModel, sub: ModelTable, tenantId: number, parentId: number) {
  const r = await sql<FormTableRow>`SELECT ${selectColumns(sub, 'c', true)} FROM ${tableRef(m, sub)} c
    WHERE c.tenant_id = ${tenantId} AND c.parent_id = ${parentId} ORDER BY c.row_order, c.id`.execute(db);
  return r.rows.map((row) => mapRow(sub, row, true));
}

/** Inserts one child row (keeping a given id of a row that already belonged to this parent). */
export async function insertChild(trx: Kysely<Database>, m: FormModel, sub: ModelTable, tenantId: number, parentId: number, order: number, values: ColumnValues, pid: number | null) {
  const { cols, vals } = insertParts(values, [['tenant_id', tenantId], ['parent_id', parentId], ['row_order', order], ['pid', pid]]);
  await sql`INSERT INTO ${tableRef(m, sub)} (${cols}) VALUES (${vals})`.execute(trx);
}

/** Updates one child row of the parent. */
export async function updateChild(trx: Kysely<Database>, m: FormModel, sub: ModelTable, tenantId: number, parentId: number, id: number, order: number, values: ColumnValues) {
  const sets = [...values.entries()].map(([c, v]) => sql`${sql.id(c)} = ${v ?? sql`NULL`}`);
  sets.push(sql`row_order = ${order}`);
  await sql`UPDATE ${tableRef(m, sub)} SET ${sql.join(sets)} WHERE tenant_id = ${tenantId} AND parent_id = ${parentId} AND id = ${id}`.execute(trx);
}

/** Deletes the parent's child rows whose ids are not kept. */
export async function deleteChildrenExcept(trx: Kysely<Database>, m: FormModel, sub: ModelTable, tenantId: number, parentId: number, keep: number[]) {
  await sql`DELETE FROM ${tableRef(m, sub)} WHERE tenant_id = ${tenantId} AND parent_id = ${parentId} AND NOT (id = ANY(${keep}::bigint[]))`.execute(trx);
}

/** Ids of the parent's child rows. */
export async function childIds(trx: Kysely<Database>, m: FormModel, sub: ModelTable, tenantId: number, parentId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT id FROM ${tableRef(m, sub)} WHERE tenant_id = ${tenantId} AND parent_id = ${parentId}`.execute(trx);
  return r.rows.map((x) => Number(x.id));
}

/** Deletes records and their sub-rows; answers how many main rows went. */
export async function deleteMain(trx: Kysely<Database>, m: FormModel, tenantId: number, ids: number[]): Promise<number> {
  for (const sub of m.subs.values()) await sql`DELETE FROM ${tableRef(m, sub)} WHERE tenant_id = ${tenantId} AND parent_id = ANY(${ids}::bigint[])`.execute(trx);
  const r = await sql`DELETE FROM ${tableRef(m, m.main)} WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Sets sys_status of records (void: -2); answers how many changed. */
export async function setStatus(trx: Kysely<Database>, m: FormModel, tenantId: number, ids: number[], status: number, by: string): Promise<number> {
  const r = await sql`UPDATE ${tableRef(m, m.main)} SET sys_status = ${status}, version = version + 1, update_time = now(), update_by = ${by}
    WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Status of each existing record among ids. */
export async function statusesOf(db: Kysely<Database>, m: FormModel, tenantId: number, ids: number[]): Promise<Map<number, number>> {
  const r = await sql<{ id: number; sys_status: number }>`SELECT id, sys_status FROM ${tableRef(m, m.main)} WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return new Map(r.rows.map((x) => [Number(x.id), Number(x.sys_status)]));
}

/**
 * The versions of records and whether each was changed after `since` (a batch edit job's queue
 * time: a job re-queued after a newer write must not overwrite it, ADR 0806). Missing ids are absent.
 */
export async function versionsSince(db: Kysely<Database>, m: FormModel, tenantId: number, ids: number[], since: Date): Promise<Map<number, { version: number; changed: boolean }>> {
  const r = await sql<{ id: number; version: number; changed: boolean }>`SELECT id, version, update_time > ${since} AS changed
    FROM ${tableRef(m, m.main)} WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return new Map(r.rows.map((x) => [Number(x.id), { version: Number(x.version), changed: x.changed }]));
}
