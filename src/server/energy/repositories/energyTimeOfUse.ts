/**
 * Time-of-use calls over the hourly rollups and the tariff in force at the range's end:
 * peak-valley analysis (峰平谷时段分析), the per-day time-of-use report (分时统计报表), the
 * per-meter electricity cost report (统计电费报表) and demand management (需量管理: the largest
 * 15-minute kW of each day, 15-minute kWh × 4). Electricity unless another kind is asked for.
 */
import { sql } from 'kysely';
import { bucketBounds, meterWhere, num, rangeOf, tariffPeriods, type EnergyCtx } from './energyScope.js';
import { round4, splitByPeriod, TOU_PERIODS } from '../tariffPeriods.js';

/**
 * Sums of the selected meters' hour rollups (roots unless a meter is named) per local hour of day
 * and per `by` (the day, the meter, or nothing): at most days × 24 or meters × 24 rows reach Node,
 * never one row per meter and hour. The LATERAL aggregate runs once per meter on the rollups'
 * primary key (meter by equality, bucket by range), whether or not the table was analyzed; a
 * plain join let an unanalyzed planner read the whole grain (fflsdfx 11.6 s, ADR 1043 addendum 2).
 * The sums are exact numerics, so splitting 24 hourly sums by period equals splitting each hour.
 */
async function hourly(c: EnergyCtx, roots: boolean, by: 'day' | 'meter' | null) {
  const range = rangeOf(c);
  const b = bucketBounds(range);
  const kind = c.q.kind ?? 'electricity';
  const r = await sql<{ meter_id: number; name: string; day: string; hour: number; value: string }>`
    SELECT ${by === 'meter' ? sql`m.id` : sql`0`} AS meter_id, ${by === 'meter' ? sql`m.name` : sql`''`} AS name,
      ${by === 'day' ? sql`to_char(h.day, 'YYYY-MM-DD')` : sql`''`} AS day, h.hour, sum(h.value) AS value
    FROM energy_meters m CROSS JOIN LATERAL (
      SELECT ${by === 'day' ? sql`r.bucket::date` : sql`NULL::date`} AS day, extract(hour FROM r.bucket)::int AS hour, sum(r.value) AS value
      FROM energy_rollups r
      WHERE r.tenant_id = m.tenant_id AND r.grain = 'hour' AND r.meter_id = m.id AND r.bucket >= ${b.from}::timestamp AND r.bucket < ${b.to}::timestamp
      GROUP BY 1, 2) h
    WHERE ${meterWhere(c, { roots, kind })} GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4`.execute(c.db);
  const periods = await tariffPeriods(c, kind, range.end);
  return { range, kind, periods, rows: r.rows.map((x) => ({ meterId: x.meter_id, name: x.name, day: x.day, hour: x.hour, value: num(x.value) })) };
}

/** The rows of `rows` grouped by a key, in first-seen order. */
function groupBy<R>(rows: R[], key: (r: R) => string | number): Map<string | number, R[]> {
  const out = new Map<string | number, R[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** GET /energy/fflsdfx. */
export async function peakValley(c: EnergyCtx) {
  const h = await hourly(c, true, null);
  const split = splitByPeriod(h.periods, h.rows);
  const total = round4(split.reduce((s, p) => s + p.value, 0));
  const cost = round4(split.reduce((s, p) => s + p.cost, 0));
  return {
    kind: h.kind, start: h.range.start, end: h.range.end, total, cost, avgPrice: total ? round4(cost / total) : null,
    periods: split.map((p) => ({ ...p, share: total ? Math.round((p.value / total) * 10_000) / 100 : null })),
    tariff: h.periods,
  };
}

/** GET /energy/fstjbb: one row per day with each period's value and the day's cost. */
export async function timeOfUseReport(c: EnergyCtx) {
  const h = await hourly(c, true, 'day');
  return [...groupBy(h.rows, (r) => r.day).entries()].map(([day, rows]) => {
    const split = splitByPeriod(h.periods, rows);
    const of = Object.fromEntries(split.map((p) => [p.period, p.value])) as Record<(typeof TOU_PERIODS)[number], number>;
    return { day: String(day), ...of, total: round4(split.reduce((s, p) => s + p.value, 0)), cost: round4(split.reduce((s, p) => s + p.cost, 0)) };
  });
}

/** GET /energy/tjdzbb: one row per meter (every selected meter, not only roots) with each period's value and cost. */
export async function costReport(c: EnergyCtx) {
  const h = await hourly(c, false, 'meter');
  return [...groupBy(h.rows, (r) => r.meterId).values()].map((rows) => {
    const split = splitByPeriod(h.periods, rows);
    const of = Object.fromEntries(split.map((p) => [p.period, p.value])) as Record<(typeof TOU_PERIODS)[number], number>;
    return { meterId: rows[0]!.meterId, name: rows[0]!.name, ...of, total: round4(split.reduce((s, p) => s + p.value, 0)), cost: round4(split.reduce((s, p) => s + p.cost, 0)) };
  });
}

/** GET /energy/xlgl: each day's maximum demand (kW) of the selected electricity meters (roots unless named), and the range's. */
export async function demand(c: EnergyCtx) {
  const range = rangeOf(c);
  const b = bucketBounds(range);
  const r = await sql<{ day: string; max: string }>`
    SELECT to_char(d.bucket, 'YYYY-MM-DD') AS day, max(d.max_value) AS max
    FROM energy_meters m CROSS JOIN LATERAL (
      SELECT r.bucket, max(r.max_value) AS max_value FROM energy_rollups r
      WHERE r.tenant_id = m.tenant_id AND r.grain = 'day' AND r.meter_id = m.id AND r.bucket >= ${b.from}::timestamp AND r.bucket < ${b.to}::timestamp
      GROUP BY 1) d
    WHERE ${meterWhere(c, { roots: true, kind: 'electricity' })} GROUP BY 1 ORDER BY 1`.execute(c.db);
  const days = r.rows.map((x) => ({ day: x.day, maxKw: round4(num(x.max) * 4) }));
  return { start: range.start, end: range.end, days, maxKw: days.reduce((m, d) => Math.max(m, d.maxKw), 0) };
}
