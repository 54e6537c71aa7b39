/** Read queries of export: the matching ids in list order, and child rows of many parents at once. */
import { sql, type Kysely } from 'kysely';
import type { Database, FormTableRow } from '../../db/types.js';
import type { FormModel, ModelTable } from '../query/formModel.js';
import { compileList } from '../query/listQuery.js';
import { columnSelect, mapRow, selectColumns } from '../query/rowShape.js';
import { andScope, type Reader } from '../query/rowScope.js';

/** Spec 01 §9: the export query is page 1 × 1,000,000. */
export const EXPORT_MAX_ROWS = 1_000_000;

/** Ids of the records matching a list query (its search and sort), at most `limit` (default 1,000,000). */
/** A record id: a number, or a type-2 view's combined id `{id}@{data_table}` (text). */
export type RecordId = number | string;

const idOf = (model: FormModel, raw: string | number): RecordId => (model.main.view ? String(raw) : Number(raw));
const idArray = (model: FormModel, ids: RecordId[]) => (model.main.view ? sql`${ids.map(String)}::text[]` : sql`${ids}::bigint[]`);

export async function exportIds(db: Kysely<Database>, model: FormModel, query: Record<string, unknown>, reader: Reader, limit = EXPORT_MAX_ROWS): Promise<RecordId[]> {
  const q = compileList(model, { ...query, pageNum: 1, pageSize: 10 }, reader);
  const r = await sql<{ id: string | number }>`SELECT t.id FROM ${sql.id(model.schema, model.main.table.name)} t
    WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => idOf(model, x.id));
}

/** Which of `ids` exist in the tenant, in the order given. */
export async function existingIds(db: Kysely<Database>, model: FormModel, ids: RecordId[], reader: Reader): Promise<RecordId[]> {
  if (!ids.length) return [];
  const r = await sql<{ id: string | number }>`SELECT t.id FROM ${sql.id(model.schema, model.main.table.name)} t
    WHERE t.tenant_id = ${reader.tenantId} AND t.id = ANY(${idArray(model, ids)})${andScope(reader.scope, 't', !!model.main.view)}`.execute(db);
  const found = new Set(r.rows.map((x) => idOf(model, x.id)));
  return ids.filter((id) => found.has(id));
}

function mainSelect(model: FormModel, fields?: ReadonlySet<string>) {
  const cols = fields && !model.main.view ? model.main.table.columns.filter((c) => fields.has(c.field)) : null;
  // sys_status always: the 状态 column and 不导出已作废的数据 read it.
  return cols ? sql.join([sql`t.id`, sql`t.sys_status`, ...cols.map((c) => columnSelect('t', c))], sql`, `) : selectColumns(model.main, 't');
}

/** How many records match a list query, counted up to `limit` (enough to choose how to export them). */
export async function countUpTo(db: Kysely<Database>, model: FormModel, query: Record<string, unknown>, reader: Reader, limit: number): Promise<number> {
  const q = compileList(model, { ...query, pageNum: 1, pageSize: 10 }, reader);
  const r = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.id(model.schema, model.main.table.name)} t
    WHERE ${q.where} LIMIT ${limit}) s`.execute(db);
  return Number(r.rows[0].n);
}

/** What `listInChunks` hands its body: the snapshot's reader, the row count, and the rows chunk by chunk. */
export interface ListChunks {
  /** The transaction the rows are read in (child rows read through it see the same snapshot). */
  db: Kysely<Database>;
  count: number;
  /** Reads the rows in list order, `size` at a time, mapped as `mainRows` maps them; each chunk is handled before the next is fetched. */
  each(size: number, fn: (rows: Record<string, unknown>[]) => Promise<void>): Promise<void>;
}

/**
 * The records of a list query (its search and sort, at most `limit`), read in one read-only
 * repeatable-read transaction through a server-side cursor: no id list is built, and only the
 * chunk being written is in memory (issue 14, ADR 0805). PostgreSQL only: the transaction holds
 * a connection for the whole export (PGlite has one, shared with every request).
 */
export async function listInChunks<T>(db: Kysely<Database>, model: FormModel, query: Record<string, unknown>, reader: Reader,
  fields: ReadonlySet<string> | undefined, body: (list: ListChunks) => Promise<T>, limit = EXPORT_MAX_ROWS): Promise<T> {
  const q = compileList(model, { ...query, pageNum: 1, pageSize: 10 }, reader);
  const from = sql`FROM ${sql.id(model.schema, model.main.table.name)} t WHERE ${q.where}`;
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    await sql`SET TRANSACTION READ ONLY`.execute(trx);
    const n = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${limit}) s`.execute(trx);
    return body({
      db: trx,
      count: Number(n.rows[0].n),
      async each(size, fn) {
        await sql`DECLARE formwork_export NO SCROLL CURSOR FOR SELECT ${mainSelect(model, fields)} ${from} ORDER BY ${q.orderBy} LIMIT ${limit}`.execute(trx);
        for (;;) {
          const r = await sql<FormTableRow>`FETCH FORWARD ${sql.raw(String(Math.max(1, Math.floor(size))))} FROM formwork_export`.execute(trx);
          if (!r.rows.length) break;
          await fn(r.rows.map((row) => mapRow(model.main, row)));
          if (r.rows.length < size) break;
        }
        await sql`CLOSE formwork_export`.execute(trx);
      },
    });
  });
}

/**
 * Main rows by id in the order asked (rows as the API maps them). With `fields`, only the id and
 * those fields' columns are read (an export needs no system columns: less to parse and map); a
 * view's rows are read whole (their source columns are what tell the rows apart).
 */
export async function mainRows(db: Kysely<Database>, model: FormModel, ids: RecordId[], reader: Reader, fields?: ReadonlySet<string>): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const r = await sql<FormTableRow>`SELECT ${mainSelect(model, fields)} FROM ${sql.id(model.schema, model.main.table.name)} t
    WHERE t.tenant_id = ${reader.tenantId} AND t.id = ANY(${idArray(model, ids)})${andScope(reader.scope, 't', !!model.main.view)}`.execute(db);
  const byId = new Map(r.rows.map((row) => [idOf(model, row.id as string | number), mapRow(model.main, row)]));
  return ids.map((id) => byId.get(id)).filter((x): x is Record<string, unknown> => !!x);
}

/** Child rows of many parents, grouped by parent id, each group in row order. */
export async function childRows(db: Kysely<Database>, model: FormModel, sub: ModelTable, parentIds: number[], tenantId: number): Promise<Map<number, Record<string, unknown>[]>> {
  const out = new Map<number, Record<string, unknown>[]>();
  if (!parentIds.length) return out;
  const r = await sql<FormTableRow>`SELECT ${selectColumns(sub, 'c', true)} FROM ${sql.id(model.schema, sub.table.name)} c
    WHERE c.tenant_id = ${tenantId} AND c.parent_id = ANY(${parentIds}::bigint[]) ORDER BY c.parent_id, c.row_order, c.id`.execute(db);
  for (const raw of r.rows) {
    const row = mapRow(sub, raw, true);
    const pid = Number(row.parent_id);
    if (!out.has(pid)) out.set(pid, []);
    out.get(pid)!.push(row);
  }
  return out;
}

/** A search's matches, the voided ones and, on a flow form, those with a running flow instance (in approval). */
export async function countSearchStatuses(db: Kysely<Database>, model: FormModel, query: Record<string, unknown>, reader: Reader): Promise<{ total: number; voided: number; inApproval: number }> {
  const q = compileList(model, { ...query, pageNum: 1, pageSize: 10 }, reader);
  const flow = model.form.definition.hasFlow === true;
  const r = await sql<{ total: string | number; voided: string | number; in_approval: string | number }>`SELECT count(*) AS total,
      count(*) FILTER (WHERE t.sys_status = -2) AS voided,
      ${flow ? sql`count(*) FILTER (WHERE t.sys_status = 0 AND EXISTS (SELECT 1 FROM flow_instances fi WHERE fi.tenant_id = ${reader.tenantId} AND fi.form_name = ${model.form.enName} AND fi.record_id = t.id AND fi.status = 'running'))` : sql`0`} AS in_approval
    FROM ${sql.id(model.schema, model.main.table.name)} t WHERE ${q.where}`.execute(db);
  const row = r.rows[0];
  return { total: Number(row?.total ?? 0), voided: Number(row?.voided ?? 0), inApproval: Number(row?.in_approval ?? 0) };
}
