/**
 * Plans, quotas, carbon and comparisons over the month rollups of the network's roots: quota
 * management (能耗总量限额管理), plan analysis (能源计划分析), carbon statistics (碳排放统计),
 * year-on-year (同比) and month-on-month (环比) analysis, and the BI indicators (能耗指标分析).
 */
import { sql } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import { meterWhere, num, type EnergyCtx } from './energyScope.js';
import { localDay } from '../energyTime.js';
import { changeRate, previousMonth } from '../changeRate.js';
import { round4 } from '../tariffPeriods.js';

const yearOf = (c: EnergyCtx): number => {
  const y = c.q.year ?? Number(localDay(c.now).slice(0, 4));
  if (y < 2000 || y > 2100) throw badRequest(`年份「${y}」无效`);
  return y;
};
const monthOf = (c: EnergyCtx): string => {
  const m = c.q.month ?? localDay(c.now).slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(m)) throw badRequest(`月份「${m}」无效，应为 YYYY-MM`);
  return m;
};

/**
 * Month totals of the roots per kind between two months inclusive (`YYYY-MM`). The LATERAL
 * aggregate keeps each meter a primary-key range scan without statistics (ADR 1043 addendum 2).
 */
async function monthTotals(c: EnergyCtx, from: string, to: string, kind?: string) {
  const r = await sql<{ kind: string; month: string; value: string }>`
    SELECT k.code AS kind, d.month, sum(d.value) AS value
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id
    CROSS JOIN LATERAL (
      SELECT to_char(r.bucket, 'YYYY-MM') AS month, sum(r.value) AS value FROM energy_rollups r
      WHERE r.tenant_id = m.tenant_id AND r.grain = 'month' AND r.meter_id = m.id
        AND r.bucket >= ${`${from}-01`}::timestamp AND r.bucket <= ${`${to}-01`}::timestamp
      GROUP BY 1) d
    WHERE ${meterWhere(c, { roots: true, kind })} GROUP BY 1, 2`.execute(c.db);
  const at = new Map(r.rows.map((x) => [`${x.kind}|${x.month}`, x.value]));
  return (k: string, month: string) => num(at.get(`${k}|${month}`));
}

async function kinds(c: EnergyCtx) {
  return (await sql<{ code: string; name: string; unit: string; coal: string }>`SELECT code, name, unit, coal_factor AS coal FROM energy_kinds WHERE tenant_id = ${c.tenantId} AND (${c.q.kind ?? null}::text IS NULL OR code = ${c.q.kind ?? null}) ORDER BY id`.execute(c.db)).rows;
}

async function plansOf(c: EnergyCtx, from: string, to: string) {
  const r = await sql<{ kind: string; month: string; planned: string; quota: string }>`
    SELECT k.code AS kind, to_char(p.month, 'YYYY-MM') AS month, sum(p.planned) AS planned, sum(p.quota) AS quota
    FROM energy_plans p JOIN energy_kinds k ON k.id = p.kind_id
    WHERE p.tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR p.enterprise_id = ${c.q.enterpriseId ?? null})
      AND p.month >= ${`${from}-01`}::date AND p.month <= ${`${to}-01`}::date GROUP BY 1, 2`.execute(c.db);
  return (k: string, month: string) => r.rows.find((x) => x.kind === k && x.month === month);
}

const months = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
const pct = (a: number, b: number): number | null => (b ? Math.round((a / b) * 10_000) / 100 : null);

/** GET /energy/nhzlxegl: each kind's month use against its quota; 预警 from 90 %, 超限 above 100 %. */
export async function quotaManagement(c: EnergyCtx) {
  const month = monthOf(c);
  const actual = await monthTotals(c, month, month);
  const plan = await plansOf(c, month, month);
  return { month, rows: (await kinds(c)).map((k) => {
    const p = plan(k.code, month);
    const quota = p ? num(p.quota) : null;
    const value = round4(actual(k.code, month));
    const rate = quota === null ? null : pct(value, quota);
    return { kind: k.code, name: k.name, unit: k.unit, planned: p ? num(p.planned) : null, quota, actual: value, rate,
      remaining: quota === null ? null : round4(quota - value), status: rate === null ? '未设定' : rate > 100 ? '超限' : rate >= 90 ? '预警' : '正常' };
  }) };
}

/** GET /energy/nyjhfx: plan against actual per month of a year and kind. */
export async function planAnalysis(c: EnergyCtx) {
  const year = yearOf(c);
  const actual = await monthTotals(c, `${year}-01`, `${year}-12`);
  const plan = await plansOf(c, `${year}-01`, `${year}-12`);
  const rows = [];
  for (const k of await kinds(c)) for (const m of months(year)) {
    const p = plan(k.code, m);
    const value = round4(actual(k.code, m));
    rows.push({ month: m, kind: k.code, name: k.name, unit: k.unit, planned: p ? num(p.planned) : null, actual: value, rate: p ? pct(value, num(p.planned)) : null });
  }
  return { year, rows };
}

/** GET /energy/tpftj: carbon per month and kind of a year (value × the year's factor). */
export async function carbonStatistics(c: EnergyCtx) {
  const year = yearOf(c);
  const actual = await monthTotals(c, `${year}-01`, `${year}-12`);
  const factors = (await sql<{ kind: string; factor: string }>`SELECT k.code AS kind, f.factor FROM energy_carbon_factors f JOIN energy_kinds k ON k.id = f.kind_id WHERE f.tenant_id = ${c.tenantId} AND f.year = ${year}`.execute(c.db)).rows;
  const rows = [];
  for (const k of await kinds(c)) {
    const factor = num(factors.find((f) => f.kind === k.code)?.factor);
    for (const m of months(year)) {
      const value = round4(actual(k.code, m));
      rows.push({ month: m, kind: k.code, name: k.name, unit: k.unit, value, factor, carbonKg: round4(value * factor) });
    }
  }
  return { year, rows, totalCarbonKg: round4(rows.reduce((s, r) => s + r.carbonKg, 0)) };
}

/** GET /energy/tbfx: each month of a year against the same month a year earlier, per kind. */
export async function yearOnYear(c: EnergyCtx) {
  const year = yearOf(c);
  const actual = await monthTotals(c, `${year - 1}-01`, `${year}-12`);
  const rows = [];
  for (const k of await kinds(c)) for (const m of months(year)) {
    const current = round4(actual(k.code, m));
    const previous = round4(actual(k.code, `${year - 1}${m.slice(4)}`));
    rows.push({ month: m, kind: k.code, name: k.name, unit: k.unit, current, previous, rate: changeRate(current, previous) });
  }
  return { year, rows };
}

/** GET /energy/hbfx: each month of a year against the month before, per kind. */
export async function monthOnMonth(c: EnergyCtx) {
  const year = yearOf(c);
  const actual = await monthTotals(c, `${year - 1}-12`, `${year}-12`);
  const rows = [];
  for (const k of await kinds(c)) for (const m of months(year)) {
    const current = round4(actual(k.code, m));
    const previous = round4(actual(k.code, previousMonth(m)));
    rows.push({ month: m, kind: k.code, name: k.name, unit: k.unit, current, previous, rate: changeRate(current, previous) });
  }
  return { year, rows };
}

/** GET /energy/bi/nhzbfx: a month's indicators per kind (against plan and the month before) and in coal equivalent per m². */
export async function indicatorAnalysis(c: EnergyCtx) {
  const month = monthOf(c);
  const actual = await monthTotals(c, previousMonth(month), month);
  const plan = await plansOf(c, month, month);
  const area = num((await sql<{ a: string | null }>`SELECT sum(area_m2) AS a FROM energy_enterprises WHERE tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR id = ${c.q.enterpriseId ?? null})`.execute(c.db)).rows[0]?.a);
  const rows = (await kinds(c)).map((k) => {
    const value = round4(actual(k.code, month));
    const p = plan(k.code, month);
    return { kind: k.code, name: k.name, unit: k.unit, actual: value, planned: p ? num(p.planned) : null, planRate: p ? pct(value, num(p.planned)) : null,
      momRate: changeRate(value, actual(k.code, previousMonth(month))), coalKg: round4(value * num(k.coal)) };
  });
  const coalKg = round4(rows.reduce((s, r) => s + r.coalKg, 0));
  return { month, areaM2: area, coalKg, coalPerM2Kg: area ? round4(coalKg / area) : null, rows };
}
