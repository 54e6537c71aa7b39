/**
 * The catalogue calls: enterprises, locations, equipment, meters (with the metering network's
 * parent and the latest reading), the plan search's options, and the BI enterprise profile.
 * Each is within the caller's tenant.
 */
import { sql } from 'kysely';
import { notFound } from '../../http/HttpError.js';
import { num, numOrNull, type EnergyCtx } from './energyScope.js';

const paging = (c: EnergyCtx) => {
  const size = c.q.pageSize ?? 100;
  return { limit: size, offset: ((c.q.pageNum ?? 1) - 1) * size };
};

/** GET /energy/enterprise/list. */
export async function listEnterprises(c: EnergyCtx) {
  const r = await sql<{ id: number; name: string; code: string; industry: string; address: string; area_m2: string; description: string; meters: number; equipment: number }>`
    SELECT e.id, e.name, e.code, e.industry, e.address, e.area_m2, e.description,
      (SELECT count(*)::int FROM energy_meters m WHERE m.tenant_id = e.tenant_id AND m.enterprise_id = e.id) AS meters,
      (SELECT count(*)::int FROM energy_equipment q WHERE q.tenant_id = e.tenant_id AND q.enterprise_id = e.id) AS equipment
    FROM energy_enterprises e WHERE e.tenant_id = ${c.tenantId} ORDER BY e.id`.execute(c.db);
  return r.rows.map((e) => ({ id: e.id, name: e.name, code: e.code, industry: e.industry, address: e.address, areaM2: num(e.area_m2), description: e.description, meterCount: e.meters, equipmentCount: e.equipment }));
}

/** GET /energy/location/list: flat, each with its parent (the client builds the tree). */
export async function listLocations(c: EnergyCtx) {
  const r = await sql<{ id: number; enterprise_id: number; parent_id: number | null; name: string; location_type: string }>`
    SELECT id, enterprise_id, parent_id, name, location_type FROM energy_locations
    WHERE tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR enterprise_id = ${c.q.enterpriseId ?? null}) ORDER BY id`.execute(c.db);
  return r.rows.map((l) => ({ id: l.id, enterpriseId: l.enterprise_id, parentId: l.parent_id, name: l.name, locationType: l.location_type }));
}

/** GET /energy/equipment/list: a page. */
export async function listEquipment(c: EnergyCtx) {
  const { limit, offset } = paging(c);
  const where = sql`q.tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR q.enterprise_id = ${c.q.enterpriseId ?? null})
    AND (${c.q.locationId ?? null}::int IS NULL OR q.location_id = ${c.q.locationId ?? null})`;
  const r = await sql<{ id: number; enterprise_id: number; location_id: number | null; location_name: string | null; name: string; code: string; equipment_type: string; rated_power_kw: string }>`
    SELECT q.id, q.enterprise_id, q.location_id, l.name AS location_name, q.name, q.code, q.equipment_type, q.rated_power_kw
    FROM energy_equipment q LEFT JOIN energy_locations l ON l.id = q.location_id WHERE ${where} ORDER BY q.id LIMIT ${limit} OFFSET ${offset}`.execute(c.db);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM energy_equipment q WHERE ${where}`.execute(c.db);
  return {
    rows: r.rows.map((q) => ({ id: q.id, enterpriseId: q.enterprise_id, locationId: q.location_id, locationName: q.location_name, name: q.name, code: q.code, equipmentType: q.equipment_type, ratedPowerKw: num(q.rated_power_kw) })),
    total: total.rows[0]!.n,
  };
}

/** GET /energy/metering/list: a page of meters of the company (enterpriseId), with network parent and latest reading. */
export async function listMeters(c: EnergyCtx) {
  const { limit, offset } = paging(c);
  const where = sql`m.tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR m.enterprise_id = ${c.q.enterpriseId ?? null})
    AND (${c.q.kind ?? null}::text IS NULL OR k.code = ${c.q.kind ?? null}) AND (${c.q.locationId ?? null}::int IS NULL OR m.location_id = ${c.q.locationId ?? null})`;
  const r = await sql<{ id: number; enterprise_id: number; location_id: number | null; location_name: string | null; equipment_id: number | null; equipment_name: string | null; parent_id: number | null; kind: string; kind_name: string; unit: string; code: string; name: string; last_ts: Date | null; last_value: string | null }>`
    SELECT m.id, m.enterprise_id, m.location_id, l.name AS location_name, m.equipment_id, q.name AS equipment_name, m.parent_id,
      k.code AS kind, k.name AS kind_name, k.unit, m.code, m.name, m.last_ts, m.last_value
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id LEFT JOIN energy_locations l ON l.id = m.location_id LEFT JOIN energy_equipment q ON q.id = m.equipment_id
    WHERE ${where} ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`.execute(c.db);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id WHERE ${where}`.execute(c.db);
  return {
    rows: r.rows.map((m) => ({
      id: m.id, enterpriseId: m.enterprise_id, locationId: m.location_id, locationName: m.location_name, equipmentId: m.equipment_id, equipmentName: m.equipment_name,
      parentId: m.parent_id, kind: m.kind, kindName: m.kind_name, unit: m.unit, code: m.code, name: m.name, lastTs: m.last_ts?.toISOString() ?? null, lastValue: numOrNull(m.last_value),
    })),
    total: total.rows[0]!.n,
  };
}

/** GET /energy/newest: the latest reading of each selected meter, newest first (limit, default 20). */
export async function newestReadings(c: EnergyCtx) {
  const r = await sql<{ id: number; code: string; name: string; kind: string; unit: string; last_ts: Date; last_value: string }>`
    SELECT m.id, m.code, m.name, k.code AS kind, k.unit, m.last_ts, m.last_value
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id
    WHERE m.tenant_id = ${c.tenantId} AND m.last_ts IS NOT NULL AND (${c.q.enterpriseId ?? null}::int IS NULL OR m.enterprise_id = ${c.q.enterpriseId ?? null})
      AND (${c.q.kind ?? null}::text IS NULL OR k.code = ${c.q.kind ?? null})
    ORDER BY m.last_ts DESC, m.id LIMIT ${c.q.limit ?? 20}`.execute(c.db);
  return r.rows.map((m) => ({ meterId: m.id, code: m.code, name: m.name, kind: m.kind, unit: m.unit, ts: m.last_ts.toISOString(), value: num(m.last_value) }));
}

/** GET /energy/nyjhSearchCondition/get: what the plan search offers. */
export async function planSearchConditions(c: EnergyCtx) {
  const enterprises = await sql<{ id: number; name: string }>`SELECT id, name FROM energy_enterprises WHERE tenant_id = ${c.tenantId} ORDER BY id`.execute(c.db);
  const kinds = await sql<{ code: string; name: string; unit: string }>`SELECT code, name, unit FROM energy_kinds WHERE tenant_id = ${c.tenantId} ORDER BY id`.execute(c.db);
  const years = await sql<{ y: number }>`SELECT DISTINCT extract(year FROM month)::int AS y FROM energy_plans WHERE tenant_id = ${c.tenantId} ORDER BY y DESC`.execute(c.db);
  return { enterprises: enterprises.rows, kinds: kinds.rows, years: years.rows.map((y) => y.y) };
}

/** GET /energy/bi/qyjj: the enterprise profile (enterpriseId, else the tenant's first). */
export async function enterpriseProfile(c: EnergyCtx) {
  const all = await listEnterprises(c);
  const e = c.q.enterpriseId ? all.find((x) => x.id === c.q.enterpriseId) : all[0];
  if (!e) throw notFound('企业不存在');
  const locations = await sql<{ n: number }>`SELECT count(*)::int AS n FROM energy_locations WHERE tenant_id = ${c.tenantId} AND enterprise_id = ${e.id}`.execute(c.db);
  const kinds = await sql<{ name: string }>`SELECT DISTINCT k.id, k.name FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id WHERE m.tenant_id = ${c.tenantId} AND m.enterprise_id = ${e.id} ORDER BY k.id`.execute(c.db);
  return { ...e, locationCount: locations.rows[0]!.n, kinds: kinds.rows.map((k) => k.name) };
}
