/**
 * Consumption statistics from the day rollups: the enterprise overview (企业总览), enterprise
 * statistics by day or month and kind (企业能耗统计), equipment statistics, efficiency and
 * ranking (设备能耗统计, 设备能效对比, 设备用能排行), the rollup table itself (能源数据), usage by
 * location (用能统计报表, 用能对比) and the equipment monitoring report (设备监测报表).
 * Coal equivalent is value × the kind's `coal_factor` (kgce), carbon value × the year's factor (kg).
 */
import { sql } from 'kysely';
import { bucketBounds, meterWhere, num, rangeOf, type EnergyCtx } from './energyScope.js';
import { addDays, ENERGY_ZONE, localDay } from '../energyTime.js';
import { round4 } from '../tariffPeriods.js';

const pct = (a: number, b: number): number | null => (b ? Math.round((a / b) * 10_000) / 100 : null);

/**
 * A LATERAL body: meter m's day rollups in [from, to) summed per local year (the carbon factor's
 * key). Every read of the rollups here names the meter by equality and the bucket by a range, and
 * aggregates inside the LATERAL so PostgreSQL cannot flatten it into a join: each meter is one
 * primary-key range scan whether or not the table was analyzed (ADR 1043 addendum 2).
 */
const dayYears = (c: EnergyCtx, from: string, to: string) => sql`
  SELECT extract(year FROM r.bucket)::int AS year, sum(r.value) AS value FROM energy_rollups r
  WHERE r.tenant_id = ${c.tenantId} AND r.grain = 'day' AND r.meter_id = m.id AND r.bucket >= ${from}::timestamp AND r.bucket < ${to}::timestamp
  GROUP BY 1`;

/** Sums of the roots' day rollups per kind over [from, to). */
async function kindTotals(c: EnergyCtx, from: string, to: string) {
  const r = await sql<{ kind: string; name: string; unit: string; coal: string; value: string | null; carbon: string | null }>`
    SELECT k.code AS kind, k.name, k.unit, k.coal_factor AS coal, sum(d.value) AS value, sum(d.value * coalesce(f.factor, 0)) AS carbon
    FROM energy_kinds k
    LEFT JOIN energy_meters m ON m.kind_id = k.id AND ${meterWhere(c, { roots: true })}
    LEFT JOIN LATERAL (${dayYears(c, from, to)}) d ON true
    LEFT JOIN energy_carbon_factors f ON f.tenant_id = k.tenant_id AND f.kind_id = k.id AND f.year = d.year
    WHERE k.tenant_id = ${c.tenantId} GROUP BY k.id ORDER BY k.id`.execute(c.db);
  return r.rows.map((k) => ({ kind: k.kind, name: k.name, unit: k.unit, value: round4(num(k.value)), coalKg: round4(num(k.value) * num(k.coal)), carbonKg: round4(num(k.carbon)) }));
}

/** GET /energy/qyzl. */
export async function enterpriseOverview(c: EnergyCtx) {
  const today = localDay(c.now);
  const tomorrow = `${addDays(today, 1)} 00:00:00`;
  const day = await kindTotals(c, `${today} 00:00:00`, tomorrow);
  const month = await kindTotals(c, `${today.slice(0, 7)}-01 00:00:00`, tomorrow);
  const year = await kindTotals(c, `${today.slice(0, 4)}-01-01 00:00:00`, tomorrow);
  const counts = await sql<{ meters: number; equipment: number; alarms: number }>`
    SELECT (SELECT count(*)::int FROM energy_meters m WHERE ${meterWhere(c)}) AS meters,
      (SELECT count(*)::int FROM energy_equipment q WHERE q.tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR q.enterprise_id = ${c.q.enterpriseId ?? null})) AS equipment,
      (SELECT count(*)::int FROM energy_alarms a WHERE a.tenant_id = ${c.tenantId} AND a.cleared_at IS NULL) AS alarms`.execute(c.db);
  return {
    date: today,
    kinds: day.map((k, i) => ({ kind: k.kind, name: k.name, unit: k.unit, today: k.value, month: month[i]!.value, year: year[i]!.value })),
    monthCoalKg: round4(month.reduce((s, k) => s + k.coalKg, 0)),
    monthCarbonKg: round4(month.reduce((s, k) => s + k.carbonKg, 0)),
    yearCoalKg: round4(year.reduce((s, k) => s + k.coalKg, 0)),
    meterCount: counts.rows[0]!.meters, equipmentCount: counts.rows[0]!.equipment, activeAlarms: counts.rows[0]!.alarms,
  };
}

/** GET /energy/qynhtj: per kind, a value per day (grain day) or month (grain month) over the range. */
export async function enterpriseStatistics(c: EnergyCtx) {
  const range = rangeOf(c);
  const b = bucketBounds(range);
  const grain = c.q.grain === 'month' ? 'month' : 'day';
  const r = await sql<{ kind: string; bucket: string; value: string }>`
    SELECT k.code AS kind, d.bucket, sum(d.value) AS value
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id
    CROSS JOIN LATERAL (
      SELECT to_char(date_trunc(${grain}, r.bucket), ${grain === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}) AS bucket, sum(r.value) AS value FROM energy_rollups r
      WHERE r.tenant_id = m.tenant_id AND r.grain = 'day' AND r.meter_id = m.id AND r.bucket >= ${b.from}::timestamp AND r.bucket < ${b.to}::timestamp
      GROUP BY 1) d
    WHERE ${meterWhere(c, { roots: true })} GROUP BY 1, 2 ORDER BY 2`.execute(c.db);
  const buckets: string[] = [];
  for (let d = range.start; d <= range.end; d = addDays(d, 1)) {
    const key = grain === 'month' ? d.slice(0, 7) : d;
    if (buckets[buckets.length - 1] !== key) buckets.push(key);
  }
  const totals = await kindTotals(c, b.from, b.to);
  const at = new Map(r.rows.map((x) => [`${x.kind}|${x.bucket}`, x.value]));
  const series = totals.map((k) => ({
    kind: k.kind, name: k.name, unit: k.unit,
    values: buckets.map((bk) => round4(num(at.get(`${k.kind}|${bk}`)))),
  }));
  return { grain, start: range.start, end: range.end, buckets, series, totals };
}

/** Per equipment: consumption, hours with consumption, max 15-minute value over the range (electricity unless kind given). */
async function equipmentTotals(c: EnergyCtx) {
  const b = bucketBounds(rangeOf(c));
  const r = await sql<{ id: number; name: string; equipment_type: string; rated: string; unit: string; value: string | null; hours: number; max: string | null; alarms: number }>`
    SELECT q.id, q.name, q.equipment_type, q.rated_power_kw AS rated, k.unit, sum(h.value) AS value, coalesce(sum(h.hours), 0)::int AS hours, max(h.max_value) AS max,
      (SELECT count(*)::int FROM energy_alarms a WHERE a.tenant_id = q.tenant_id AND a.meter_id = m.id AND a.occurred_at >= (${b.from}::timestamp AT TIME ZONE ${ENERGY_ZONE}) AND a.occurred_at < (${b.to}::timestamp AT TIME ZONE ${ENERGY_ZONE})) AS alarms
    FROM energy_equipment q JOIN energy_meters m ON m.tenant_id = q.tenant_id AND m.equipment_id = q.id JOIN energy_kinds k ON k.id = m.kind_id
    LEFT JOIN LATERAL (
      SELECT sum(r.value) AS value, count(*) FILTER (WHERE r.value > 0) AS hours, max(r.max_value) AS max_value FROM energy_rollups r
      WHERE r.tenant_id = m.tenant_id AND r.grain = 'hour' AND r.meter_id = m.id AND r.bucket >= ${b.from}::timestamp AND r.bucket < ${b.to}::timestamp) h ON true
    WHERE q.tenant_id = ${c.tenantId} AND k.code = ${c.q.kind ?? 'electricity'} AND (${c.q.enterpriseId ?? null}::int IS NULL OR q.enterprise_id = ${c.q.enterpriseId ?? null})
      AND (${c.q.locationId ?? null}::int IS NULL OR q.location_id = ${c.q.locationId ?? null})
    GROUP BY q.id, m.id, k.unit ORDER BY q.id`.execute(c.db);
  return r.rows.map((q) => ({ equipmentId: q.id, name: q.name, equipmentType: q.equipment_type, ratedPowerKw: num(q.rated), unit: q.unit, value: round4(num(q.value)), runningHours: q.hours, maxKw: round4(num(q.max) * 4), alarms: q.alarms }));
}

/** GET /energy/sbnhtj: each equipment's consumption and share of the equipment total. */
export async function equipmentStatistics(c: EnergyCtx) {
  const rows = await equipmentTotals(c);
  const total = rows.reduce((s, r) => s + r.value, 0);
  return { total: round4(total), rows: rows.map((r) => ({ equipmentId: r.equipmentId, name: r.name, equipmentType: r.equipmentType, unit: r.unit, value: r.value, share: pct(r.value, total) })) };
}

/** GET /energy/sbnxdb: average load while running and load rate against the rated power. */
export async function equipmentEfficiency(c: EnergyCtx) {
  return (await equipmentTotals(c)).map((r) => {
    const avgKw = r.runningHours ? round4(r.value / r.runningHours) : 0;
    return { equipmentId: r.equipmentId, name: r.name, ratedPowerKw: r.ratedPowerKw, value: r.value, runningHours: r.runningHours, avgKw, loadRate: pct(avgKw, r.ratedPowerKw) };
  });
}

/** GET /energy/bi/sbynphb: equipment ranked by consumption (limit, default 10). */
export async function equipmentRanking(c: EnergyCtx) {
  const rows = (await equipmentTotals(c)).sort((a, b) => b.value - a.value || a.equipmentId - b.equipmentId).slice(0, c.q.limit ?? 10);
  return rows.map((r, i) => ({ rank: i + 1, equipmentId: r.equipmentId, name: r.name, unit: r.unit, value: r.value }));
}

/** GET /energy/sbjcbb: the equipment monitoring report. */
export async function equipmentReport(c: EnergyCtx) {
  return (await equipmentTotals(c)).map((r) => ({ ...r, avgKw: r.runningHours ? round4(r.value / r.runningHours) : 0 }));
}

/** GET /energy/nysj: a page of rollup rows (grain hour/day/month) of the selected meters. */
export async function energyData(c: EnergyCtx) {
  const b = bucketBounds(rangeOf(c));
  const grain = c.q.grain ?? 'day';
  const size = c.q.pageSize ?? 100;
  // Each meter's rows by a LATERAL on the primary key (its OFFSET 0 keeps PostgreSQL from
  // flattening it into a join an unanalyzed planner may hash; ADR 1043 addendum 2).
  const rowsOf = sql`CROSS JOIN LATERAL (
      SELECT r.bucket, r.value, r.max_value, r.samples FROM energy_rollups r
      WHERE r.tenant_id = m.tenant_id AND r.grain = ${grain} AND r.meter_id = m.id
        AND r.bucket >= date_trunc(${grain}, ${b.from}::timestamp) AND r.bucket < ${b.to}::timestamp OFFSET 0) d`;
  const r = await sql<{ id: number; code: string; name: string; kind: string; unit: string; bucket: string; value: string; max_value: string; samples: number }>`
    SELECT m.id, m.code, m.name, k.code AS kind, k.unit, to_char(d.bucket, 'YYYY-MM-DD HH24:MI') AS bucket, d.value, d.max_value, d.samples
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id ${rowsOf}
    WHERE ${meterWhere(c)} ORDER BY d.bucket DESC, m.id LIMIT ${size} OFFSET ${((c.q.pageNum ?? 1) - 1) * size}`.execute(c.db);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM energy_meters m ${rowsOf} WHERE ${meterWhere(c)}`.execute(c.db);
  return {
    rows: r.rows.map((d) => ({ meterId: d.id, code: d.code, name: d.name, kind: d.kind, unit: d.unit, grain, bucket: d.bucket, value: num(d.value), maxValue: num(d.max_value), samples: d.samples })),
    total: total.rows[0]!.n,
  };
}

/** Per location and kind: the location's top meters (no parent in the same location) over the range. */
export async function locationUsage(c: EnergyCtx) {
  const b = bucketBounds(rangeOf(c));
  const r = await sql<{ id: number; name: string; kind: string; unit: string; coal: string; value: string | null; carbon: string | null }>`
    SELECT l.id, l.name, k.code AS kind, k.unit, k.coal_factor AS coal, sum(d.value) AS value, sum(d.value * coalesce(f.factor, 0)) AS carbon
    FROM energy_locations l JOIN energy_meters m ON m.tenant_id = l.tenant_id AND m.location_id = l.id
      AND NOT EXISTS (SELECT 1 FROM energy_meters p WHERE p.id = m.parent_id AND p.location_id = l.id)
    JOIN energy_kinds k ON k.id = m.kind_id
    CROSS JOIN LATERAL (${dayYears(c, b.from, b.to)}) d
    LEFT JOIN energy_carbon_factors f ON f.tenant_id = k.tenant_id AND f.kind_id = k.id AND f.year = d.year
    WHERE ${meterWhere(c)} GROUP BY l.id, k.id ORDER BY l.id, k.id`.execute(c.db);
  return r.rows.map((x) => ({ locationId: x.id, locationName: x.name, kind: x.kind, unit: x.unit, value: round4(num(x.value)), coalKg: round4(num(x.value) * num(x.coal)), carbonKg: round4(num(x.carbon)) }));
}

/** GET /energy/bi/yndb: locations compared in coal equivalent. */
export async function locationComparison(c: EnergyCtx) {
  const rows = await locationUsage(c);
  const by = new Map<number, { locationId: number; locationName: string; coalKg: number; carbonKg: number }>();
  for (const r of rows) {
    const e = by.get(r.locationId) ?? { locationId: r.locationId, locationName: r.locationName, coalKg: 0, carbonKg: 0 };
    e.coalKg = round4(e.coalKg + r.coalKg);
    e.carbonKg = round4(e.carbonKg + r.carbonKg);
    by.set(r.locationId, e);
  }
  return [...by.values()].sort((a, b) => b.coalKg - a.coalKg);
}

export { kindTotals };
