/**
 * A public dashboard (ADR 1056) as a signed-out visitor reads it: definition and data in one
 * call, fetched again every `refreshSeconds` (the browser's HTTP cache revalidates with the
 * server's ETag underneath).
 */
import { useQuery } from '@tanstack/react-query';
import { getPublicDashboard } from '../api/dashboards';

/** The tenant's public dashboard at page key `key`. */
export function usePublicDashboard(key: string, tenantCode: string) {
  const q = useQuery({
    queryKey: ['dashboards', 'public', tenantCode, key],
    queryFn: () => getPublicDashboard(key, tenantCode),
    retry: false,
    refetchInterval: (query) => (query.state.data ? query.state.data.refreshSeconds * 1000 : false),
  });
  return { dashboard: q.data, loading: q.isLoading, error: q.isError ? q.error.message : undefined, updatedAt: q.dataUpdatedAt };
}
