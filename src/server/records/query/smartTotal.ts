/**
 * The total of a list without an exact count(*) over a million rows (~70–180 ms here):
 * - a short page is its own total (offset + rows);
 * - the planner's row estimate is read (EXPLAIN, ~0.2 ms, run beside the page query; a large
 *   estimate is reused for ESTIMATE_CACHE_MS); when it is above TOTAL_EXACT_LIMIT the estimate
 *   is answered, flagged `totalExact: false`;
 * - otherwise at most TOTAL_EXACT_LIMIT + 1 matching rows are counted: at or below the limit
 *   the count is exact; above it, max(estimate, limit + 1), flagged inexact.
 * `exactTotal: true` in the request forces a full count(*), started beside the page query (on
 * PostgreSQL it runs on a second connection, so the answer waits for the slower of the two, not for
 * both; a short page, which is its own total, makes it wasted work, but then it counted few rows).
 * Both counts (the full one and the capped one) go through the count cache when the caller gives a
 * `source` (countCache.ts, ADR 0931): exact, reused only while the table has not been written.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { cachedRow, type CacheSource } from './countCache.js';
import { patchedCount } from './matchSets.js';

/** Up to this many matching rows the total is exact. */
export const TOTAL_EXACT_LIMIT = 10_000;

/** A total and whether it is exact. */
export interface Total {
  total: number;
  exact: boolean;
}

/** Estimates above the limit are reused this long for the same query (they are flagged approximate anyway). */
export const ESTIMATE_CACHE_MS = 2000;
const estimates = new Map<string, { rows: number; at: number }>();

/** The planner's estimate of the rows matching `where` (0 when it cannot tell). */
export async function estimateRows(db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const compiled = sql`${from} WHERE ${where}`.compile(db);
  const key = `${compiled.sql}\u0001${JSON.stringify(compiled.parameters)}`;
  const hit = estimates.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_CACHE_MS) return hit.rows;
  const rows = await planEstimate(db, from, where);
  // Only large estimates are kept: a small one leads to an exact count, which must stay fresh.
  if (rows > TOTAL_EXACT_LIMIT) {
    if (estimates.size > 2000) estimates.clear();
    estimates.set(key, { rows, at: Date.now() });
  }
  return rows;
}

async function planEstimate(db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`.execute(db);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** The count of an exact total: its SQL is also its count-cache key (the one-scan page keeps under it too). */
export const countQuery = (from: RawBuilder<unknown>, where: RawBuilder<unknown>) =>
  sql<{ n: string | number }>`SELECT count(*)::bigint AS n FROM ${from} WHERE ${where}`;

/** The exact count(*) of the rows matching `where` (cached under `source`'s generation when given). */
export async function countRows(db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>, source: CacheSource | null = null): Promise<number> {
  // A kept match set patched with the writes since (ADR 0933), else the count cache (ADR 0931).
  const patched = await patchedCount(db, source, from, where, countQuery(from, where));
  if (patched !== undefined) return patched;
  const r = await cachedRow(db, source, countQuery(from, where));
  return Number(r!.n);
}

/** Decides the total (see the module comment); `estimate` and `count` are promises already under way. */
export async function smartTotal(
  db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>,
  page: { offset: number; pageSize: number; rows: number }, exact: boolean, estimate: Promise<number> | null, count: Promise<number> | null = null,
  source: CacheSource | null = null,
): Promise<Total> {
  if ((page.rows > 0 && page.rows < page.pageSize) || (page.offset === 0 && page.rows === 0)) return { total: page.offset + page.rows, exact: true };
  if (exact) return { total: await (count ?? countRows(db, from, where, source)), exact: true };
  const est = await (estimate ?? estimateRows(db, from, where));
  const floor = page.offset + page.rows;
  if (est > TOTAL_EXACT_LIMIT) return { total: Math.max(est, floor), exact: false };
  const capped = await cachedRow(db, source, sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${TOTAL_EXACT_LIMIT + 1}) x`);
  const n = Number(capped!.n);
  if (n <= TOTAL_EXACT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(est, TOTAL_EXACT_LIMIT + 1, floor), exact: false };
}
