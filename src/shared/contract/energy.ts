/**
 * `/api/energy/*` (spec 02 §7 lists the 34 GET paths and leaves their shapes to us; issue 33
 * item 3, docs/api-energy.md) and `POST /api/energy/readings` (batch ingestion). Every GET takes
 * the same closed query; what a call does not use it ignores. Numbers are JSON numbers (values
 * rounded to 4 decimals, rates in percent to 2), days `YYYY-MM-DD`, months `YYYY-MM`.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Closed, DataEnvelope, PageEnvelope, StrEnum } from './common.js';

const N = Type.Number();
const S = Type.String();
const I = Type.Integer();
const NullN = Type.Unsafe<number | null>({ type: ['number', 'null'] });
const NullI = Type.Unsafe<number | null>({ type: ['integer', 'null'] });
const NullS = Type.Unsafe<string | null>({ type: ['string', 'null'] });
const Obj = <P extends Record<string, TSchema>>(p: P) => Type.Object(p);
const List = <P extends Record<string, TSchema>>(p: P) => DataEnvelope(Type.Array(Type.Object(p)));

export const ENERGY_KIND_CODES = ['electricity', 'water', 'gas', 'steam'] as const;

/** The query of every energy GET (unknown parameters are a 400). */
export const EnergyQuery = Closed({
  enterpriseId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  locationId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  equipmentId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  meterId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  kind: Type.Optional(StrEnum(ENERGY_KIND_CODES)),
  start: Type.Optional(Type.String({ maxLength: 10 })),
  end: Type.Optional(Type.String({ maxLength: 10 })),
  date: Type.Optional(Type.String({ maxLength: 10 })),
  month: Type.Optional(Type.String({ maxLength: 7 })),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2999 })),
  grain: Type.Optional(StrEnum(['hour', 'day', 'month'] as const)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type EnergyQuery = Static<typeof EnergyQuery>;

/** `POST /api/energy/readings`: at most 20,000 readings (the server says so in Chinese beyond it). */
export const ReadingsBody = Closed({
  readings: Type.Array(Closed({ meterId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), ts: Type.String({ maxLength: 40 }), value: Type.Number() }), { maxItems: 100_000 }),
});
export type ReadingsBody = Static<typeof ReadingsBody>;
export const ReadingsAnswer = DataEnvelope(Obj({ written: I, meters: I }));

export const EnterprisePage = PageEnvelope(Obj({ id: I, name: S, code: S, industry: S, address: S, areaM2: N, description: S, meterCount: I, equipmentCount: I }));
export const LocationList = List({ id: I, enterpriseId: I, parentId: NullI, name: S, locationType: S });
export const EquipmentPage = PageEnvelope(Obj({ id: I, enterpriseId: I, locationId: NullI, locationName: NullS, name: S, code: S, equipmentType: S, ratedPowerKw: N }));
export const MeterPage = PageEnvelope(Obj({
  id: I, enterpriseId: I, locationId: NullI, locationName: NullS, equipmentId: NullI, equipmentName: NullS, parentId: NullI,
  kind: S, kindName: S, unit: S, code: S, name: S, lastTs: NullS, lastValue: NullN,
}));
export const NewestList = List({ meterId: I, code: S, name: S, kind: S, unit: S, ts: S, value: N });
export const PlanConditionsAnswer = DataEnvelope(Obj({
  enterprises: Type.Array(Obj({ id: I, name: S })), kinds: Type.Array(Obj({ code: S, name: S, unit: S })), years: Type.Array(I),
}));
export const EnterpriseProfileAnswer = DataEnvelope(Obj({
  id: I, name: S, code: S, industry: S, address: S, areaM2: N, description: S, meterCount: I, equipmentCount: I, locationCount: I, kinds: Type.Array(S),
}));

export const OverviewAnswer = DataEnvelope(Obj({
  date: S, kinds: Type.Array(Obj({ kind: S, name: S, unit: S, today: N, month: N, year: N })),
  monthCoalKg: N, monthCarbonKg: N, yearCoalKg: N, meterCount: I, equipmentCount: I, activeAlarms: I,
}));
export const RealtimeList = List({ meterId: I, code: S, name: S, kind: S, unit: S, ts: NullS, value: NullN, powerKw: NullN, today: N, online: Type.Boolean() });
export const NetworkList = List({ id: I, parentId: NullI, code: S, name: S, kind: S, unit: S, value: N, childrenSum: NullN, lossRate: NullN });
const DeviceState = { id: I, name: S, code: S, equipmentType: S, locationName: NullS, state: S, stateLabel: S, lastTs: NullS, lastValue: NullN, loadRate: NullN };
export const RunningStateAnswer = DataEnvelope(Obj({ total: I, running: I, stopped: I, offline: I, equipment: Type.Array(Obj({ id: I, name: S, state: S, stateLabel: S })) }));
export const DeviceStatePage = PageEnvelope(Obj(DeviceState));
export const CurveAnswer = DataEnvelope(Obj({ meterId: I, name: S, kind: S, unit: S, date: S, points: Type.Array(Obj({ t: S, value: N })), total: N }));
export const LoadAnswer = DataEnvelope(Obj({ meterId: I, name: S, date: S, ratedPowerKw: N, points: Type.Array(Obj({ t: S, kw: N })), maxKw: N, avgKw: N, loadRate: NullN }));

const KindTotal = Obj({ kind: S, name: S, unit: S, value: N, coalKg: N, carbonKg: N });
export const EnterpriseStatsAnswer = DataEnvelope(Obj({
  grain: S, start: S, end: S, buckets: Type.Array(S), series: Type.Array(Obj({ kind: S, name: S, unit: S, values: Type.Array(N) })), totals: Type.Array(KindTotal),
}));
export const EquipmentStatsAnswer = DataEnvelope(Obj({ total: N, rows: Type.Array(Obj({ equipmentId: I, name: S, equipmentType: S, unit: S, value: N, share: NullN })) }));
export const EfficiencyList = List({ equipmentId: I, name: S, ratedPowerKw: N, value: N, runningHours: I, avgKw: N, loadRate: NullN });
export const RankingList = List({ rank: I, equipmentId: I, name: S, unit: S, value: N });
export const EquipmentReportList = List({ equipmentId: I, name: S, equipmentType: S, ratedPowerKw: N, unit: S, value: N, runningHours: I, maxKw: N, avgKw: N, alarms: I });
export const EnergyDataPage = PageEnvelope(Obj({ meterId: I, code: S, name: S, kind: S, unit: S, grain: S, bucket: S, value: N, maxValue: N, samples: I }));
export const LocationUsageList = List({ locationId: I, locationName: S, kind: S, unit: S, value: N, coalKg: N, carbonKg: N });
export const LocationCompareList = List({ locationId: I, locationName: S, coalKg: N, carbonKg: N });

const Period = { sharp: N, peak: N, flat: N, valley: N, total: N, cost: N };
export const PeakValleyAnswer = DataEnvelope(Obj({
  kind: S, start: S, end: S, total: N, cost: N, avgPrice: NullN,
  periods: Type.Array(Obj({ period: S, label: S, value: N, cost: N, share: NullN })),
  tariff: Type.Array(Obj({ period: S, startHour: I, endHour: I, price: N })),
}));
export const TimeOfUseList = List({ day: S, ...Period });
export const CostReportList = List({ meterId: I, name: S, ...Period });
export const DemandAnswer = DataEnvelope(Obj({ start: S, end: S, days: Type.Array(Obj({ day: S, maxKw: N })), maxKw: N }));

export const QuotaAnswer = DataEnvelope(Obj({
  month: S, rows: Type.Array(Obj({ kind: S, name: S, unit: S, planned: NullN, quota: NullN, actual: N, rate: NullN, remaining: NullN, status: S })),
}));
export const PlanAnalysisAnswer = DataEnvelope(Obj({ year: I, rows: Type.Array(Obj({ month: S, kind: S, name: S, unit: S, planned: NullN, actual: N, rate: NullN })) }));
export const CarbonAnswer = DataEnvelope(Obj({ year: I, totalCarbonKg: N, rows: Type.Array(Obj({ month: S, kind: S, name: S, unit: S, value: N, factor: N, carbonKg: N })) }));
export const CompareAnswer = DataEnvelope(Obj({ year: I, rows: Type.Array(Obj({ month: S, kind: S, name: S, unit: S, current: N, previous: N, rate: NullN })) }));
export const IndicatorAnswer = DataEnvelope(Obj({
  month: S, areaM2: N, coalKg: N, coalPerM2Kg: NullN,
  rows: Type.Array(Obj({ kind: S, name: S, unit: S, actual: N, planned: NullN, planRate: NullN, momRate: NullN, coalKg: N })),
}));

export const AlarmReportAnswer = DataEnvelope(Obj({ total: I, rows: Type.Array(Obj({ alarmType: S, level: S, levelLabel: S, count: I, cleared: I, active: I })) }));
export const AlarmSummaryAnswer = DataEnvelope(Obj({
  total: I, active: I, byLevel: Type.Array(Obj({ level: S, label: S, count: I })),
  recent: Type.Array(Obj({ id: I, level: S, levelLabel: S, alarmType: S, message: S, meterName: NullS, occurredAt: S, clearedAt: NullS })),
}));
