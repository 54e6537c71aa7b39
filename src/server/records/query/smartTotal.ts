/**
 * The total of a list without an exact count(*) over a million rows (~70–180 ms here):
 * - a short page is its own total (offset + rows);
 * - the planner's row estimate is read (EXPLAIN, ~0.2 ms, run beside the page query); when it is
 *   above TOTAL_EXACT_LIMIT the estimate is answered, flagged `totalExact: false`;
 * - otherwise at most TOTAL_EXACT_LIMIT + 1 matching rows are counted: at or below the limit
 *   the count is exact; above it, max(estimate, limit + 1), flagged inexact.
 * `exactTotal: true` in the request forces a full count(*), started beside the page query (on
 * PostgreSQL it runs on a second connection, so the answer waits for the slower of the two, not for
 * both; a short page, which is its own total, makes it wasted work, but then it counted few rows).
 * Nothing is kept here: whole answers are reused by records/cache (ADR 1028), and an estimate,
 * which follows the planner's statistics rather than the rows, is never kept.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';

/** Up to this many matching rows the total is exact. */
export const TOTAL_EXACT_LIMIT = 10_000;

/** A total and whether it is exact. */
export interface Total {
  total: number;
  exact: boolean;
}

/** The planner's estimate of the rows matching `where` (0 when it cannot tell). */
export async function estimateRows(db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`.execute(db);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/** The exact count(*) of the rows matching `where`. */
export async function countRows(db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*)::bigint AS n FROM ${from} WHERE ${where}`.execute(db);
  return Number(r.rows[0]!.n);
}

/** Decides the total (see the module comment); `estimate` and `count` are promises already under way. */
export async function smartTotal(
  db: Kysely<Database>, from: RawBuilder<unknown>, where: RawBuilder<unknown>,
  page: { offset: number; pageSize: number; rows: number }, exact: boolean, estimate: Promise<number> | null, count: Promise<number> | null = null,
): Promise<Total> {
  if ((page.rows > 0 && page.rows < page.pageSize) || (page.offset === 0 && page.rows === 0)) return { total: page.offset + page.rows, exact: true };
  if (exact) return { total: await (count ?? countRows(db, from, where)), exact: true };
  const est = await (estimate ?? estimateRows(db, from, where));
  const floor = page.offset + page.rows;
  if (est > TOTAL_EXACT_LIMIT) return { total: Math.max(est, floor), exact: false };
  const capped = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${TOTAL_EXACT_LIMIT + 1}) x`.execute(db);
  const n = Number(capped.rows[0]!.n);
  if (n <= TOTAL_EXACT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(est, TOTAL_EXACT_LIMIT + 1, floor), exact: false };
}
