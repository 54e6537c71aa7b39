/**
 * Time-of-use calls over the hourly rollups and the tariff in force at the range's end:
 * peak-valley analysis (峰平谷时段分析), the per-day time-of-use report (分时统计报表), the
 * per-meter electricity cost report (统计电费报表) and demand management (需量管理: the largest
 * 15-minute kW of each day, 15-minute kWh × 4). Electricity unless another kind is asked for.
 */
import { sql } from 'kysely';
import { bucketBounds, meterWhere, num, rangeOf, tariffPeriods, type EnergyCtx } from './energyScope.js';
import { round4, splitByPeriod, TOU_PERIODS } from '../tariffPeriods.js';

/** Hourly sums of the selected meters (roots unless a meter is named), keyed by meter and day. */
async function hourly(c: EnergyCtx, roots: boolean) {
  const range = rangeOf(c);
  const b = bucketBounds(range);
  const kind = c.q.kind ?? 'electricity';
  const r = await sql<{ meter_id: number; name: string; day: string; hour: number; value: string }>`
    SELECT m.id AS meter_id, m.name, to_char(h.bucket, 'YYYY-MM-DD') AS day, extract(hour FROM h.bucket)::int AS hour, h.value
    FROM energy_meters m JOIN energy_rollups h ON h.tenant_id = ${c.tenantId} AND h.grain = 'hour' AND h.meter_id = m.id AND h.bucket >= ${b.from}::timestamp AND h.bucket < ${b.to}::timestamp
    WHERE ${meterWhere(c, { roots, kind })} ORDER BY m.id, h.bucket`.execute(c.db);
  const periods = await tariffPeriods(c, kind, range.end);
  return { range, kind, periods, rows: r.rows.map((x) => ({ meterId: x.meter_id, name: x.name, day: x.day, hour: x.hour, value: num(x.value) })) };
}

/** GET /energy/fflsdfx. */
export async function peakValley(c: EnergyCtx) {
  const h = await hourly(c, true);
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
  const h = await hourly(c, true);
  const days = [...new Set(h.rows.map((r) => r.day))].sort();
  return days.map((day) => {
    const split = splitByPeriod(h.periods, h.rows.filter((r) => r.day === day));
    const of = Object.fromEntries(split.map((p) => [p.period, p.value])) as Record<(typeof TOU_PERIODS)[number], number>;
    return { day, ...of, total: round4(split.reduce((s, p) => s + p.value, 0)), cost: round4(split.reduce((s, p) => s + p.cost, 0)) };
  });
}

/** GET /energy/tjdzbb: one row per meter (every selected meter, not only roots) with each period's value and cost. */
export async function costReport(c: EnergyCtx) {
  const h = await hourly(c, false);
  const meters = [...new Map(h.rows.map((r) => [r.meterId, r.name])).entries()];
  return meters.map(([meterId, name]) => {
    const split = splitByPeriod(h.periods, h.rows.filter((r) => r.meterId === meterId));
    const of = Object.fromEntries(split.map((p) => [p.period, p.value])) as Record<(typeof TOU_PERIODS)[number], number>;
    return { meterId, name, ...of, total: round4(split.reduce((s, p) => s + p.value, 0)), cost: round4(split.reduce((s, p) => s + p.cost, 0)) };
  });
}

/** GET /energy/xlgl: each day's maximum demand (kW) of the selected electricity meters (roots unless named), and the range's. */
export async function demand(c: EnergyCtx) {
  const range = rangeOf(c);
  const b = bucketBounds(range);
  const r = await sql<{ day: string; max: string }>`
    SELECT to_char(d.bucket, 'YYYY-MM-DD') AS day, max(d.max_value) AS max
    FROM energy_meters m JOIN energy_rollups d ON d.tenant_id = ${c.tenantId} AND d.grain = 'day' AND d.meter_id = m.id AND d.bucket >= ${b.from}::timestamp AND d.bucket < ${b.to}::timestamp
    WHERE ${meterWhere(c, { roots: true, kind: 'electricity' })} GROUP BY 1 ORDER BY 1`.execute(c.db);
  const days = r.rows.map((x) => ({ day: x.day, maxKw: round4(num(x.max) * 4) }));
  return { start: range.start, end: range.end, days, maxKw: days.reduce((m, d) => Math.max(m, d.maxKw), 0) };
}
