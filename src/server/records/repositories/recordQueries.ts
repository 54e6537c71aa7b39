/** Read queries over form tables: the list page, totals, ids, tree flags and suggestions. */
import { sql, type Kysely } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { assertTenantTable, compileList, compileWhere, readsMainTableOnly, type CompiledList } from '../query/listQuery.js';
import { jsonSelectList, mapRow, selectColumns } from '../query/rowShape.js';
import { countQuery, countRows, estimateRows, smartTotal } from '../query/smartTotal.js';
import { likePattern } from '../query/values.js';
import { countedRows } from '../storage/rowCounts.js';
import { cachedRow, cacheKey, countHit, keep, keptEntry, stableSql, type CacheSource } from '../query/countCache.js';
import { generationQuery, generationText, generationTextSql, type GenerationRow } from '../storage/rowCounts.js';
import type { Database } from '../../db/types.js';
import { memoKey, memoUntilWrite } from '../query/memoUntilWrite.js';
import { writeClockOf } from '../../db/writeClock.js';
import { patchedPage, patchedSums } from '../query/matchSets.js';

const mainFrom = (m: FormModel) => sql`${sql.id(m.schema, m.main.table.name)} t`;

/** The main table whose write generation guards cached counts and sums, when they may be cached (ADR 0931). */
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
export function listPageQuery(model: FormModel, q: CompiledList) {
  if (model.main.view) {
    // A type-2 view's id is computed text (`{id}@{data_table}`, no index to find a row again by):
    // one pass, the page's rows chosen and ordered, then their JSON.
    return sql<{ j: string }>`
      SELECT row_to_json(fw_row.*)::text AS j
      FROM (SELECT * FROM ${mainFrom(model)} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}) t
      CROSS JOIN LATERAL (SELECT ${jsonSelectList(model.main, 't')}) fw_row
      ORDER BY ${q.orderBy}`;
  }
  // A LATERAL projection names the row's keys so row_to_json writes the record as the API sends it.
  // `fw_row.*` is a whole-row reference even when a field (a column) is itself named fw_row.
  return sql<{ j: string }>`
    SELECT row_to_json(fw_row.*)::text AS j
    FROM (SELECT t.id FROM ${mainFrom(model)} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}) k
    JOIN ${mainFrom(model)} ON t.id = k.id
    CROSS JOIN LATERAL (SELECT ${jsonSelectList(model.main, 't')}) fw_row
    ORDER BY ${q.orderBy}`;
}

/** The ids of a page, chosen and ordered as `listPageQuery` chooses them (JSON text of an array). */
const pageIdsQuery = (model: FormModel, q: CompiledList) =>
  sql<{ ids: string }>`SELECT array_to_json(ARRAY(SELECT t.id FROM ${mainFrom(model)} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}))::text AS ids`;

/**
 * The JSON rows of the id array `fw_x.ids` (JSON text) in that order, lateral to a statement's
 * generation and ids: primary-key reads and the same `jsonSelectList` as the one-pass query, in
 * the snapshot the ids were chosen or checked in.
 */
const rowsOfIds = (model: FormModel) => sql`LEFT JOIN LATERAL (
      SELECT k.ord, row_to_json(fw_row.*)::text AS j
      FROM json_array_elements_text(fw_x.ids::json) WITH ORDINALITY k(id, ord)
      JOIN ${mainFrom(model)} ON t.id = k.id::bigint
      CROSS JOIN LATERAL (SELECT ${jsonSelectList(model.main, 't')}) fw_row) p ON true
    ORDER BY p.ord`;

/**
 * A page's rows, with its ids reused while the form's write generation stays (ADR 0931 addendum):
 * choosing and ordering the ids is the filter's and the sort's work (a scan of every match for a
 * search); building the rows of 20 known ids is 20 primary-key reads. One statement reads the
 * generation, takes the kept ids when it is the kept one or else chooses them again (a CASE arm's
 * subquery runs only when the arm is taken), and builds their rows (ADR 0932): the ids, the rows
 * and the generation they are kept under all belong to that statement's snapshot, so the rows
 * answered are exactly those the uncached query would answer in it.
 */
async function pageRows(db: Kysely<Database>, model: FormModel, q: CompiledList, source: CacheSource | null): Promise<string[]> {
  const idsQuery = pageIdsQuery(model, q);
  const key = cacheKey(db, source, idsQuery.compile(db));
  if (!source || !key) return (await listPageQuery(model, q).execute(db)).rows.map((row) => row.j);
  const kept = keptEntry(db, key);
  const r = await sql<GenerationRow & { ids: string; j: string | null }>`SELECT fw_g.*, fw_x.ids, p.j
    FROM (${generationQuery(source.formId, source.schema, source.table)}) fw_g
    CROSS JOIN LATERAL (SELECT CASE WHEN ${generationTextSql('fw_g')} = ${kept?.gen ?? null}::text THEN ${kept?.value ?? null}::text
      ELSE (${idsQuery}) END AS ids OFFSET 0) fw_x
    ${rowsOfIds(model)}`.execute(db);
  settle(db, key, kept, r.rows[0], r.rows[0].ids);
  return r.rows.flatMap((x) => (x.j === null ? [] : [x.j]));
}

/** Counts a kept value's use when the statement's generation is the kept one, else keeps the value it computed. */
function settle(db: Kysely<Database>, key: string, kept: { gen: string } | undefined, row: GenerationRow, value: unknown): void {
  const gen = generationText(row);
  if (kept && gen === kept.gen) countHit();
  else keep(db, key, gen, value);
}

/** Above this many matches an exact-total page always keeps its two statements (ADR 0932). */
export const ONE_SCAN_LIMIT = 50_000;
/** Below this many matches the one scan is always taken (small tables, tests). */
const ONE_SCAN_FLOOR = 1_000;
const TABLE_ROWS_MS = 30_000;
const tableRows = new WeakMap<object, Map<number, { n: number | null; at: number }>>();

/**
 * How many matches the one scan may hold for this page (ADR 0932 addendum). Two statements run the
 * count and the page query side by side; the page query walks the sort order's index until it has
 * `offset + pageSize` matches, about (offset + pageSize) × rows / matches index entries, while the
 * one scan must hold and sort every match. So the one scan pays off while matches² < (offset +
 * pageSize) × rows: a selective filter (1,000 of 1M rows: the walk would pass 20,000 rows) takes
 * it, a broad one (11,000 of 1M: the walk finds 20 in 1,800) keeps the two statements. The row
 * count is the maintained counter's (one index read), kept for 30 s: it only chooses the plan.
 */
async function oneScanLimit(db: Kysely<Database>, formId: number, q: CompiledList): Promise<number> {
  let forms = tableRows.get(db);
  if (!forms) tableRows.set(db, (forms = new Map()));
  let seen = forms.get(formId);
  if (!seen || Date.now() - seen.at > TABLE_ROWS_MS) {
    seen = { n: await countedRows(db, formId), at: Date.now() };
    forms.set(formId, seen);
  }
  return oneScanLimitFor(seen.n, q.offset + q.pageSize);
}

/** `oneScanLimit` for a table of `rows` rows (null: not counted) and a page ending at match `pageEnd`. */
export function oneScanLimitFor(rows: number | null, pageEnd: number): number {
  if (rows === null) return ONE_SCAN_LIMIT;
  return Math.max(ONE_SCAN_FLOOR, Math.min(ONE_SCAN_LIMIT, Math.round(Math.sqrt(pageEnd * rows))));
}
/** How long a query found above its limit goes straight to the two statements. */
const LARGE_MS = 60_000;
const large = new Map<string, number>();
const oneScan = { answered: 0, tooLarge: 0 };

/** Exact-total pages answered by the one-scan statement, and those found above their limit (tests and the bench read it). */
export function oneScanStats(): Readonly<typeof oneScan> {
  return { ...oneScan };
}

/**
 * An exact-total filtered page in one statement that reads the matches once (ADR 0932), or null
 * when it cannot (more matches than `oneScanLimit` allows, at most ONE_SCAN_LIMIT: the caller then
 * runs the page query and the count as before). A MATERIALIZED CTE holds the matches' ids and sort keys (at most the limit
 * + 1, so an unexpectedly large match set costs one bounded scan, and the query is then sent the
 * old way for LARGE_MS); the count and the page's ids come from it, the rows from the ids by
 * primary key. The count and the ids go through the count cache under the keys of the separate
 * queries: each is the kept one when the statement's generation is its kept generation, else
 * computed in that statement (the CTE is read only then).
 */
async function oneScanPage(db: Kysely<Database>, model: FormModel, q: CompiledList, source: CacheSource): Promise<{ rows: string[]; total: number } | null> {
  const from = mainFrom(model);
  const count = countQuery(from, q.where).compile(db);
  // What the cache refuses (a transaction, unstable SQL) is left to the separate queries, which count it as uncached.
  if (db.isTransaction || !stableSql(count.sql)) return null;
  const countKey = cacheKey(db, source, count);
  const idsKey = cacheKey(db, source, pageIdsQuery(model, q).compile(db));
  if (!countKey || !idsKey) return null;
  const since = large.get(countKey);
  if (since !== undefined && Date.now() - since < LARGE_MS) return null;
  const limit = await oneScanLimit(db, source.formId, q);
  const keptCount = keptEntry(db, countKey);
  const keptIds = keptEntry(db, idsKey);
  const gt = generationTextSql('fw_g');
  const countGen = sql`${keptCount?.gen ?? null}::text`;
  const idsGen = sql`${keptIds?.gen ?? null}::text`;
  const r = await sql<GenerationRow & { n: string | null; ids: string | null; j: string | null }>`
    WITH fw_m AS MATERIALIZED (SELECT t.id${sql.join(q.sortColumns.map((c) => sql`, t.${sql.id(c)}`), sql``)}
      FROM ${from} WHERE ${q.where} LIMIT ${limit + 1})
    SELECT fw_g.*, fw_x.n::text AS n, fw_x.ids, p.j
    FROM (${generationQuery(source.formId, source.schema, source.table)}) fw_g
    CROSS JOIN LATERAL (SELECT CASE WHEN ${gt} = ${countGen} AND ${gt} = ${idsGen} THEN NULL
      ELSE (SELECT count(*) FROM fw_m) END AS c OFFSET 0) fw_c
    CROSS JOIN LATERAL (SELECT
      CASE WHEN ${gt} = ${countGen} THEN ${keptCount ? String((keptCount.value as { n: unknown }).n) : null}::bigint
        WHEN fw_c.c <= ${limit} THEN fw_c.c END AS n,
      CASE WHEN ${gt} = ${idsGen} THEN ${keptIds?.value ?? null}::text
        WHEN fw_c.c <= ${limit} THEN array_to_json(ARRAY(SELECT t.id FROM fw_m t ORDER BY ${q.orderBy} LIMIT ${q.pageSize} OFFSET ${q.offset}))::text
        END AS ids OFFSET 0) fw_x
    ${rowsOfIds(model)}`.execute(db);
  const row = r.rows[0];
  if (row.n === null || row.ids === null) {
    if (large.size >= 2000) large.clear();
    large.set(countKey, Date.now());
    oneScan.tooLarge++;
    return null;
  }
  oneScan.answered++;
  // The values the separate queries keep: the count's row `{ n }`, the ids' JSON text.
  settle(db, countKey, keptCount, row, { n: Number(row.n) });
  settle(db, idsKey, keptIds, row, row.ids);
  return { rows: r.rows.flatMap((x) => (x.j === null ? [] : [x.j])), total: Number(row.n) };
}

/**
 * A list page: each row as the JSON text of the API's record, the total and whether it is exact.
 * On PGlite the whole answer is reused until the next write (memoUntilWrite, ADR 0307).
 */
export async function listPage(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, tenantId: number): Promise<JsonPage> {
  const q = compileList(model, body, tenantId);
  const key = () => {
    const page = listPageQuery(model, q).compile(db);
    return memoKey(page.sql, page.parameters, 'list', model.form.id, tenantId, q.exactTotal, q.filtered, q.mainTableOnly);
  };
  return memoUntilWrite(db, key, () => computeListPage(db, model, q), (p) => ({ ...p, rowsJson: [...p.rowsJson] }));
}

async function computeListPage(db: Kysely<Database>, model: FormModel, q: CompiledList): Promise<JsonPage> {
  // Without a filter the exact total is the table's maintained row count (one index read, ADR 0930);
  // with one, the planner's estimate (or, for `exactTotal`, the count) runs beside the page query
  // (dropped when the page alone tells).
  const counted = q.filtered ? null : model.main.view ? viewCountedRows(db, model) : countedRows(db, model.form.id);
  const estimate = q.exactTotal || !q.filtered ? null : estimateRows(db, mainFrom(model), q.where);
  const source = cacheSource(model, q.mainTableOnly);
  if (q.exactTotal && q.filtered && source) {
    // A kept match set and first ids patched with the writes since (ADR 0933), else one scan (ADR 0932).
    const patched = await patchedPage(db, source, mainFrom(model), q, pageIdsQuery(model, q), rowsOfIds(model));
    if (patched) return { rowsJson: patched.rows, total: patched.total, totalExact: true };
    const one = await oneScanPage(db, model, q, source);
    if (one) return { rowsJson: one.rows, total: one.total, totalExact: true };
  }
  const count = q.exactTotal && q.filtered ? countRows(db, mainFrom(model), q.where, source) : null;
  counted?.catch(() => {});
  estimate?.catch(() => {});
  count?.catch(() => {});
  // On PGlite the whole answer is kept until the next write (ADR 0307), so the page-id cache only
  // adds the generation read to each statement the single engine thread runs (ADR 0308).
  const rowsJson = await pageRows(db, model, q, writeClockOf(db) ? null : source);
  const page = { offset: q.offset, pageSize: q.pageSize, rows: rowsJson.length };
  const n = await counted;
  const total = n === null || n === undefined
    ? await smartTotal(db, mainFrom(model), q.where, page, q.exactTotal, estimate, count, source)
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
export async function listRecords(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, tenantId: number) {
  const p = await listPage(db, model, body, tenantId);
  return { rows: p.rowsJson.map((j) => JSON.parse(j) as Record<string, unknown>), total: p.total, totalExact: p.totalExact };
}

/** `calcd: {field: {operation: ['sum','avg'], precision}}` over every matching row. */
export async function calcTotals(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, tenantId: number) {
  const calcd = body.calcd;
  if (!calcd || typeof calcd !== 'object' || Array.isArray(calcd)) throw badRequest('calcd 格式不正确');
  const where = compileWhere(model, body, tenantId);
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
  // Exact, and reused while the table is not written (ADR 0931; on PGlite until any write, ADR 0307).
  const query = sql<Record<string, unknown>>`SELECT ${sql.join(selects, sql`, `)} FROM ${mainFrom(model)} WHERE ${where}`;
  const key = () => {
    const compiled = query.compile(db);
    return memoKey(compiled.sql, compiled.parameters, 'calcd', model.form.id, tenantId);
  };
  const source = cacheSource(model, readsMainTableOnly(model, body));
  const row = await memoUntilWrite(db, key, async () =>
    (await patchedSums(db, source, mainFrom(model), where, specs.map((s) => ({ col: s.col, sum: s.ops.includes('sum'), avg: s.ops.includes('avg'), precision: s.precision })), query))
      ?? (await cachedRow(db, source, query)) ?? {}, (r) => ({ ...r }));
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

/** Records by id (the tenant's schema scopes them), in the order asked. */
export async function recordsByIds(db: Kysely<Database>, model: FormModel, ids: (number | string)[], tenantId: number) {
  if (!ids.length) return [];
  assertTenantTable(model, tenantId);
  // A type-2 view's ids are text (`{id}@{data_table}`).
  const idList = model.main.view ? sql`${ids.map(String)}::text[]` : sql`${ids}::bigint[]`;
  const r = await sql<Record<string, unknown>>`SELECT ${selectColumns(model.main, 't')} FROM ${mainFrom(model)}
    WHERE t.id = ANY(${idList})`.execute(db);
  const byId = new Map(r.rows.map((row) => [String(row.id), mapRow(model.main, row)]));
  return ids.map((id) => byId.get(String(id))).filter(Boolean) as Record<string, unknown>[];
}

/** For each id: whether some record has it as `pid` (tree rows, spec 01 §2.2 isLeafRow). */
export async function haveSub(db: Kysely<Database>, model: FormModel, ids: number[], tenantId: number): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const id of ids) out[id] = false;
  if (!ids.length) return out;
  assertTenantTable(model, tenantId);
  const r = await sql<{ pid: number }>`SELECT DISTINCT t.pid FROM ${mainFrom(model)} WHERE t.pid = ANY(${ids}::bigint[])`.execute(db);
  for (const row of r.rows) out[Number(row.pid)] = true;
  return out;
}

/** Distinct values of a text-like field containing `text`, at most `limit`, shortest first. */
export async function suggestions(db: Kysely<Database>, model: FormModel, field: string, text: string, body: Record<string, unknown>, tenantId: number, limit = 10) {
  const f = model.main.fields.get(field);
  const col = f?.columns.view ?? f?.columns.value;
  if (!f || !col) throw badRequest(`未知字段：${field}`);
  if (col.kind !== 'text') throw badRequest(`字段「${f.def.label}」不支持联想`);
  const where = compileWhere(model, { initFilter: body.initFilter, scene: body.scene }, tenantId);
  const c = sql`t.${sql.id(col.name)}`;
  const pattern = likePattern(text);
  const r = await sql<{ v: string }>`SELECT v FROM (SELECT DISTINCT ${c} AS v FROM ${mainFrom(model)}
      WHERE ${where} AND ${c} ILIKE ${pattern} AND ${c} <> '' LIMIT 200) x ORDER BY length(v), v LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => x.v);
}
