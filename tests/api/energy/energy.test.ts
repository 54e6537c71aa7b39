/**
 * The energy module (issue 33 item 3, docs/api-energy.md) on a small fixture whose answers are
 * computed by hand: a root electricity meter with one sub-meter on a 40 kW machine, a water meter,
 * a tariff 谷 0–8 0.3 / 峰 8–12 1.0 / 平 12–24 0.6, a carbon factor 0.5, a March plan. The clock
 * stands at 2026-03-15 12:00 local (04:00Z). Local day 2026-03-10 starts at 2026-03-09T16:00Z.
 * Readings go in through POST /api/energy/readings; then late and repeated readings must leave the
 * rollups equal to a GROUP BY over the raw rows. Tenants are kept apart and permissions enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { m183EnergyMenu } from '../../../src/server/db/migrations/183_energy_menu.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
let root = 0;
let sub = 0;
let water = 0;
let machine = 0;

const one = async <T>(q: Promise<{ rows: T[] }>) => (await q).rows[0]!;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-03-15T04:00:00Z') });
  admin = as(t, await t.login());
  staff = as(t, await t.login('DEFAULT', 'staff'));
  other = as(t, await t.login('T2'));
  const tid = (await one(sql<{ id: number }>`SELECT id FROM tenants WHERE code = 'DEFAULT'`.execute(t.db))).id;
  const db = t.db;
  const ent = (await one(sql<{ id: number }>`INSERT INTO energy_enterprises (tenant_id, name, area_m2) VALUES (${tid}, '测试工厂', 100) RETURNING id`.execute(db))).id;
  const loc = (await one(sql<{ id: number }>`INSERT INTO energy_locations (tenant_id, enterprise_id, name) VALUES (${tid}, ${ent}, '一车间') RETURNING id`.execute(db))).id;
  const elec = (await one(sql<{ id: number }>`INSERT INTO energy_kinds (tenant_id, code, name, unit, coal_factor) VALUES (${tid}, 'electricity', '电', 'kWh', 0.1229) RETURNING id`.execute(db))).id;
  const wat = (await one(sql<{ id: number }>`INSERT INTO energy_kinds (tenant_id, code, name, unit, coal_factor) VALUES (${tid}, 'water', '水', 'm³', 0) RETURNING id`.execute(db))).id;
  machine = (await one(sql<{ id: number }>`INSERT INTO energy_equipment (tenant_id, enterprise_id, location_id, name, rated_power_kw) VALUES (${tid}, ${ent}, ${loc}, '注塑机', 40) RETURNING id`.execute(db))).id;
  root = (await one(sql<{ id: number }>`INSERT INTO energy_meters (tenant_id, enterprise_id, location_id, kind_id, code, name) VALUES (${tid}, ${ent}, ${loc}, ${elec}, 'E0', '总表') RETURNING id`.execute(db))).id;
  sub = (await one(sql<{ id: number }>`INSERT INTO energy_meters (tenant_id, enterprise_id, location_id, equipment_id, parent_id, kind_id, code, name) VALUES (${tid}, ${ent}, ${loc}, ${machine}, ${root}, ${elec}, 'E1', '注塑机电表') RETURNING id`.execute(db))).id;
  water = (await one(sql<{ id: number }>`INSERT INTO energy_meters (tenant_id, enterprise_id, location_id, kind_id, code, name) VALUES (${tid}, ${ent}, ${loc}, ${wat}, 'W0', '水表') RETURNING id`.execute(db))).id;
  const tariff = (await one(sql<{ id: number }>`INSERT INTO energy_tariffs (tenant_id, kind_id, name, valid_from) VALUES (${tid}, ${elec}, '电价', '2020-01-01') RETURNING id`.execute(db))).id;
  for (const [p, s, e, price] of [['valley', 0, 8, 0.3], ['peak', 8, 12, 1], ['flat', 12, 24, 0.6]] as const) {
    await sql`INSERT INTO energy_tariff_periods (tenant_id, tariff_id, period, start_hour, end_hour, price) VALUES (${tid}, ${tariff}, ${p}, ${s}, ${e}, ${price})`.execute(db);
  }
  await sql`INSERT INTO energy_carbon_factors (tenant_id, kind_id, year, factor) VALUES (${tid}, ${elec}, 2026, 0.5)`.execute(db);
  await sql`INSERT INTO energy_plans (tenant_id, enterprise_id, kind_id, month, planned, quota) VALUES (${tid}, ${ent}, ${elec}, '2026-03-01', 20, 16)`.execute(db);
  await sql`INSERT INTO energy_alarms (tenant_id, meter_id, level, alarm_type, message, occurred_at) VALUES (${tid}, ${sub}, 'warning', '负荷越限', '注塑机负荷越限', '2026-03-10T01:00:00Z')`.execute(db);
  const res = await admin.post('/api/energy/readings', { readings: [
    { meterId: root, ts: '2026-03-09T23:00:00Z', value: 5 }, // 07:00 谷
    { meterId: root, ts: '2026-03-10T01:00:00Z', value: 6 }, // 09:00 峰
    { meterId: root, ts: '2026-03-10T05:30:00Z', value: 4 }, // 13:30 平
    { meterId: root, ts: '2026-02-10T02:00:00Z', value: 10 }, // February
    { meterId: root, ts: '2025-03-05T02:00:00+00:00', value: 12 }, // a year earlier
    { meterId: sub, ts: '2026-03-09T23:00:00Z', value: 2 },
    { meterId: sub, ts: '2026-03-09T23:15:00Z', value: 2 },
    { meterId: sub, ts: '2026-03-10T01:00:00Z', value: 5 },
    { meterId: sub, ts: '2026-03-10T05:30:00Z', value: 3 },
    { meterId: water, ts: '2026-03-10T02:00:00Z', value: 1.5 },
  ] });
  expect(res.body).toMatchObject({ code: 200, data: { written: 10, meters: 3 } });
});
afterAll(async () => {
  await t?.close();
});

const MARCH = 'start=2026-03-01&end=2026-03-15';

describe('the energy calls on the fixture', () => {
  it('lists the catalogue and the latest readings', async () => {
    const meters = await admin.get('/api/energy/metering/list?kind=electricity');
    expect(meters.body).toMatchObject({ code: 200, total: 2 });
    expect(meters.body.rows[1]).toMatchObject({ id: sub, parentId: root, equipmentName: '注塑机', lastTs: '2026-03-10T05:30:00.000Z', lastValue: 3 });
    expect((await admin.get('/api/energy/enterprise/list')).body.rows[0]).toMatchObject({ name: '测试工厂', meterCount: 3, equipmentCount: 1 });
    expect((await admin.get('/api/energy/equipment/list')).body.rows).toMatchObject([{ id: machine, locationName: '一车间', ratedPowerKw: 40 }]);
    expect((await admin.get('/api/energy/location/list')).body.data).toMatchObject([{ name: '一车间', parentId: null }]);
    expect((await admin.get('/api/energy/newest?limit=1')).body.data).toEqual([
      { meterId: root, code: 'E0', name: '总表', kind: 'electricity', unit: 'kWh', ts: '2026-03-10T05:30:00.000Z', value: 4 },
    ]);
    expect((await admin.get('/api/energy/nyjhSearchCondition/get')).body.data).toMatchObject({ years: [2026], kinds: [{ code: 'electricity' }, { code: 'water' }] });
    expect((await admin.get('/api/energy/bi/qyjj')).body.data).toMatchObject({ name: '测试工厂', locationCount: 1, kinds: ['电', '水'] });
  });

  it('sums the network roots by day and kind, with the loss of a parent against its sub-meters', async () => {
    const stats = (await admin.get(`/api/energy/qynhtj?${MARCH}`)).body.data;
    expect(stats.buckets).toHaveLength(15);
    expect(stats.series[0].values[9]).toBe(15);
    expect(stats.series[0].values.reduce((s: number, v: number) => s + v, 0)).toBe(15);
    expect(stats.series[1].values[9]).toBe(1.5);
    expect(stats.totals[0]).toEqual({ kind: 'electricity', name: '电', unit: 'kWh', value: 15, coalKg: 1.8435, carbonKg: 7.5 });
    const byMonth = (await admin.get('/api/energy/qynhtj?start=2026-02-01&end=2026-03-31&grain=month')).body.data;
    expect(byMonth.buckets).toEqual(['2026-02', '2026-03']);
    expect(byMonth.series[0].values).toEqual([10, 15]);
    const net = (await admin.get(`/api/energy/jlwlt?${MARCH}&kind=electricity`)).body.data;
    expect(net.find((n: { id: number }) => n.id === root)).toMatchObject({ value: 15, childrenSum: 12, lossRate: 20 });
    const overview = (await admin.get('/api/energy/qyzl')).body.data;
    expect(overview).toMatchObject({ date: '2026-03-15', meterCount: 3, equipmentCount: 1, activeAlarms: 1 });
    expect(overview.kinds[0]).toMatchObject({ kind: 'electricity', today: 0, month: 15, year: 25 });
  });

  it('splits consumption by the tariff periods and costs it', async () => {
    const pv = (await admin.get(`/api/energy/fflsdfx?${MARCH}`)).body.data;
    expect(pv).toMatchObject({ kind: 'electricity', total: 15, cost: 9.9, avgPrice: 0.66 });
    expect(pv.periods).toEqual([
      { period: 'sharp', label: '尖', value: 0, cost: 0, share: 0 },
      { period: 'peak', label: '峰', value: 6, cost: 6, share: 40 },
      { period: 'flat', label: '平', value: 4, cost: 2.4, share: 26.67 },
      { period: 'valley', label: '谷', value: 5, cost: 1.5, share: 33.33 },
    ]);
    expect((await admin.get(`/api/energy/fstjbb?${MARCH}`)).body.data).toEqual([{ day: '2026-03-10', sharp: 0, peak: 6, flat: 4, valley: 5, total: 15, cost: 9.9 }]);
    const cost = (await admin.get(`/api/energy/tjdzbb?${MARCH}`)).body.data;
    expect(cost.find((r: { meterId: number }) => r.meterId === sub)).toEqual({ meterId: sub, name: '注塑机电表', sharp: 0, peak: 5, flat: 3, valley: 4, total: 12, cost: 8.0 });
    expect((await admin.get(`/api/energy/xlgl?${MARCH}`)).body.data).toEqual({ start: '2026-03-01', end: '2026-03-15', days: [{ day: '2026-03-10', maxKw: 24 }], maxKw: 24 });
  });

  it('answers a device curve, load, statistics and efficiency', async () => {
    const curve = (await admin.get(`/api/energy/sbqx?meterId=${sub}&date=2026-03-10`)).body.data;
    expect(curve.points).toEqual([{ t: '07:00', value: 2 }, { t: '07:15', value: 2 }, { t: '09:00', value: 5 }, { t: '13:30', value: 3 }]);
    expect(curve.total).toBe(12);
    const load = (await admin.get(`/api/energy/sbfh?equipmentId=${machine}&date=2026-03-10`)).body.data;
    expect(load).toMatchObject({ meterId: sub, maxKw: 20, avgKw: 12, ratedPowerKw: 40, loadRate: 30 });
    expect((await admin.get(`/api/energy/sbnhtj?${MARCH}`)).body.data).toEqual({ total: 12, rows: [{ equipmentId: machine, name: '注塑机', equipmentType: '', unit: 'kWh', value: 12, share: 100 }] });
    // Three hours hold consumption (07, 09, 13): 12 kWh / 3 h = 4 kW on a 40 kW machine.
    expect((await admin.get(`/api/energy/sbnxdb?${MARCH}`)).body.data).toEqual([{ equipmentId: machine, name: '注塑机', ratedPowerKw: 40, value: 12, runningHours: 3, avgKw: 4, loadRate: 10 }]);
    expect((await admin.get(`/api/energy/bi/sbynphb?${MARCH}`)).body.data).toEqual([{ rank: 1, equipmentId: machine, name: '注塑机', unit: 'kWh', value: 12 }]);
    expect((await admin.get(`/api/energy/sbjcbb?${MARCH}`)).body.data[0]).toMatchObject({ value: 12, runningHours: 3, maxKw: 20, avgKw: 4, alarms: 1 });
    const data = (await admin.get(`/api/energy/nysj?${MARCH}&grain=hour&meterId=${sub}`)).body;
    expect(data.total).toBe(3);
    expect(data.rows[2]).toMatchObject({ bucket: '2026-03-10 07:00', value: 4, maxValue: 2, samples: 2 });
    expect((await admin.get(`/api/energy/yntjbb?${MARCH}`)).body.data).toEqual([
      { locationId: expect.any(Number), locationName: '一车间', kind: 'electricity', unit: 'kWh', value: 15, coalKg: 1.8435, carbonKg: 7.5 },
      { locationId: expect.any(Number), locationName: '一车间', kind: 'water', unit: 'm³', value: 1.5, coalKg: 0, carbonKg: 0 },
    ]);
  });

  it('compares with plans, quotas, last year and last month, and counts carbon', async () => {
    expect((await admin.get('/api/energy/nhzlxegl?month=2026-03')).body.data.rows[0]).toEqual({
      kind: 'electricity', name: '电', unit: 'kWh', planned: 20, quota: 16, actual: 15, rate: 93.75, remaining: 1, status: '预警' });
    const plan = (await admin.get('/api/energy/nyjhfx?year=2026&kind=electricity')).body.data.rows;
    expect(plan[2]).toEqual({ month: '2026-03', kind: 'electricity', name: '电', unit: 'kWh', planned: 20, actual: 15, rate: 75 });
    const yoy = (await admin.get('/api/energy/tbfx?year=2026&kind=electricity')).body.data.rows;
    expect(yoy[2]).toMatchObject({ month: '2026-03', current: 15, previous: 12, rate: 25 });
    expect(yoy[1]).toMatchObject({ month: '2026-02', current: 10, previous: 0, rate: null });
    const mom = (await admin.get('/api/energy/hbfx?year=2026&kind=electricity')).body.data.rows;
    expect(mom[2]).toMatchObject({ month: '2026-03', current: 15, previous: 10, rate: 50 });
    const carbon = (await admin.get('/api/energy/tpftj?year=2026')).body.data;
    expect(carbon.totalCarbonKg).toBe(12.5);
    expect(carbon.rows[2]).toEqual({ month: '2026-03', kind: 'electricity', name: '电', unit: 'kWh', value: 15, factor: 0.5, carbonKg: 7.5 });
    const ind = (await admin.get('/api/energy/bi/nhzbfx?month=2026-03')).body.data;
    expect(ind).toMatchObject({ month: '2026-03', areaM2: 100, coalKg: 1.8435, coalPerM2Kg: 0.0184 });
    expect(ind.rows[0]).toMatchObject({ actual: 15, planned: 20, planRate: 75, momRate: 50 });
    expect((await admin.get('/api/energy/bi/yndb?' + MARCH)).body.data).toMatchObject([{ locationName: '一车间', coalKg: 1.8435, carbonKg: 7.5 }]);
  });

  it('reports alarms', async () => {
    expect((await admin.get(`/api/energy/gjtjbb?${MARCH}`)).body.data).toEqual({ total: 1, rows: [{ alarmType: '负荷越限', level: 'warning', levelLabel: '警告', count: 1, cleared: 0, active: 1 }] });
    const bi = (await admin.get('/api/energy/bi/bjtj')).body.data;
    expect(bi).toMatchObject({ total: 1, active: 1, recent: [{ meterName: '注塑机电表', occurredAt: '2026-03-10T01:00:00.000Z', clearedAt: null }] });
    expect(bi.byLevel).toEqual([{ level: 'info', label: '提示', count: 0 }, { level: 'warning', label: '警告', count: 1 }, { level: 'critical', label: '严重', count: 0 }]);
  });
});

describe('ingestion', () => {
  const truth = async () => (await sql<{ grain: string; bucket: string; value: string }>`
    SELECT 'hour' AS grain, to_char(date_trunc('hour', ts AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD HH24') AS bucket, sum(value)::text AS value FROM energy_readings WHERE meter_id = ${root} GROUP BY 2
    UNION ALL SELECT 'day', to_char(date_trunc('day', ts AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD HH24'), sum(value)::text FROM energy_readings WHERE meter_id = ${root} GROUP BY 2
    UNION ALL SELECT 'month', to_char(date_trunc('month', ts AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD HH24'), sum(value)::text FROM energy_readings WHERE meter_id = ${root} GROUP BY 2
    ORDER BY 1, 2`.execute(t.db)).rows.map((r) => ({ ...r, value: Number(r.value) }));
  const rollups = async () => (await sql<{ grain: string; bucket: string; value: string }>`
    SELECT grain, to_char(bucket, 'YYYY-MM-DD HH24') AS bucket, value::text AS value FROM energy_rollups WHERE meter_id = ${root} ORDER BY 1, 2`.execute(t.db)).rows.map((r) => ({ ...r, value: Number(r.value) }));

  it('keeps the rollups exact after late and repeated readings', async () => {
    const res = await admin.post('/api/energy/readings', { readings: [
      { meterId: root, ts: '2026-03-09T23:30:00Z', value: 1 }, // late, 07:30 谷
      { meterId: root, ts: '2026-03-10T01:00:00Z', value: 7 }, // repeated 09:00, replaced…
      { meterId: root, ts: '2026-03-10T01:00:00.000Z', value: 8 }, // …and again in the same batch: the last wins
      { meterId: root, ts: '2026-03-10T09:00:00+08:00', value: 8 }, // the same instant written in local time
    ] });
    expect(res.body).toMatchObject({ code: 200, data: { written: 2, meters: 1 } });
    expect(await rollups()).toEqual(await truth());
    const pv = (await admin.get(`/api/energy/fflsdfx?${MARCH}`)).body.data;
    expect(pv).toMatchObject({ total: 18, cost: 12.2 }); // 谷 6 × 0.3 + 峰 8 × 1 + 平 4 × 0.6
    expect((await admin.get('/api/energy/nhzlxegl?month=2026-03')).body.data.rows[0]).toMatchObject({ actual: 18, rate: 112.5, status: '超限' });
    // An older reading does not move the meter's latest one back.
    const meters = (await admin.get('/api/energy/metering/list?kind=electricity')).body.rows;
    expect(meters[0]).toMatchObject({ lastTs: '2026-03-10T05:30:00.000Z', lastValue: 4 });
  });

  it('keeps every rollup (sum, largest value, samples) equal to the raw rows after a big batch and a batch mixing late, repeated and new readings', async () => {
    const tid = (await one(sql<{ id: number }>`SELECT id FROM tenants WHERE code = 'DEFAULT'`.execute(t.db))).id;
    const { enterprise_id: ent, kind_id: kind } = await one(sql<{ enterprise_id: number; kind_id: number }>`SELECT enterprise_id, kind_id FROM energy_meters WHERE id = ${root}`.execute(t.db));
    const add = async (code: string) => (await one(sql<{ id: number }>`INSERT INTO energy_meters (tenant_id, enterprise_id, kind_id, code, name) VALUES (${tid}, ${ent}, ${kind}, ${code}, ${code}) RETURNING id`.execute(t.db))).id;
    const a = await add('BULK-A');
    const b = await add('BULK-B');
    const from = Date.parse('2025-12-20T00:00:00Z');
    const at = (k: number) => new Date(from + k * 900_000).toISOString();
    // 2 × 1,500 slots (15.6 days over a month and a year end), every 7th slot left out for later.
    const first = [a, b].flatMap((m) => Array.from({ length: 1500 }, (_, k) => k).filter((k) => k % 7 !== 3).map((k) => ({ meterId: m, ts: at(k), value: (k % 9) + 1 })));
    expect((await admin.post('/api/energy/readings', { readings: first })).body).toMatchObject({ code: 200, data: { written: first.length, meters: 2 } });
    const second = [
      ...Array.from({ length: 200 }, (_, i) => ({ meterId: a, ts: at(i * 7 + 3), value: 20 })), // late: the gaps, the hour's new largest value
      ...Array.from({ length: 200 }, (_, i) => ({ meterId: b, ts: at(i * 7 + 8), value: 0.5 })), // repeated: replaces, also a former largest value
      ...Array.from({ length: 100 }, (_, i) => ({ meterId: b, ts: at(i * 7 + 8), value: 0.25 })), // repeated in the batch: the last wins
      ...Array.from({ length: 150 }, (_, i) => ({ meterId: a, ts: at(1500 + i), value: 2 })), // new, after the latest
    ];
    expect((await admin.post('/api/energy/readings', { readings: second })).body).toMatchObject({ code: 200, data: { written: 550, meters: 2 } });
    const norm = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'bucket' || k === 'grain' ? v : Number(v)])));
    const stored = norm((await sql<Record<string, unknown>>`
      SELECT grain, meter_id, to_char(bucket, 'YYYY-MM-DD HH24') AS bucket, value::text AS value, max_value::text AS max, samples
      FROM energy_rollups WHERE meter_id IN (${a}, ${b}) ORDER BY 1, 2, 3`.execute(t.db)).rows);
    const truth = norm((await sql<Record<string, unknown>>`
      SELECT g.grain, r.meter_id, to_char(date_trunc(g.grain, r.ts AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM-DD HH24') AS bucket,
        sum(r.value)::text AS value, max(r.value)::text AS max, count(*)::int AS samples
      FROM energy_readings r CROSS JOIN (VALUES ('hour'), ('day'), ('month')) AS g(grain)
      WHERE r.meter_id IN (${a}, ${b}) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(t.db)).rows);
    expect(truth.filter((r) => r.grain === 'month')).toHaveLength(4);
    expect(stored).toEqual(truth);
    const last = (await sql<{ id: number; last_ts: Date; last_value: string }>`SELECT id, last_ts, last_value::text FROM energy_meters WHERE id IN (${a}, ${b}) ORDER BY id`.execute(t.db)).rows;
    expect(last.map((r) => [new Date(r.last_ts).toISOString(), Number(r.last_value)])).toEqual([[at(1649), 2], [at(1499), (1499 % 9) + 1]]);
    await sql`DELETE FROM energy_rollups WHERE meter_id IN (${a}, ${b})`.execute(t.db);
    await sql`DELETE FROM energy_readings WHERE meter_id IN (${a}, ${b})`.execute(t.db);
    await sql`DELETE FROM energy_meters WHERE id IN (${a}, ${b})`.execute(t.db);
  });

  it('shows a meter online and its equipment running from a fresh reading', async () => {
    expect((await admin.get('/api/energy/yxzt')).body.data).toMatchObject({ total: 1, running: 0, offline: 1 });
    await admin.post('/api/energy/readings', { readings: [{ meterId: sub, ts: '2026-03-15T03:45:00Z', value: 2.5 }] });
    expect((await admin.get('/api/energy/yxzt')).body.data).toMatchObject({ total: 1, running: 1, stopped: 0, offline: 0, equipment: [{ stateLabel: '运行' }] });
    expect((await admin.get('/api/energy/deviceState/list')).body.rows[0]).toMatchObject({ state: 'running', lastValue: 2.5, loadRate: 25 });
    const rt = (await admin.get('/api/energy/sssj?kind=electricity')).body.data;
    expect(rt.find((r: { meterId: number }) => r.meterId === sub)).toMatchObject({ online: true, value: 2.5, powerKw: 10, today: 2.5 });
    expect(rt.find((r: { meterId: number }) => r.meterId === root)).toMatchObject({ online: false, today: 0 });
  });

  it('refuses bad batches in Chinese and writes nothing of them', async () => {
    const too = Array.from({ length: 20_001 }, (_, i) => ({ meterId: water, ts: new Date(Date.UTC(2026, 0, 1) + i * 900_000).toISOString(), value: 1 }));
    const big = await admin.post('/api/energy/readings', { readings: too });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('每次最多提交 20000 条读数，本次 20001 条');
    const cases: [unknown, string][] = [
      [{ meterId: water, ts: '2026-03-10T02:07:00Z', value: 1 }, '第 2 条读数的时间「2026-03-10T02:07:00Z」未对齐到 15 分钟'],
      [{ meterId: water, ts: '2026-03-10 02:00', value: 1 }, '第 2 条读数的时间「2026-03-10 02:00」无效，应为带时区的 ISO 时间'],
      [{ meterId: water, ts: '2026-03-10T02:00:00Z', value: -1 }, '第 2 条读数的数值无效，应为 0 到 1000000000 之间的数'],
      [{ meterId: water, ts: '2026-04-10T02:00:00Z', value: 1 }, '第 2 条读数的时间「2026-04-10T02:00:00Z」超出允许范围'],
      [{ meterId: 999999, ts: '2026-03-10T02:00:00Z', value: 1 }, '计量点 999999 不存在'],
    ];
    for (const [bad, msg] of cases) {
      const res = await admin.post('/api/energy/readings', { readings: [{ meterId: water, ts: '2026-03-11T02:00:00Z', value: 9 }, bad] });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await admin.post('/api/energy/readings', { readings: [] })).body.msg).toBe('读数不能为空');
    const written = await sql<{ n: number }>`SELECT count(*)::int AS n FROM energy_readings WHERE meter_id = ${water}`.execute(t.db);
    expect(written.rows[0]!.n).toBe(1);
    expect((await admin.get('/api/energy/qynhtj?start=2026-03-10&end=2026-03-01')).body).toMatchObject({ code: 400, msg: '结束日期不能早于开始日期' });
    expect((await admin.get('/api/energy/qynhtj?start=2026-02-30')).status).toBe(400);
    expect((await admin.get('/api/energy/qynhtj?bogus=1')).status).toBe(400);
    expect((await admin.get('/api/energy/sbqx')).body).toMatchObject({ code: 400, msg: '请指定计量点（meterId）或设备（equipmentId）' });
    expect((await admin.get(`/api/energy/sbfh?meterId=${water}`)).body).toMatchObject({ code: 400, msg: '负荷分析只适用于电表' });
  });
});

describe('tenants and permissions', () => {
  it('keeps another tenant out of the data', async () => {
    expect((await other.get('/api/energy/sssj')).body).toEqual({ code: 200, msg: '查询成功', data: [] });
    expect((await other.get('/api/energy/metering/list')).body).toMatchObject({ rows: [], total: 0 });
    expect((await other.get(`/api/energy/sbqx?meterId=${sub}&date=2026-03-10`)).status).toBe(404);
    expect((await other.get(`/api/energy/qynhtj?${MARCH}`)).body.data.series).toEqual([]);
    const res = await other.post('/api/energy/readings', { readings: [{ meterId: sub, ts: '2026-03-10T02:00:00Z', value: 99 }] });
    expect(res.body).toMatchObject({ code: 400, msg: `计量点 ${sub} 不存在` });
    expect((await admin.get(`/api/energy/sbqx?meterId=${sub}&date=2026-03-10`)).body.data.total).toBe(12);
  });

  it('needs energy:data:query to read and energy:reading:add to write', async () => {
    expect((await staff.get('/api/energy/qyzl')).status).toBe(403);
    expect((await staff.post('/api/energy/readings', { readings: [{ meterId: water, ts: '2026-03-10T02:00:00Z', value: 1 }] })).status).toBe(403);
    expect((await as(t, null).get('/api/energy/qyzl')).status).toBe(401);
    const role = await admin.post('/api/system/role', { roleName: '能源查看', roleKey: 'energy_viewer', permissions: ['energy:data:query'] });
    await admin.post('/api/system/user', { userName: 'energy1', nickName: '能源', password: 'energy123', roleIds: [role.body.data.roleId] });
    const viewer = as(t, await t.login('DEFAULT', 'energy1', 'energy123'));
    expect((await viewer.get('/api/energy/qyzl')).status).toBe(200);
    expect((await viewer.post('/api/energy/readings', { readings: [{ meterId: water, ts: '2026-03-10T02:00:00Z', value: 1 }] })).status).toBe(403);
  });

  it('offers 能耗监测 in the 系统管理 menu to holders of energy:data:query, also for a tenant seeded before it (migration 183)', async () => {
    const routers = (await admin.get('/api/getRouters')).body.data as { path: string; children?: { path: string; component?: string; meta: { title: string } }[] }[];
    expect(routers.find((r) => r.path === '/system')!.children!.find((c) => c.meta.title === '能耗监测')).toMatchObject({ component: 'energy/index' });
    expect(JSON.stringify((await staff.get('/api/getRouters')).body.data)).not.toContain('能耗监测');
    const energyMenus = async () => (await sql<{ tenant: string; order_num: number; last: number }>`SELECT tn.code AS tenant, m.order_num,
      (SELECT max(s.order_num) FROM menus s WHERE s.parent_id = m.parent_id AND s.tenant_id = m.tenant_id) AS last
      FROM menus m JOIN tenants tn ON tn.id = m.tenant_id WHERE m.path = '/energy-consumption' ORDER BY tn.code`.execute(t.db)).rows;
    await sql`DELETE FROM menus WHERE path = '/energy-consumption' AND tenant_id = (SELECT id FROM tenants WHERE code = 'T2')`.execute(t.db);
    await m183EnergyMenu.up(t.db);
    const after = await energyMenus();
    expect(after.map((m) => m.tenant)).toEqual(['DEFAULT', 'T2']);
    // The migration puts it last of the group (the seed puts it before 制度发布, as migration 183 runs before 185).
    const t2 = after.find((m) => m.tenant === 'T2')!;
    expect(Number(t2.order_num)).toBe(Number(t2.last));
    await m183EnergyMenu.up(t.db);
    expect(await energyMenus()).toEqual(after);
  });
});
