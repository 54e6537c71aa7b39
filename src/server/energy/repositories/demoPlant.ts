/**
 * The demo plant (seed step `demo-energy`, seedDemoEnergy.ts): a small plant for the DEFAULT tenant —
 * one enterprise, four locations, eight pieces of equipment, 20 meters in a metering network over
 * electricity, water, gas and steam, 60 days of 15-minute readings up to now with a working-day
 * and a weekly shape (leaf meters generated, each parent the sum of its children plus 2–3 % line
 * loss), a 尖峰平谷 electricity tariff, flat tariffs for the rest, carbon and coal factors, monthly
 * plans and quotas, and some alarms. The readings are generated in SQL (generate_series), then the
 * rollups rebuilt once, so the step takes seconds.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ENERGY_ZONE } from '../energyTime.js';
import { ensureReadingPartitions, monthsOf } from './readingPartitions.js';
import { rebuildRollups } from './rollups.js';

const KINDS = [
  { code: 'electricity', name: '电', unit: 'kWh', coal: 0.1229, carbon: 0.5703, price: 0 },
  { code: 'water', name: '水', unit: 'm³', coal: 0.0857, carbon: 0.168, price: 4.5 },
  { code: 'gas', name: '天然气', unit: 'm³', coal: 1.2143, carbon: 2.1622, price: 3.6 },
  { code: 'steam', name: '蒸汽', unit: 't', coal: 128.6, carbon: 110, price: 220 },
];
/** The electricity tariff: 谷 0–8, 平 8–10 15–18 21–24, 峰 10–15 18–19, 尖 19–21 (元/kWh). */
const ELECTRICITY_PERIODS = [
  ['valley', 0, 8, 0.32], ['flat', 8, 10, 0.68], ['peak', 10, 15, 1.08], ['flat', 15, 18, 0.68],
  ['peak', 18, 19, 1.08], ['sharp', 19, 21, 1.3], ['flat', 21, 24, 0.68],
] as const;
const LOCATIONS = ['一号厂房', '二号厂房', '办公楼', '动力中心'];
/** name, location index, type, rated kW. */
const EQUIPMENT = [
  ['1#空压机', 0, '空压机', 110], ['2#空压机', 0, '空压机', 90], ['注塑机A', 0, '注塑机', 75], ['注塑机B', 0, '注塑机', 75],
  ['冷水机组', 1, '制冷', 160], ['车间照明', 1, '照明', 30], ['中央空调', 2, '暖通', 120], ['燃气锅炉', 3, '锅炉', 0],
] as const;
/** code, name, kind, parent code, location index, equipment index, base per 15 min (leaves). */
const METERS: [string, string, string, string | null, number, number | null, number][] = [
  ['E-000', '电总进线', 'electricity', null, 3, null, 0],
  ['E-100', '一号厂房总表', 'electricity', 'E-000', 0, null, 0],
  ['E-101', '1#空压机电表', 'electricity', 'E-100', 0, 0, 16],
  ['E-102', '2#空压机电表', 'electricity', 'E-100', 0, 1, 13],
  ['E-103', '注塑机A电表', 'electricity', 'E-100', 0, 2, 11],
  ['E-104', '注塑机B电表', 'electricity', 'E-100', 0, 3, 10],
  ['E-200', '二号厂房总表', 'electricity', 'E-000', 1, null, 0],
  ['E-201', '冷水机组电表', 'electricity', 'E-200', 1, 4, 24],
  ['E-202', '车间照明电表', 'electricity', 'E-200', 1, 5, 4],
  ['E-300', '办公楼总表', 'electricity', 'E-000', 2, null, 0],
  ['E-301', '中央空调电表', 'electricity', 'E-300', 2, 6, 18],
  ['E-302', '办公照明插座', 'electricity', 'E-300', 2, null, 5],
  ['W-000', '总水表', 'water', null, 3, null, 0],
  ['W-101', '一号厂房水表', 'water', 'W-000', 0, null, 1.2],
  ['W-301', '办公楼水表', 'water', 'W-000', 2, null, 0.6],
  ['W-401', '冷却塔补水表', 'water', 'W-000', 3, null, 1.8],
  ['G-000', '天然气总表', 'gas', null, 3, null, 0],
  ['G-401', '锅炉燃气表', 'gas', 'G-000', 3, 7, 9],
  ['S-000', '蒸汽总表', 'steam', null, 3, null, 0],
  ['S-201', '二号厂房蒸汽表', 'steam', 'S-000', 1, null, 0.35],
];
const DAYS = 60;

const one = async <T>(q: Promise<{ rows: T[] }>): Promise<T> => (await q).rows[0]!;

/** Creates the demo plant of a tenant with readings for the `days` days up to `now`. */
export async function createDemoEnergy(db: Kysely<Database>, tenantId: number, now: Date, days = DAYS): Promise<void> {
  const ent = await one(sql<{ id: number }>`INSERT INTO energy_enterprises (tenant_id, name, code, industry, address, area_m2, description)
    VALUES (${tenantId}, '华东示范制造有限公司', 'HD-001', '塑料制品制造', '上海市嘉定区示范路 88 号', 36000, '以注塑成型为主的示范工厂，配有空压站、冷站与燃气锅炉房。') RETURNING id`.execute(db));
  const kind = new Map<string, number>();
  for (const k of KINDS) {
    const row = await one(sql<{ id: number }>`INSERT INTO energy_kinds (tenant_id, code, name, unit, coal_factor) VALUES (${tenantId}, ${k.code}, ${k.name}, ${k.unit}, ${k.coal}) RETURNING id`.execute(db));
    kind.set(k.code, row.id);
    const year = now.getUTCFullYear();
    for (const y of [year - 1, year]) await sql`INSERT INTO energy_carbon_factors (tenant_id, kind_id, year, factor) VALUES (${tenantId}, ${row.id}, ${y}, ${k.carbon})`.execute(db);
    const tariff = await one(sql<{ id: number }>`INSERT INTO energy_tariffs (tenant_id, kind_id, name, valid_from) VALUES (${tenantId}, ${row.id}, ${`${k.name}价`}, '2020-01-01') RETURNING id`.execute(db));
    const periods = k.code === 'electricity' ? ELECTRICITY_PERIODS : ([['flat', 0, 24, k.price]] as const);
    for (const [period, s, e, price] of periods) {
      await sql`INSERT INTO energy_tariff_periods (tenant_id, tariff_id, period, start_hour, end_hour, price) VALUES (${tenantId}, ${tariff.id}, ${period}, ${s}, ${e}, ${price})`.execute(db);
    }
  }
  const locs: number[] = [];
  const site = await one(sql<{ id: number }>`INSERT INTO energy_locations (tenant_id, enterprise_id, name, location_type) VALUES (${tenantId}, ${ent.id}, '嘉定厂区', '厂区') RETURNING id`.execute(db));
  for (const name of LOCATIONS) {
    locs.push((await one(sql<{ id: number }>`INSERT INTO energy_locations (tenant_id, enterprise_id, parent_id, name, location_type) VALUES (${tenantId}, ${ent.id}, ${site.id}, ${name}, '建筑') RETURNING id`.execute(db))).id);
  }
  const equip: number[] = [];
  for (const [i, [name, loc, type, kw]] of EQUIPMENT.entries()) {
    equip.push((await one(sql<{ id: number }>`INSERT INTO energy_equipment (tenant_id, enterprise_id, location_id, name, code, equipment_type, rated_power_kw)
      VALUES (${tenantId}, ${ent.id}, ${locs[loc]}, ${name}, ${`EQ-${String(i + 1).padStart(3, '0')}`}, ${type}, ${kw}) RETURNING id`.execute(db))).id);
  }
  const meterId = new Map<string, number>();
  for (const [code, name, k, parent, loc, eq] of METERS) {
    meterId.set(code, (await one(sql<{ id: number }>`INSERT INTO energy_meters (tenant_id, enterprise_id, location_id, equipment_id, parent_id, kind_id, code, name)
      VALUES (${tenantId}, ${ent.id}, ${locs[loc]}, ${eq === null ? null : equip[eq]}, ${parent ? meterId.get(parent) : null}, ${kind.get(k)}, ${code}, ${name}) RETURNING id`.execute(db))).id);
  }
  const end = new Date(Math.floor(now.getTime() / 900_000) * 900_000);
  const start = new Date(end.getTime() - days * 86400_000);
  const months: Date[] = [];
  for (let d = new Date(start); d <= end; d = new Date(d.getTime() + 27 * 86400_000)) months.push(d);
  await ensureReadingPartitions(db, monthsOf([...months, end]));
  const leaves = METERS.filter(([, , , , , , base]) => base > 0);
  await sql`
    INSERT INTO energy_readings (tenant_id, meter_id, ts, value)
    SELECT ${tenantId}, l.m, g.ts, round((l.base
        * CASE WHEN extract(hour FROM g.ts AT TIME ZONE ${ENERGY_ZONE}) BETWEEN 8 AND 17 THEN 1.0
               WHEN extract(hour FROM g.ts AT TIME ZONE ${ENERGY_ZONE}) BETWEEN 6 AND 21 THEN 0.6 ELSE 0.25 END
        * CASE WHEN extract(isodow FROM g.ts AT TIME ZONE ${ENERGY_ZONE}) >= 6 THEN 0.55 ELSE 1.0 END
        * (0.9 + 0.2 * random()))::numeric, 3)
    FROM unnest(${leaves.map(([c]) => meterId.get(c)!)}::int[], ${leaves.map(([, , , , , , b]) => b)}::float8[]) AS l(m, base)
    CROSS JOIN generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, interval '15 minutes') AS g(ts)`.execute(db);
  // Parents after their children, deepest first: each is its children's sum plus a line loss.
  const parents = METERS.filter(([, , , , , , base]) => base === 0).reverse();
  for (const [code] of parents) {
    await sql`
      INSERT INTO energy_readings (tenant_id, meter_id, ts, value)
      SELECT ${tenantId}, ${meterId.get(code)}, r.ts, round(sum(r.value) * 1.025, 3)
      FROM energy_readings r JOIN energy_meters c ON c.id = r.meter_id AND c.tenant_id = ${tenantId} AND c.parent_id = ${meterId.get(code)}
      WHERE r.tenant_id = ${tenantId} GROUP BY r.ts`.execute(db);
  }
  await rebuildRollups(db, tenantId);
  // Statistics for the freshly bulk-loaded tables; the calls' plans do not need them (ADR 1043
  // addendum 2), the plant-wide joins of meters and kinds choose better with them.
  await sql`ANALYZE energy_readings, energy_rollups`.execute(db);
  await sql`
    UPDATE energy_meters m SET last_ts = l.ts, last_value = l.value
    FROM (SELECT DISTINCT ON (meter_id) meter_id, ts, value FROM energy_readings WHERE tenant_id = ${tenantId} ORDER BY meter_id, ts DESC) l
    WHERE m.tenant_id = ${tenantId} AND m.id = l.meter_id`.execute(db);
  // Plans of this year and the last: a month's plan is the roots' average day × its days; quota +10 %.
  await sql`
    INSERT INTO energy_plans (tenant_id, enterprise_id, kind_id, month, planned, quota)
    SELECT ${tenantId}, ${ent.id}, m.kind_id, mo::date, round(avg(d.value) * extract(day FROM (mo + interval '1 month' - interval '1 day')), 1),
      round(avg(d.value) * extract(day FROM (mo + interval '1 month' - interval '1 day')) * 1.1, 1)
    FROM energy_meters m JOIN energy_rollups d ON d.tenant_id = ${tenantId} AND d.grain = 'day' AND d.meter_id = m.id
    CROSS JOIN generate_series(date_trunc('year', ${end.toISOString()}::timestamptz AT TIME ZONE ${ENERGY_ZONE}) - interval '1 year',
      date_trunc('year', ${end.toISOString()}::timestamptz AT TIME ZONE ${ENERGY_ZONE}) + interval '11 months', interval '1 month') AS mo
    WHERE m.tenant_id = ${tenantId} AND m.parent_id IS NULL GROUP BY m.kind_id, mo`.execute(db);
  const alarms: [string, 'info' | 'warning' | 'critical', string, string, number, boolean][] = [
    ['E-101', 'warning', '负荷越限', '1#空压机负荷超过额定功率 90%', 2, false],
    ['E-201', 'critical', '需量超限', '冷水机组 15 分钟需量超过设定值', 5, true],
    ['W-401', 'warning', '用量异常', '冷却塔补水量较上周同期上升 35%', 1, false],
    ['G-401', 'info', '通讯恢复', '锅炉燃气表通讯中断 12 分钟后恢复', 9, true],
    ['E-302', 'info', '夜间用电', '办公照明插座夜间用电偏高', 3, true],
    ['S-201', 'critical', '压力异常', '二号厂房蒸汽压力低于下限', 0, false],
    ['E-103', 'warning', '功率因数低', '注塑机A功率因数低于 0.85', 12, true],
    ['E-000', 'critical', '总进线越限', '总进线负荷接近变压器容量', 20, true],
  ];
  for (const [code, level, type, message, daysAgo, cleared] of alarms) {
    const at = new Date(end.getTime() - daysAgo * 86400_000 - 3 * 3600_000);
    await sql`INSERT INTO energy_alarms (tenant_id, meter_id, level, alarm_type, message, occurred_at, cleared_at)
      VALUES (${tenantId}, ${meterId.get(code)}, ${level}, ${type}, ${message}, ${at.toISOString()}, ${cleared ? new Date(at.getTime() + 2 * 3600_000).toISOString() : null})`.execute(db);
  }
}

/** Whether the tenant has any energy enterprise (the seed leaves such a tenant alone). */
export async function hasEnergyEnterprise(db: Kysely<Database>, tenantId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM energy_enterprises WHERE tenant_id = ${tenantId}`.execute(db);
  return r.rows[0]!.n > 0;
}
