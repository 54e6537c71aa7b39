/** The energy module's calls used by /energy-consumption (src/shared/contract/energy.ts, docs/api-energy.md). */
import type { Static } from 'typebox';
import { get } from './http';
import type { DataResponse } from './types';
import type { EnergyQuery, EnterpriseStatsAnswer, MeterPage, OverviewAnswer, PeakValleyAnswer } from '../../shared/contract/energy';

export type EnergyOverview = Static<typeof OverviewAnswer>['data'];
export type EnergyStats = Static<typeof EnterpriseStatsAnswer>['data'];
export type PeakValley = Static<typeof PeakValleyAnswer>['data'];
export type EnergyMeter = Static<typeof MeterPage>['rows'][number];

/** `GET /api/energy/qyzl`: today's, this month's and this year's use per kind, with counts. */
export async function getEnergyOverview(): Promise<EnergyOverview> {
  return (await get<DataResponse<EnergyOverview>>('/energy/qyzl')).data;
}

/** `GET /api/energy/qynhtj`: per kind, a value per day of the range. */
export async function getEnergyStats(q: EnergyQuery): Promise<EnergyStats> {
  return (await get<DataResponse<EnergyStats>>('/energy/qynhtj', q)).data;
}

/** `GET /api/energy/fflsdfx`: electricity split into 尖峰平谷 with costs. */
export async function getPeakValley(q: EnergyQuery): Promise<PeakValley> {
  return (await get<DataResponse<PeakValley>>('/energy/fflsdfx', q)).data;
}

/** `GET /api/energy/metering/list`: every meter (up to 1000) with its network parent. */
export async function getEnergyMeters(): Promise<EnergyMeter[]> {
  return (await get<{ rows: EnergyMeter[] }>('/energy/metering/list', { pageSize: 1000 })).rows;
}
