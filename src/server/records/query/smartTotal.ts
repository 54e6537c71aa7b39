/**
 * The total of a list without an exact count(*) over a million rows (~70 ms here):
 * - a short page is its own total (offset + rows);
 * - the planner's row estimate is read first (EXPLAIN, ~0.2 ms); when it is far above the
 *   limit (ESTIMATE_TRUST_FACTOR × TOTAL_EXACT_LIMIT) the estimate is answered, flagged inexact;
 * - otherwise at most TOTAL_EXACT_LIMIT + 1 matching rows are counted: at or below the limit
 *   the count is exact; above it, max(estimate, limit + 1), flagged inexact.
 * `exactTotal: true` in the request forces a full count(*).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** Up to this many matching rows the total is exact. */
export const TOTAL_EXACT_LIMIT = 10_000;

/** An estimate above this many times the limit is trusted without counting. */
export const ESTIMATE_TRUST_FACTOR = 20;

/** A total and whether it is exact. */
export interface Total {
  total: number;
  exact: boolean;
}

/** Counts `FROM from WHERE where` smartly (see the module comment); `exact` forces count(*). */
export async function smartTotal(
  db: Kysely<any>, from: RawBuilder<unknown>, where: RawBuilder<unknown>,
  page: { offset: number; pageSize: number; rows: number }, exact = false,
): Promise<Total> {
  if (page.rows > 0 && page.rows < page.pageSize) return { total: page.offset + page.rows, exact: true };
  if (page.offset === 0 && page.rows === 0) return { total: 0, exact: true };
  if (exact) {
    const r = await sql<{ n: number }>`SELECT count(*)::bigint AS n FROM ${from} WHERE ${where}`.execute(db);
    return { total: Number(r.rows[0].n), exact: true };
  }
  const plan = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`.execute(db);
  const estimate = planRows(plan.rows[0]?.['QUERY PLAN']);
  const floor = page.offset + page.rows;
  if (estimate > TOTAL_EXACT_LIMIT * ESTIMATE_TRUST_FACTOR) return { total: Math.max(estimate, floor), exact: false };
  const capped = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${TOTAL_EXACT_LIMIT + 1}) x`.execute(db);
  const n = Number(capped.rows[0].n);
  if (n <= TOTAL_EXACT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(estimate, TOTAL_EXACT_LIMIT + 1, floor), exact: false };
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
