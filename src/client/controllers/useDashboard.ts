/**
 * A dashboard and its panels' data: the definition by id or by page path (the cockpit), then
 * the data, fetched again every `refreshSeconds` while the page is open.
 */
import { useQuery } from '@tanstack/react-query';
import { getDashboard, getDashboardByKey, getDashboardData, type Dashboard, type PanelData } from '../api/dashboards';
import { queryKeys } from '../api/queryKeys';

/** Which dashboard: its id, or its page path key. */
export type DashboardRef = { id: number } | { key: string };

/** The dashboard, its data by panel id (narrowed by the page parameter `param`), and whether the definition failed to load. */
export function useDashboard(ref: DashboardRef, param?: string) {
  const def = useQuery<Dashboard>({
    queryKey: 'id' in ref ? queryKeys.dashboards.one(ref.id) : queryKeys.dashboards.byKey(ref.key),
    queryFn: () => ('id' in ref ? getDashboard(ref.id) : getDashboardByKey(ref.key)),
    retry: false,
  });
  const dashboard = def.data;
  const data = useQuery<PanelData[]>({
    queryKey: [...queryKeys.dashboards.data(dashboard?.id ?? 0, dashboard?.version ?? 0), param ?? ''],
    queryFn: () => getDashboardData(dashboard!.id, param),
    enabled: !!dashboard,
    refetchInterval: dashboard ? dashboard.refreshSeconds * 1000 : false,
  });
  const byPanel = new Map((data.data ?? []).map((p) => [p.id, p]));
  return { dashboard, loading: def.isLoading, failed: def.isError, byPanel, updatedAt: data.dataUpdatedAt };
}
