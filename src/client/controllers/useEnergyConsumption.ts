/**
 * What /energy-consumption shows: the overview KPIs, the daily curve per kind and the 尖峰平谷
 * split of the last 30 days, and the meter tree. Refreshed every minute while open.
 */
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getEnergyMeters, getEnergyOverview, getEnergyStats, getPeakValley } from '../api/energy';
import { queryKeys } from '../api/queryKeys';

const REFRESH_MS = 60_000;

/** The four queries of the page. */
export function useEnergyConsumption() {
  const end = dayjs().format('YYYY-MM-DD');
  const start = dayjs().subtract(29, 'day').format('YYYY-MM-DD');
  const overview = useQuery({ queryKey: queryKeys.energy.overview(), queryFn: getEnergyOverview, refetchInterval: REFRESH_MS });
  const stats = useQuery({ queryKey: queryKeys.energy.stats(start, end), queryFn: () => getEnergyStats({ start, end }), refetchInterval: REFRESH_MS });
  const peakValley = useQuery({ queryKey: queryKeys.energy.peakValley(start, end), queryFn: () => getPeakValley({ start, end }), refetchInterval: REFRESH_MS });
  const meters = useQuery({ queryKey: queryKeys.energy.meters(), queryFn: getEnergyMeters });
  return {
    overview: overview.data, stats: stats.data, peakValley: peakValley.data, meters: meters.data ?? [],
    loading: overview.isLoading, failed: overview.isError,
  };
}
