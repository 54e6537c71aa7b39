/**
 * `/api/energy/*` (spec 02 §7, docs/api-energy.md): the 34 GET calls of the energy module answer
 * from the model and the rollups of src/server/energy, within the caller's tenant, for holders of
 * `energy:data:query`; `POST /api/energy/readings` ingests a batch for holders of
 * `energy:reading:add`. Routes hold no SQL.
 */
import type { TSchema } from 'typebox';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import * as C from '../../../shared/contract/energy.js';
import type { EnergyCtx } from '../../energy/repositories/energyScope.js';
import { ingestReadings } from '../../energy/ingestReadings.js';
import { enterpriseProfile, listEnterprises, listEquipment, listLocations, listMeters, newestReadings, planSearchConditions } from '../../energy/repositories/energyCatalog.js';
import { deviceCurve, deviceLoad, deviceStates, meteringNetwork, realtimeData, runningState } from '../../energy/repositories/energyRealtime.js';
import {
  energyData, enterpriseOverview, enterpriseStatistics, equipmentEfficiency, equipmentRanking, equipmentReport, equipmentStatistics, locationComparison, locationUsage,
} from '../../energy/repositories/energyStatistics.js';
import { costReport, demand, peakValley, timeOfUseReport } from '../../energy/repositories/energyTimeOfUse.js';
import { carbonStatistics, indicatorAnalysis, monthOnMonth, planAnalysis, quotaManagement, yearOnYear } from '../../energy/repositories/energyPlans.js';
import { alarmReport, alarmSummary } from '../../energy/repositories/energyAlarms.js';

export const ENERGY_QUERY = 'energy:data:query';
export const ENERGY_INGEST = 'energy:reading:add';

type Answer = (c: EnergyCtx) => Promise<unknown>;
type Paged = (c: EnergyCtx) => Promise<{ rows: unknown[]; total: number }>;

/** path → answer schema and answer; `page` answers are `{rows, total}`, the rest `{data}`. */
const CALLS: [string, TSchema, Answer, 'data' | 'page'][] = [
  ['/energy/newest', C.NewestList, newestReadings, 'data'],
  ['/energy/nyjhSearchCondition/get', C.PlanConditionsAnswer, planSearchConditions, 'data'],
  ['/energy/enterprise/list', C.EnterprisePage, async (c) => { const rows = await listEnterprises(c); return { rows, total: rows.length }; }, 'page'],
  ['/energy/equipment/list', C.EquipmentPage, listEquipment, 'page'],
  ['/energy/location/list', C.LocationList, listLocations, 'data'],
  ['/energy/metering/list', C.MeterPage, listMeters, 'page'],
  ['/energy/qyzl', C.OverviewAnswer, enterpriseOverview, 'data'],
  ['/energy/sssj', C.RealtimeList, realtimeData, 'data'],
  ['/energy/jlwlt', C.NetworkList, meteringNetwork, 'data'],
  ['/energy/yxzt', C.RunningStateAnswer, runningState, 'data'],
  ['/energy/deviceState/list', C.DeviceStatePage, deviceStates, 'page'],
  ['/energy/sbqx', C.CurveAnswer, deviceCurve, 'data'],
  ['/energy/qynhtj', C.EnterpriseStatsAnswer, enterpriseStatistics, 'data'],
  ['/energy/sbnhtj', C.EquipmentStatsAnswer, equipmentStatistics, 'data'],
  ['/energy/sbnxdb', C.EfficiencyList, equipmentEfficiency, 'data'],
  ['/energy/fflsdfx', C.PeakValleyAnswer, peakValley, 'data'],
  ['/energy/tpftj', C.CarbonAnswer, carbonStatistics, 'data'],
  ['/energy/nhzlxegl', C.QuotaAnswer, quotaManagement, 'data'],
  ['/energy/sbfh', C.LoadAnswer, deviceLoad, 'data'],
  ['/energy/xlgl', C.DemandAnswer, demand, 'data'],
  ['/energy/nyjhfx', C.PlanAnalysisAnswer, planAnalysis, 'data'],
  ['/energy/nysj', C.EnergyDataPage, energyData, 'page'],
  ['/energy/tbfx', C.CompareAnswer, yearOnYear, 'data'],
  ['/energy/hbfx', C.CompareAnswer, monthOnMonth, 'data'],
  ['/energy/gjtjbb', C.AlarmReportAnswer, alarmReport, 'data'],
  ['/energy/tjdzbb', C.CostReportList, costReport, 'data'],
  ['/energy/sbjcbb', C.EquipmentReportList, equipmentReport, 'data'],
  ['/energy/yntjbb', C.LocationUsageList, locationUsage, 'data'],
  ['/energy/fstjbb', C.TimeOfUseList, timeOfUseReport, 'data'],
  ['/energy/bi/qyjj', C.EnterpriseProfileAnswer, enterpriseProfile, 'data'],
  ['/energy/bi/nhzbfx', C.IndicatorAnswer, indicatorAnalysis, 'data'],
  ['/energy/bi/yndb', C.LocationCompareList, locationComparison, 'data'],
  ['/energy/bi/sbynphb', C.RankingList, equipmentRanking, 'data'],
  ['/energy/bi/bjtj', C.AlarmSummaryAnswer, alarmSummary, 'data'],
];

/** The paths of the GET calls (docs and tests list them from here). */
export const ENERGY_GET_PATHS = CALLS.map(([p]) => p);

/** Registers the energy calls. */
export const energyRoutes: ContractPlugin = async (app) => {
  for (const [path, answer, run, kind] of CALLS) {
    app.get(path, { schema: { querystring: C.EnergyQuery, response: { 200: answer } } }, async (request) => {
      requirePermission(request.user, ENERGY_QUERY);
      const c: EnergyCtx = { db: app.readDb ?? app.db, tenantId: request.user.tenantId, now: app.now(), q: request.query };
      if (kind === 'page') {
        const { rows, total } = await (run as Paged)(c);
        return { code: 200 as const, msg: '查询成功', rows, total } as never;
      }
      return ok(await run(c), '查询成功') as never;
    });
  }

  app.post('/energy/readings', { schema: { body: C.ReadingsBody, response: { 200: C.ReadingsAnswer } } }, async (request) => {
    requirePermission(request.user, ENERGY_INGEST);
    return ok(await ingestReadings(app.db, request.user.tenantId, request.body.readings, app.now()));
  });
};
