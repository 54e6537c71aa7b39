/**
 * Real-time calls: the latest readings with today's total (实时数据), the metering network with
 * each parent's loss against its sub-meters (计量网络图), equipment running state (运行状态,
 * 设备状态), a day's 15-minute curve of a meter or equipment (设备曲线) and its load in kW
 * (设备负荷). A meter is online while its latest reading is at most 30 minutes old; equipment runs
 * when its meter's latest 15-minute value is above 0, is stopped at 0, offline otherwise.
 */
import { sql } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import { bucketBounds, meterWhere, num, numOrNull, oneMeter, rangeOf, type EnergyCtx } from './energyScope.js';
import { ENERGY_ZONE, isDay, localDay } from '../energyTime.js';
import { round4 } from '../tariffPeriods.js';

const ONLINE_MS = 30 * 60_000;
export type RunState = 'running' | 'stopped' | 'offline';
export const RUN_LABELS: Record<RunState, string> = { running: '运行', stopped: '停机', offline: '离线' };

/** The running state of a meter's latest reading at `now`. */
export function runState(lastTs: Date | null, lastValue: number | null, now: Date): RunState {
  if (!lastTs || now.getTime() - lastTs.getTime() > ONLINE_MS) return 'offline';
  return (lastValue ?? 0) > 0 ? 'running' : 'stopped';
}

/** GET /energy/sssj. */
export async function realtimeData(c: EnergyCtx) {
  const today = localDay(c.now);
  const r = await sql<{ id: number; code: string; name: string; kind: string; unit: string; last_ts: Date | null; last_value: string | null; today: string | null }>`
    SELECT m.id, m.code, m.name, k.code AS kind, k.unit, m.last_ts, m.last_value,
      (SELECT d.value FROM energy_rollups d WHERE d.tenant_id = m.tenant_id AND d.grain = 'day' AND d.meter_id = m.id AND d.bucket = ${today}::timestamp) AS today
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id WHERE ${meterWhere(c)} ORDER BY m.id`.execute(c.db);
  return r.rows.map((m) => ({
    meterId: m.id, code: m.code, name: m.name, kind: m.kind, unit: m.unit, ts: m.last_ts?.toISOString() ?? null, value: numOrNull(m.last_value),
    powerKw: m.kind === 'electricity' && m.last_value !== null ? round4(num(m.last_value) * 4) : null,
    today: num(m.today), online: runState(m.last_ts, numOrNull(m.last_value), c.now) !== 'offline',
  }));
}

/** GET /energy/jlwlt: every selected meter with its range total, its sub-meters' sum and the loss rate. */
export async function meteringNetwork(c: EnergyCtx) {
  const b = bucketBounds(rangeOf(c));
  const r = await sql<{ id: number; parent_id: number | null; code: string; name: string; kind: string; unit: string; value: string | null }>`
    SELECT m.id, m.parent_id, m.code, m.name, k.code AS kind, k.unit,
      (SELECT sum(d.value) FROM energy_rollups d WHERE d.tenant_id = m.tenant_id AND d.grain = 'day' AND d.meter_id = m.id AND d.bucket >= ${b.from}::timestamp AND d.bucket < ${b.to}::timestamp) AS value
    FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id WHERE ${meterWhere(c)} ORDER BY m.id`.execute(c.db);
  const nodes = r.rows.map((m) => ({ id: m.id, parentId: m.parent_id, code: m.code, name: m.name, kind: m.kind, unit: m.unit, value: round4(num(m.value)), childrenSum: null as number | null, lossRate: null as number | null }));
  const children = new Map<number, typeof nodes>();
  for (const n of nodes) if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  for (const n of nodes) {
    const kids = children.get(n.id);
    if (!kids) continue;
    n.childrenSum = round4(kids.reduce((s, k) => s + k.value, 0));
    n.lossRate = n.value ? Math.round(((n.value - n.childrenSum) / n.value) * 10_000) / 100 : null;
  }
  return nodes;
}

interface EquipmentRow { id: number; name: string; code: string; equipment_type: string; location_name: string | null; rated: string; last_ts: Date | null; last_value: string | null }

async function equipmentStates(c: EnergyCtx) {
  const r = await sql<EquipmentRow>`
    SELECT q.id, q.name, q.code, q.equipment_type, l.name AS location_name, q.rated_power_kw AS rated, m.last_ts, m.last_value
    FROM energy_equipment q LEFT JOIN energy_locations l ON l.id = q.location_id
    LEFT JOIN LATERAL (SELECT m.last_ts, m.last_value FROM energy_meters m WHERE m.tenant_id = q.tenant_id AND m.equipment_id = q.id ORDER BY m.id LIMIT 1) m ON true
    WHERE q.tenant_id = ${c.tenantId} AND (${c.q.enterpriseId ?? null}::int IS NULL OR q.enterprise_id = ${c.q.enterpriseId ?? null})
      AND (${c.q.locationId ?? null}::int IS NULL OR q.location_id = ${c.q.locationId ?? null}) ORDER BY q.id`.execute(c.db);
  return r.rows.map((q) => {
    const state = runState(q.last_ts, numOrNull(q.last_value), c.now);
    const rated = num(q.rated);
    const kw = q.last_value === null ? null : round4(num(q.last_value) * 4);
    return {
      id: q.id, name: q.name, code: q.code, equipmentType: q.equipment_type, locationName: q.location_name, state, stateLabel: RUN_LABELS[state],
      lastTs: q.last_ts?.toISOString() ?? null, lastValue: numOrNull(q.last_value), loadRate: rated && kw !== null && state !== 'offline' ? Math.round((kw / rated) * 10_000) / 100 : null,
    };
  });
}

/** GET /energy/yxzt: counts by state and each piece of equipment's state. */
export async function runningState(c: EnergyCtx) {
  const rows = await equipmentStates(c);
  const count = (s: RunState) => rows.filter((r) => r.state === s).length;
  return { total: rows.length, running: count('running'), stopped: count('stopped'), offline: count('offline'), equipment: rows.map((r) => ({ id: r.id, name: r.name, state: r.state, stateLabel: r.stateLabel })) };
}

/** GET /energy/deviceState/list: a page of equipment with state, latest reading and load rate. */
export async function deviceStates(c: EnergyCtx) {
  const rows = await equipmentStates(c);
  const size = c.q.pageSize ?? 100;
  const from = ((c.q.pageNum ?? 1) - 1) * size;
  return { rows: rows.slice(from, from + size), total: rows.length };
}

/** A day's 15-minute values of one meter (date, default today): `HH:mm` and value. */
async function dayPoints(c: EnergyCtx) {
  const date = c.q.date ?? localDay(c.now);
  if (!isDay(date)) throw badRequest(`日期「${date}」无效，应为 YYYY-MM-DD`);
  const meter = await oneMeter(c);
  const r = await sql<{ t: string; value: string }>`
    SELECT to_char(ts AT TIME ZONE ${ENERGY_ZONE}, 'HH24:MI') AS t, value FROM energy_readings
    WHERE tenant_id = ${c.tenantId} AND meter_id = ${meter.id}
      AND ts >= (${date}::timestamp AT TIME ZONE ${ENERGY_ZONE}) AND ts < ((${date}::timestamp + interval '1 day') AT TIME ZONE ${ENERGY_ZONE})
    ORDER BY ts`.execute(c.db);
  return { meter, date, points: r.rows.map((p) => ({ t: p.t, value: num(p.value) })) };
}

/** GET /energy/sbqx. */
export async function deviceCurve(c: EnergyCtx) {
  const { meter, date, points } = await dayPoints(c);
  return { meterId: meter.id, name: meter.name, kind: meter.kind, unit: meter.unit, date, points, total: round4(points.reduce((s, p) => s + p.value, 0)) };
}

/** GET /energy/sbfh: the day's load (kW = 15-minute kWh × 4) with max, mean and load rate against the rated power. */
export async function deviceLoad(c: EnergyCtx) {
  const { meter, date, points } = await dayPoints(c);
  if (meter.kind !== 'electricity') throw badRequest('负荷分析只适用于电表');
  const kw = points.map((p) => ({ t: p.t, kw: round4(p.value * 4) }));
  const max = kw.reduce((m, p) => Math.max(m, p.kw), 0);
  const avg = kw.length ? round4(kw.reduce((s, p) => s + p.kw, 0) / kw.length) : 0;
  return { meterId: meter.id, name: meter.name, date, ratedPowerKw: meter.ratedPowerKw, points: kw, maxKw: max, avgKw: avg, loadRate: meter.ratedPowerKw ? Math.round((avg / meter.ratedPowerKw) * 10_000) / 100 : null };
}
