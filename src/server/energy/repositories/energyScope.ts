/**
 * What every energy call shares: the query (`EnergyQuery`), the caller's tenant, the meters it
 * selects (`meterWhere`, always inside the tenant), its day range, the number conversion of
 * PostgreSQL numerics, and the tariff in force. A parent meter measures what its sub-meters do,
 * so totals of an enterprise or kind sum the network's roots only (`roots`).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { addDays, dayRange, localDay } from '../energyTime.js';
import type { TariffPeriod, TouPeriod } from '../tariffPeriods.js';
import type { EnergyQuery } from '../../../shared/contract/energy.js';

export interface EnergyCtx {
  db: Kysely<Database>;
  tenantId: number;
  now: Date;
  q: EnergyQuery;
}

/** A numeric column as a JS number (null stays null). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The query's inclusive days, or a 400. */
export function rangeOf(c: EnergyCtx): { start: string; end: string } {
  const r = dayRange(c.q, localDay(c.now));
  if (typeof r === 'string') throw badRequest(r);
  return r;
}

/** The WHERE of the meters a query selects (alias m); `roots` keeps the network's top meters only. */
export function meterWhere(c: EnergyCtx, opts: { roots?: boolean; kind?: string } = {}): RawBuilder<unknown> {
  const q = c.q;
  const kind = opts.kind ?? q.kind ?? null;
  const roots = opts.roots && !q.meterId && !q.equipmentId && !q.locationId;
  return sql`m.tenant_id = ${c.tenantId}
    AND (${q.enterpriseId ?? null}::int IS NULL OR m.enterprise_id = ${q.enterpriseId ?? null})
    AND (${q.meterId ?? null}::int IS NULL OR m.id = ${q.meterId ?? null})
    AND (${q.equipmentId ?? null}::int IS NULL OR m.equipment_id = ${q.equipmentId ?? null})
    AND (${q.locationId ?? null}::int IS NULL OR m.location_id = ${q.locationId ?? null})
    AND (${kind}::text IS NULL OR m.kind_id = (SELECT k.id FROM energy_kinds k WHERE k.tenant_id = ${c.tenantId} AND k.code = ${kind}))
    AND (${roots ? 1 : 0} = 0 OR m.parent_id IS NULL)`;
}

/** One meter of the tenant (by meterId, else the first meter of equipmentId), or 404/400. */
export async function oneMeter(c: EnergyCtx): Promise<{ id: number; name: string; code: string; kind: string; unit: string; ratedPowerKw: number }> {
  if (!c.q.meterId && !c.q.equipmentId) throw badRequest('请指定计量点（meterId）或设备（equipmentId）');
  const r = await sql<{ id: number; name: string; code: string; kind: string; unit: string; rated: string | null }>`
    SELECT m.id, m.name, m.code, k.code AS kind, k.unit, e.rated_power_kw AS rated
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id LEFT JOIN energy_equipment e ON e.id = m.equipment_id
    WHERE m.tenant_id = ${c.tenantId} AND (${c.q.meterId ?? null}::int IS NULL OR m.id = ${c.q.meterId ?? null})
      AND (${c.q.equipmentId ?? null}::int IS NULL OR m.equipment_id = ${c.q.equipmentId ?? null})
    ORDER BY m.id LIMIT 1`.execute(c.db);
  const m = r.rows[0];
  if (!m) throw notFound('计量点不存在');
  return { id: m.id, name: m.name, code: m.code, kind: m.kind, unit: m.unit, ratedPowerKw: num(m.rated) };
}

/** The periods of the tariff of a kind in force on a day (the latest `valid_from` not after it). */
export async function tariffPeriods(c: EnergyCtx, kind: string, day: string): Promise<TariffPeriod[]> {
  const r = await sql<{ period: TouPeriod; start_hour: number; end_hour: number; price: string }>`
    SELECT p.period, p.start_hour, p.end_hour, p.price FROM energy_tariff_periods p
    WHERE p.tenant_id = ${c.tenantId} AND p.tariff_id = (
      SELECT t.id FROM energy_tariffs t JOIN energy_kinds k ON k.id = t.kind_id
      WHERE t.tenant_id = ${c.tenantId} AND k.code = ${kind} AND t.valid_from <= ${day}::date ORDER BY t.valid_from DESC, t.id DESC LIMIT 1)
    ORDER BY p.start_hour`.execute(c.db);
  return r.rows.map((p) => ({ period: p.period, startHour: p.start_hour, endHour: p.end_hour, price: num(p.price) }));
}

/** The bounds of a day range as local naive timestamps for rollup buckets: [start, end + 1 day). */
export const bucketBounds = (r: { start: string; end: string }): { from: string; to: string } => ({
  from: `${r.start} 00:00:00`,
  to: `${addDays(r.end, 1)} 00:00:00`,
});
