/**
 * Match sets kept under a snapshot and patched with the rows written since (ADR 0933).
 *
 * The count cache (countCache.ts, ADR 0931) reuses a filtered count while the form's table is not
 * written; after any write it counts every match again, as the peer does. Here a filtered exact
 * count, exact-total page or sum keeps, besides its answer, the ids of its matches (and the page's
 * first ids in order, or the summed values per id) and the snapshot they were read in
 * (`pg_current_snapshot()` of the same statement). The counting triggers log the ids every writing
 * statement touched with its transaction id (`form_row_changes`, storage/rowCounts.ts), so a later
 * statement reads the ids of the transactions the kept snapshot did not see
 * (`NOT pg_visible_in_snapshot`), evaluates the filter on those rows alone, and the kept set is
 * patched: matches = kept − changed + changed that match now. A write of few rows then costs the
 * next request the log read and a few primary-key reads instead of a scan of every match.
 *
 * Exact by construction: everything a request answers comes from one statement's snapshot (the
 * changes, the changed rows, the page's rows). Whatever cannot be patched is computed in full in
 * the same statement: no kept set, the table made again (its oid), a reset marker in the log (a
 * bulk statement, TRUNCATE, a definition save, a trigger of the old shape), more than PATCH_MAX
 * changed ids, or a log pruned past the kept snapshot (`form_change_horizon`). Only conditions
 * that read the row itself are patched (a condition reading another row or table would change
 * without that row being written): `patchableWhere`.
 *
 * Entries are per process and per database handle (the replica has its own), an LRU bounded by
 * the ids they hold. Reads in a transaction and unstable SQL are never kept (countCache.cacheKey).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { generationQuery, type GenerationRow } from '../storage/rowCounts.js';
import { cacheKey, countHit, stableSql, type CacheSource } from './countCache.js';
import { addDec, avgDec, parseDec, rescaleDec, roundDec, subDec, ZERO, type Dec } from './exactDecimal.js';

/** Matches kept per entry at most (above: the count cache's whole-answer reuse only). */
export const SET_MAX = 50_000;
/** Matches whose values a kept sum holds at most. */
export const SUM_SET_MAX = 20_000;
/** Changed ids one patch reads at most (above: computed in full). */
export const PATCH_MAX = 1_000;
/** Ids kept past the page's end, so writes that drop rows from the top still leave a full page. */
export const TOP_SLACK = 32;
/** Pages ending past this match are not patched (their kept top would be long). */
export const TOP_MAX = 1_000;
/** Ids over all entries of one database handle. */
export const ID_BUDGET = 4_000_000;
/** Entries per database handle (an empty match set holds no id but is an entry). */
export const MAX_SETS = 20_000;
const LARGE_MS = 60_000;

interface Base {
  oid: string;
  snap: string;
  /** The matches' ids, ascending. */
  ids: Float64Array;
}
interface PageEntry extends Base {
  /** The first matches in the page's order (the page's end + TOP_SLACK at most). */
  top: number[];
}
interface SumEntry {
  oid: string;
  snap: string;
  /** Per matching id, its values of the summed columns as numeric text. */
  vals: Map<number, (string | null)[]>;
  /** Per summed column, the running sum, its non-null values and how many values have each scale. */
  acc: Acc[];
}
interface Acc {
  sum: Dec;
  n: number;
  scales: Map<number, number>;
}
type Entry = Base | PageEntry | SumEntry;

const size = (e: Entry) => ('vals' in e ? e.vals.size * 4 : e.ids.length + ('top' in e ? e.top.length : 0));
const stores = new WeakMap<object, { map: Map<string, Entry>; ids: number }>();
const large = new Map<string, number>();
const stats = { reused: 0, patched: 0, full: 0, large: 0 };

/** Requests answered from a kept set unchanged, patched, computed in full, and found too large (tests and the bench read it). */
export function matchSetStats(): Readonly<typeof stats> {
  return { ...stats };
}

function storeOf(db: Kysely<Database>) {
  let s = stores.get(db);
  if (!s) stores.set(db, (s = { map: new Map(), ids: 0 }));
  return s;
}

function kept<E extends Entry>(db: Kysely<Database>, key: string): E | undefined {
  const s = storeOf(db);
  const e = s.map.get(key);
  if (e) { s.map.delete(key); s.map.set(key, e); }
  return e as E | undefined;
}

function keep(db: Kysely<Database>, key: string, e: Entry): void {
  const s = storeOf(db);
  const old = s.map.get(key);
  if (old) { s.ids -= size(old); s.map.delete(key); }
  s.map.set(key, e);
  s.ids += size(e);
  for (const [k, v] of s.map) {
    if ((s.ids <= ID_BUDGET && s.map.size <= MAX_SETS) || k === key) break;
    s.map.delete(k);
    s.ids -= size(v);
  }
}

function tooLarge(key: string): boolean {
  const since = large.get(key);
  return since !== undefined && Date.now() - since < LARGE_MS;
}

function markLarge(key: string): void {
  if (large.size >= 2000) large.clear();
  large.set(key, Date.now());
  stats.large++;
}

/**
 * Whether a compiled WHERE reads nothing but the row it is evaluated on: no FROM outside string
 * literals and quoted identifiers except the row's own JSON arrays (`jsonb_array_elements_text`).
 */
export function patchableWhere(text: string): boolean {
  const bare = text.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'/g, ' ').replace(/\bFROM\s+jsonb_array_elements_text\s*\(/gi, ' ');
  return stableSql(text) && !/\bFROM\b/i.test(bare);
}

/** The key under which `query`'s match set is kept, or null when it may not be (countCache's rules and patchableWhere). */
function setKey(db: Kysely<Database>, source: CacheSource | null, kind: string, where: RawBuilder<unknown>, query: RawBuilder<unknown>): string | null {
  // What the count cache refuses is left to it, so it counts the read as uncached once.
  if (!source || db.isTransaction || !patchableWhere(where.compile(db).sql)) return null;
  const key = cacheKey(db, source, query.compile(db));
  return key && !tooLarge(key) ? `${kind}:${key}` : null;
}

/**
 * The changes since snapshot `snap` (null: none kept) as columns `ch` (JSON ids, null marks a
 * reset), `cha` (the ids as bigint[]), `ok` (whether a kept set of table `oid` may be patched).
 */
function changesSince(source: CacheSource, snap: string | null, oid: string | null) {
  const s = sql`${snap}::text::pg_snapshot`;
  return sql`CROSS JOIN LATERAL (
      SELECT array_to_json(array_agg(DISTINCT c.id))::text AS ch,
        array_agg(DISTINCT c.id) FILTER (WHERE c.id IS NOT NULL) AS cha,
        count(*) <= ${PATCH_MAX} AND NOT coalesce(bool_or(c.id IS NULL), false) AS small
      FROM (SELECT c.id FROM form_row_changes c
        WHERE c.form_id = ${source.formId} AND c.xid >= pg_snapshot_xmin(${s}) AND NOT pg_visible_in_snapshot(c.xid, ${s})
        LIMIT ${PATCH_MAX + 1}) c) fw_c
    CROSS JOIN LATERAL (SELECT ${snap}::text IS NOT NULL AND fw_g.fw_gen_oid = ${oid}::text AND fw_c.small
      AND coalesce((SELECT h.h FROM form_change_horizon h WHERE h.form_id = ${source.formId}), '0'::xid8) <= pg_snapshot_xmin(${s}) AS ok
      OFFSET 0) fw_o`;
}

/** The columns every statement here answers besides its own. */
interface PatchRow extends GenerationRow {
  fw_snap: string;
  ch: string | null;
  ok: boolean;
}

const parseIds = (json: string | null): (number | null)[] => (json ? (JSON.parse(json) as (number | string | null)[]).map((x) => (x === null ? null : Number(x))) : []);

/** `ids` (ascending) without `changed`, with `now` added (ascending). */
export function patchIds(ids: Float64Array, changed: number[], now: number[]): Float64Array {
  const gone = new Set(changed);
  const add = [...new Set(now)].sort((p, q) => p - q);
  const out = new Float64Array(ids.length + add.length);
  let n = 0;
  let j = 0;
  for (const id of ids) {
    if (gone.has(id)) continue;
    while (j < add.length && add[j] < id) out[n++] = add[j++];
    if (j < add.length && add[j] === id) j++;
    out[n++] = id;
  }
  while (j < add.length) out[n++] = add[j++];
  return out.slice(0, n);
}

const sortedIds = (ids: number[]) => Float64Array.from(ids).sort();

/** What a kept entry's snapshot and oid are sent as (nulls: nothing kept). */
const keptArgs = (e: Base | SumEntry | undefined) => ({ snap: e?.snap ?? null, oid: e?.oid ?? null });

/**
 * The exact count of the rows of `from` matching `where`, from a kept match set patched with the
 * changes since (one statement), or undefined when it may not be kept (the caller counts).
 */
export async function patchedCount(db: Kysely<Database>, source: CacheSource | null, from: RawBuilder<unknown>, where: RawBuilder<unknown>, query: RawBuilder<unknown>): Promise<number | undefined> {
  const key = setKey(db, source, 'count', where, query);
  if (!source || !key) return undefined;
  const e = kept<Base>(db, key);
  const k = keptArgs(e);
  const r = await sql<PatchRow & { fin: string | null; full_n: string | null; full_ids: string | null }>`
    SELECT fw_g.*, pg_current_snapshot()::text AS fw_snap, fw_c.ch, fw_o.ok, fw_p.fin, fw_f.full_n, fw_f.full_ids
    FROM (${generationQuery(source.formId, source.schema, source.table)}) fw_g
    ${changesSince(source, k.snap, k.oid)}
    CROSS JOIN LATERAL (SELECT CASE WHEN fw_o.ok AND fw_c.cha IS NOT NULL THEN
      (SELECT array_to_json(array_agg(t.id))::text FROM ${from} WHERE t.id = ANY(fw_c.cha) AND ${where}) END AS fin OFFSET 0) fw_p
    LEFT JOIN LATERAL (SELECT CASE WHEN NOT fw_o.ok THEN count(*)::text END AS full_n,
        CASE WHEN NOT fw_o.ok AND count(*) <= ${SET_MAX} THEN coalesce(array_to_json(array_agg(t.id)), '[]')::text END AS full_ids
      FROM ${from} WHERE NOT fw_o.ok AND ${where}) fw_f ON true`.execute(db);
  const row = r.rows[0];
  if (!row.fw_gen_oid || !(Number(row.fw_gen_k) > 0)) return Number(row.full_n);
  if (row.ok && e) {
    const changed = parseIds(row.ch) as number[];
    const ids = changed.length ? patchIds(e.ids, changed, parseIds(row.fin) as number[]) : e.ids;
    if (changed.length) stats.patched++;
    else { stats.reused++; countHit(); }
    keep(db, key, { oid: row.fw_gen_oid, snap: row.fw_snap, ids });
    return ids.length;
  }
  stats.full++;
  if (row.full_ids === null) markLarge(key);
  else keep(db, key, { oid: row.fw_gen_oid, snap: row.fw_snap, ids: sortedIds(parseIds(row.full_ids) as number[]) });
  return Number(row.full_n);
}

/** A page of an exact-total filtered list (see `patchedPage`). */
export interface PatchedPage {
  rows: string[];
  total: number;
}

/**
 * An exact-total filtered page from a kept match set and the kept first ids in the page's order,
 * patched with the changes since, in one statement; or null when it may not be kept (the caller
 * then answers as before). The page's candidates are the kept first ids and the changed ids that
 * match now, ordered by the page's ORDER BY: while at least the page's end of the kept first ids
 * were not changed (or they were every match), the page's rows are among them. Otherwise, and on
 * a miss, one scan of the matches (a MATERIALIZED CTE of ids and sort keys, at most SET_MAX + 1)
 * gives the count, the ids and the first ids.
 */
export async function patchedPage(
  db: Kysely<Database>, source: CacheSource | null, from: RawBuilder<unknown>,
  q: { where: RawBuilder<unknown>; orderBy: RawBuilder<unknown>; sortColumns: string[]; offset: number; pageSize: number },
  pageIds: RawBuilder<unknown>, rowsOfIds: RawBuilder<unknown>,
): Promise<PatchedPage | null> {
  const end = q.offset + q.pageSize;
  if (end + TOP_SLACK > TOP_MAX) return null;
  const key = setKey(db, source, 'page', q.where, pageIds);
  if (!source || !key) return null;
  const e = kept<PageEntry>(db, key);
  const k = keptArgs(e);
  const topLimit = end + TOP_SLACK;
  const keptTop = e?.top ?? [];
  const complete = !!e && e.top.length === e.ids.length;
  // The first ids (`top`): the kept ones when nothing was written or only rows outside them that do
  // not match now; else ordered again over the kept ones and the changed rows; else from the scan.
  // (No SQL comments: on PGlite a statement naming a writing word counts as a write, ADR 0307.)
  const r = await sql<PatchRow & { fin: string | null; full_n: string | null; full_ids: string | null; top: string | null; ids: string | null; j: string | null }>`
    WITH fw_m AS MATERIALIZED (SELECT t.id${sql.join(q.sortColumns.map((c) => sql`, t.${sql.id(c)}`), sql``)}
      FROM ${from} WHERE ${q.where} LIMIT ${SET_MAX + 1})
    SELECT fw_g.*, pg_current_snapshot()::text AS fw_snap, fw_c.ch, fw_o.ok, array_to_json(fw_p.fin_a)::text AS fin, fw_f.full_n,
      CASE WHEN p.ord IS NULL OR p.ord = 1 THEN fw_f.full_ids END AS full_ids,
      CASE WHEN p.ord IS NULL OR p.ord = 1 THEN array_to_json(fw_t.top)::text END AS top, fw_x.ids, p.j
    FROM (${generationQuery(source.formId, source.schema, source.table)}) fw_g
    ${changesSince(source, k.snap, k.oid)}
    CROSS JOIN LATERAL (SELECT fw_o.ok AND (${complete}::boolean
        OR cardinality(ARRAY(SELECT unnest(${keptTop}::bigint[]) EXCEPT SELECT unnest(coalesce(fw_c.cha, '{}')))) >= ${end}) AS tv OFFSET 0) fw_v
    CROSS JOIN LATERAL (SELECT CASE WHEN fw_v.tv AND fw_c.cha IS NOT NULL THEN
      ARRAY(SELECT t.id FROM ${from} WHERE t.id = ANY(fw_c.cha) AND ${q.where}) END AS fin_a OFFSET 0) fw_p
    LEFT JOIN LATERAL (SELECT CASE WHEN NOT fw_v.tv THEN count(*)::text END AS full_n,
        CASE WHEN NOT fw_v.tv AND count(*) <= ${SET_MAX} THEN coalesce(array_to_json(array_agg(fw_m.id)), '[]')::text END AS full_ids
      FROM fw_m WHERE NOT fw_v.tv) fw_f ON true
    CROSS JOIN LATERAL (SELECT CASE
      WHEN fw_v.tv AND (fw_c.cha IS NULL OR (cardinality(fw_p.fin_a) = 0 AND NOT ${keptTop}::bigint[] && fw_c.cha)) THEN ${keptTop}::bigint[]
      WHEN fw_v.tv THEN ARRAY(SELECT t.id FROM ${from}
        WHERE t.id = ANY(${keptTop}::bigint[] || coalesce(fw_c.cha, '{}')) AND ${q.where} ORDER BY ${q.orderBy} LIMIT ${topLimit})
      WHEN fw_f.full_ids IS NOT NULL THEN ARRAY(SELECT t.id FROM fw_m t ORDER BY ${q.orderBy} LIMIT ${topLimit}) END AS top OFFSET 0) fw_t
    CROSS JOIN LATERAL (SELECT array_to_json(fw_t.top[${q.offset + 1}:${end}])::text AS ids OFFSET 0) fw_x
    ${rowsOfIds}`.execute(db);
  const row = r.rows[0];
  if (!row.fw_gen_oid || !(Number(row.fw_gen_k) > 0) || row.top === null) {
    if (row.full_ids === null && row.full_n !== null && Number(row.full_n) > SET_MAX) markLarge(key);
    return null;
  }
  const top = parseIds(row.top) as number[];
  let ids: Float64Array;
  if (row.full_n === null && e) {
    // The kept set, patched (`tv`: the page came from the kept first ids and the changes).
    const changed = parseIds(row.ch) as number[];
    ids = changed.length ? patchIds(e.ids, changed, parseIds(row.fin) as number[]) : e.ids;
    if (changed.length) stats.patched++;
    else { stats.reused++; countHit(); }
  } else {
    stats.full++;
    ids = sortedIds(parseIds(row.full_ids) as number[]);
  }
  keep(db, key, { oid: row.fw_gen_oid, snap: row.fw_snap, ids, top });
  return { rows: r.rows.flatMap((x) => (x.j === null ? [] : [x.j])), total: ids.length };
}

/** One summed column: its SQL name, and whether sum and avg are asked, at what precision. */
export interface SumSpec {
  col: string;
  sum: boolean;
  avg: boolean;
  precision: number;
}

/** The sums' row as `calcTotals` reads it (`s{i}`, `a{i}`: numeric text), or undefined when it may not be kept. */
export async function patchedSums(db: Kysely<Database>, source: CacheSource | null, from: RawBuilder<unknown>, where: RawBuilder<unknown>, specs: SumSpec[], query: RawBuilder<unknown>): Promise<Record<string, string | null> | undefined> {
  const key = setKey(db, source, 'sums', where, query);
  if (!source || !key) return undefined;
  const e = kept<SumEntry>(db, key);
  const k = keptArgs(e);
  const tuple = sql`json_build_array(t.id${sql.join(specs.map((s) => sql`, t.${sql.id(s.col)}::text`), sql``)})`;
  const r = await sql<PatchRow & { fin: string | null; full_n: string | null; full_rows: string | null }>`
    SELECT fw_g.*, pg_current_snapshot()::text AS fw_snap, fw_c.ch, fw_o.ok, fw_p.fin, fw_f.full_n, fw_f.full_rows
    FROM (${generationQuery(source.formId, source.schema, source.table)}) fw_g
    ${changesSince(source, k.snap, k.oid)}
    CROSS JOIN LATERAL (SELECT CASE WHEN fw_o.ok AND fw_c.cha IS NOT NULL THEN
      (SELECT json_agg(${tuple})::text FROM ${from} WHERE t.id = ANY(fw_c.cha) AND ${where}) END AS fin OFFSET 0) fw_p
    LEFT JOIN LATERAL (SELECT CASE WHEN NOT fw_o.ok THEN count(*)::text END AS full_n,
        CASE WHEN NOT fw_o.ok AND count(*) <= ${SUM_SET_MAX} THEN coalesce(json_agg(${tuple}), '[]')::text END AS full_rows
      FROM ${from} WHERE NOT fw_o.ok AND ${where}) fw_f ON true`.execute(db);
  const row = r.rows[0];
  if (!row.fw_gen_oid || !(Number(row.fw_gen_k) > 0)) return undefined;
  const tuples = (json: string | null) => (json ? (JSON.parse(json) as [number | string, ...(string | null)[]][]) : []);
  let vals: Map<number, (string | null)[]>;
  let acc: Acc[] | null;
  if (row.ok && e) {
    const changed = parseIds(row.ch) as number[];
    if (changed.length) {
      // A copy: a request still holding the kept entry patches it from its own snapshot.
      vals = new Map(e.vals);
      acc = e.acc.map((a) => ({ sum: a.sum, n: a.n, scales: new Map(a.scales) }));
      for (const id of changed) {
        const old = vals.get(id);
        if (old && acc) acc = accumulate(acc, old, -1);
        vals.delete(id);
      }
      for (const [id, ...v] of tuples(row.fin)) {
        vals.set(Number(id), v);
        if (acc) acc = accumulate(acc, v, 1);
      }
      stats.patched++;
    } else {
      vals = e.vals;
      acc = e.acc;
      stats.reused++;
      countHit();
    }
  } else {
    stats.full++;
    if (row.full_rows === null) { markLarge(key); return undefined; }
    vals = new Map(tuples(row.full_rows).map(([id, ...v]) => [Number(id), v]));
    acc = specs.map(() => ({ sum: ZERO, n: 0, scales: new Map() }));
    for (const v of vals.values()) if (acc) acc = accumulate(acc, v, 1);
  }
  // A value that is not a finite number (NaN): the database sums it.
  if (!acc) { markLarge(key); return undefined; }
  keep(db, key, { oid: row.fw_gen_oid, snap: row.fw_snap, vals, acc });
  return sumsOf(acc, specs);
}

/** `acc` with the values of one row added (sign 1) or taken away (-1), in place; null when a value is not a finite number. */
function accumulate(acc: Acc[], values: (string | null)[], sign: 1 | -1): Acc[] | null {
  for (let i = 0; i < acc.length; i++) {
    const text = values[i];
    if (text === null || text === undefined) continue;
    const d = parseDec(text);
    if (!d) return null;
    const a = acc[i];
    a.sum = sign > 0 ? addDec(a.sum, d) : subDec(a.sum, d);
    a.n += sign;
    const left = (a.scales.get(d.s) ?? 0) + sign;
    if (left) a.scales.set(d.s, left);
    else a.scales.delete(d.s);
  }
  return acc;
}

/** `round(sum(c), p)` and `round(avg(c), p)` of each spec, as PostgreSQL prints them (null over no value). */
function sumsOf(acc: Acc[], specs: SumSpec[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  specs.forEach((s, i) => {
    const a = acc[i];
    // The aggregate's display scale is the largest of the values summed.
    const total = rescaleDec(a.sum, Math.max(0, ...a.scales.keys()));
    if (s.sum) out[`s${i}`] = a.n ? roundDec(total, s.precision) : null;
    if (s.avg) out[`a${i}`] = a.n ? avgDec(total, a.n, s.precision) : null;
  });
  return out;
}
