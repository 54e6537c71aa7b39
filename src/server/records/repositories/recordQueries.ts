/** Read queries over form tables: the list page, totals, ids, tree flags and suggestions. */
import { sql, type Kysely } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { assertTenantTable, compileList, compileWhere, readsMainTableOnly, type CompiledList } from '../query/listQuery.js';
import { jsonSelectList, mapRow, selectColumns } from '../query/rowShape.js';
import { parseListShape, rowKeys, type RowKeys } from '../query/listShape.js';
import { countRows, estimateRows, smartTotal } from '../query/smartTotal.js';
import { likePattern } from '../query/values.js';
import { countedRows } from '../storage/rowCounts.js';
import { countedValues } from '../storage/valueCounts.js';
import { reuse, type CacheSource } from '../cache/answerCache.js';
import { andScope, type Reader } from '../query/rowScope.js';
import type { Database } from '../../db/types.js';

const mainFrom = (m: FormModel) => sql`${sql.id(m.schema, m.main.table.name)} t`;

/** The main table whose write generation guards kept answers, when they may be kept (ADR 1028). */
const cacheSource = (m: FormModel, mainTableOnly: boolean): CacheSource | null =>
  (mainTableOnly && !m.main.view ? { formId: m.form.id, schema: m.schema, table: m.main.table.name } : null);

/** A list page whose rows are JSON texts made by the database (see `jsonSelectList`). */
export interface JsonPage {
  rowsJson: string[];
  total: number;
  totalExact: boolean;
}

/**
 * The SQL of a list page (exported so the bench times exactly what the API sends).
 * Late materialisation: the inner query chooses and orders the page's ids reading only the
 * filter and sort columns; the JSON text of a row (`row_to_json`, `to_char` …) is then built for
 * those rows only, found again by primary key, instead of for every matching row before the sort
 * keeps a page of them. The page's order is the inner order (its last key is the unique id).
 * Deep pages profit too: skipped rows are never read beyond their ids.
 */
export function listPageQuery(model: FormModel, q: CompiledList, keys: RowKeys | null = null) {
  if (model.main.view) {
    // A type-2 view's id is computed text (`{id}@{data_table}`, no index to find a row again by):
    // one pass, the page's rows chosen and ordered, then their JSON.
    return sql<{ j: string }>`
      SELECT row_to_json(fw_row.*)::text AS j
      FROM (SELECT * FROM ${mainFrom(model)} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}) t
      CROSS JOIN LATERAL (SELECT ${jsonSelectList(model.main, 't', keys)}) fw_row
      ORDER BY ${q.orderBy}`;
  }
  // A LATERAL projection names the row's keys so row_to_json writes the record as the API sends it.
  // `fw_row.*` is a whole-row reference even when a field (a column) is itself named fw_row.
  return sql<{ j: string }>`
    SELECT row_to_json(fw_row.*)::text AS j
    FROM (SELECT t.id FROM ${mainFrom(model)} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}) k
    JOIN ${mainFrom(model)} ON t.id = k.id
    CROSS JOIN LATERAL (SELECT ${jsonSelectList(model.main, 't', keys)}) fw_row
    ORDER BY ${q.orderBy}`;
}

/**
 * A list page: each row as the JSON text of the API's record, the total and whether it is exact.
 * The whole answer is reused while the form's write generation stays (records/cache, ADR 1028);
 * a total that is the planner's estimate is decided again on each use (the estimate follows the
 * table's statistics, not only its rows).
 */
export async function listPage(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, reader: Reader): Promise<JsonPage> {
  const q = compileList(model, body, reader);
  const shape = parseListShape(model, body);
  const keys = rowKeys(model, shape);
  // The shape is part of the key (besides changing the SQL): a compact page never answers a full request.
  const key = () => ({ where: q.where, queries: [listPageQuery(model, q, keys)], parts: ['list', q.exactTotal, q.filtered, shape.compact, shape.columns] });
  return reuse(db, cacheSource(model, q.mainTableOnly), key, () => computeListPage(db, model, q, keys), {
    copy: (p) => ({ ...p, rowsJson: [...p.rowsJson] }),
    refresh: async (p) => {
      if (p.totalExact) return p;
      const page = { offset: q.offset, pageSize: q.pageSize, rows: p.rowsJson.length };
      const total = await smartTotal(db, mainFrom(model), q.where, page, false, null);
      return { ...p, total: total.total, totalExact: total.exact };
    },
  });
}

async function computeListPage(db: Kysely<Database>, model: FormModel, q: CompiledList, keys: RowKeys | null): Promise<JsonPage> {
  // Without a filter the exact total is the table's maintained row count (one index read, ADR 0930),
  // and with one option filter of a select/radio the option's maintained count (ADR 1068); with any
  // other filter, the planner's estimate (or, for `exactTotal`, the count) runs beside the page
  // query (dropped when the page alone tells).
  const option = q.optionFilter;
  const counted = q.filtered
    ? (option ? countedValues(db, model.form.id, option.column, option.values) : null)
    : model.main.view ? viewCountedRows(db, model) : countedRows(db, model.form.id);
  // Beside a maintained count nothing else is started; a column not counted (yet) falls back below.
  const estimate = q.exactTotal || !q.filtered || option ? null : estimateRows(db, mainFrom(model), q.where);
  const count = q.exactTotal && q.filtered && !option ? countRows(db, mainFrom(model), q.where) : null;
  counted?.catch(() => {});
  estimate?.catch(() => {});
  count?.catch(() => {});
  const rowsJson = (await listPageQuery(model, q, keys).execute(db)).rows.map((row) => row.j);
  const page = { offset: q.offset, pageSize: q.pageSize, rows: rowsJson.length };
  const n = await counted;
  const total = n === null || n === undefined
    ? await smartTotal(db, mainFrom(model), q.where, page, q.exactTotal, estimate, count)
    : { total: n, exact: true };
  return { rowsJson, total: total.total, totalExact: total.exact };
}

/**
 * The exact row count of a type-2 view: a VIEW has no counting trigger, but it is the UNION ALL
 * of its sources' main tables, so it holds the sum of their maintained counts (null when a
 * source has no counter: the list then counts as any filtered list does, smartTotal).
 */
export async function viewCountedRows(db: Kysely<Database>, model: FormModel): Promise<number | null> {
  let sum = 0;
  for (const s of model.form.storage.view?.sources ?? []) {
    const n = await countedRows(db, s.formId);
    if (n === null) return null;
    sum += n;
  }
  return sum;
}

/** A list page with its rows as objects (in-process callers and tests; the route sends `listPage`'s text). */
export async function listRecords(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, reader: Reader) {
  const p = await listPage(db, model, body, reader);
  return { rows: p.rowsJson.map((j) => JSON.parse(j) as Record<string, unknown>), total: p.total, totalExact: p.totalExact };
}

/** `calcd: {field: {operation: ['sum','avg'], precision}}` over every matching row. */
export async function calcTotals(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, reader: Reader) {
  const calcd = body.calcd;
  if (!calcd || typeof calcd !== 'object' || Array.isArray(calcd)) throw badRequest('calcd 格式不正确');
  const where = compileWhere(model, body, reader);
  const specs = Object.entries(calcd as Record<string, unknown>).map(([name, spec]) => {
    const f = model.main.fields.get(name);
    const c = f?.columns.value;
    if (!f || !c) throw badRequest(`未知字段：${name}`);
    if (c.kind !== 'numeric') throw badRequest(`字段「${f.def.label}」不是数字，不能合计`);
    const s = (spec ?? {}) as { operation?: unknown; precision?: unknown };
    const ops = Array.isArray(s.operation) && s.operation.length ? s.operation : ['sum'];
    if (ops.some((o) => o !== 'sum' && o !== 'avg')) throw badRequest('合计方式须为 sum 或 avg');
    const precision = s.precision === undefined || s.precision === null ? (f.def.precision ?? 2) : Number(s.precision);
    if (!Number.isInteger(precision) || precision < 0 || precision > 10) throw badRequest('精度须为0到10的整数');
    return { name, col: c.name, ops: ops as ('sum' | 'avg')[], precision };
  });
  if (!specs.length) return [];
  // Only the aggregates asked for are computed.
  const selects = specs.flatMap((s, i) => [
    ...(s.ops.includes('sum') ? [sql`round(sum(t.${sql.id(s.col)}), ${s.precision}) AS ${sql.id(`s${i}`)}`] : []),
    ...(s.ops.includes('avg') ? [sql`round(avg(t.${sql.id(s.col)}), ${s.precision}) AS ${sql.id(`a${i}`)}`] : []),
  ]);
  // Exact, and reused while the form's write generation stays (ADR 1028).
  const query = sql<Record<string, unknown>>`SELECT ${sql.join(selects, sql`, `)} FROM ${mainFrom(model)} WHERE ${where}`;
  const key = () => ({ where, queries: [query], parts: ['calcd'] });
  const row = await reuse(db, cacheSource(model, readsMainTableOnly(model, body)), key,
    async () => (await query.execute(db)).rows[0] ?? {}, { copy: (r) => ({ ...r }) });
  const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  return specs.map((s, i) => {
    const out: Record<string, unknown> = { field: s.name };
    if (s.ops.includes('sum')) out.sum = num(row[`s${i}`]);
    if (s.ops.includes('avg')) out.avg = num(row[`a${i}`]);
    return out;
  });
}

/** Parses an id list body (`[ids]`): positive integers only. */
export function parseIds(body: unknown): number[] {
  if (!Array.isArray(body)) throw badRequest('请求体须为编号数组');
  const ids = body.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  if (ids.some((v) => typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)) throw badRequest('编号须为正整数');
  if (ids.length > 1000) throw badRequest('一次最多处理1000条记录');
  return [...new Set(ids as number[])];
}

/** Records by id (the tenant's schema and the reader's data scope bound them), in the order asked. */
export async function recordsByIds(db: Kysely<Database>, model: FormModel, ids: (number | string)[], reader: Reader) {
  if (!ids.length) return [];
  assertTenantTable(model, reader.tenantId);
  // A type-2 view's ids are text (`{id}@{data_table}`).
  const idList = model.main.view ? sql`${ids.map(String)}::text[]` : sql`${ids}::bigint[]`;
  const r = await sql<Record<string, unknown>>`SELECT ${selectColumns(model.main, 't')} FROM ${mainFrom(model)}
    WHERE t.id = ANY(${idList})${andScope(reader.scope, 't', !!model.main.view)}`.execute(db);
  const byId = new Map(r.rows.map((row) => [String(row.id), mapRow(model.main, row)]));
  return ids.map((id) => byId.get(String(id))).filter(Boolean) as Record<string, unknown>[];
}

/** For each id: whether some record has it as `pid` (tree rows, spec 01 §2.2 isLeafRow). */
export async function haveSub(db: Kysely<Database>, model: FormModel, ids: number[], reader: Reader): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const id of ids) out[id] = false;
  if (!ids.length) return out;
  assertTenantTable(model, reader.tenantId);
  // Children outside the reader's scope are not shown, so they do not make a row expandable either.
  const r = await sql<{ pid: number }>`SELECT DISTINCT t.pid FROM ${mainFrom(model)} WHERE t.pid = ANY(${ids}::bigint[])${andScope(reader.scope)}`.execute(db);
  for (const row of r.rows) out[Number(row.pid)] = true;
  return out;
}

/** Distinct values of a text-like field containing `text`, at most `limit`, shortest first. */
export async function suggestions(db: Kysely<Database>, model: FormModel, field: string, text: string, body: Record<string, unknown>, reader: Reader, limit = 10) {
  const f = model.main.fields.get(field);
  const col = f?.columns.view ?? f?.columns.value;
  if (!f || !col) throw badRequest(`未知字段：${field}`);
  if (col.kind !== 'text') throw badRequest(`字段「${f.def.label}」不支持联想`);
  const where = compileWhere(model, { initFilter: body.initFilter, scene: body.scene }, reader);
  const c = sql`t.${sql.id(col.name)}`;
  const pattern = likePattern(text);
  const r = await sql<{ v: string }>`SELECT v FROM (SELECT DISTINCT ${c} AS v FROM ${mainFrom(model)}
      WHERE ${where} AND ${c} ILIKE ${pattern} AND ${c} <> '' LIMIT 200) x ORDER BY length(v), v LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => x.v);
}
