/**
 * The tenant's map configuration (spec 02 §2.5), asked the way the shell asks its keys: the
 * public configKeys call for the `Tenant-Code` cookie's tenant — the same tenant whose hosts the
 * server puts into the page CSP (src/server/http/pageSources.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { getConfigKeys } from '../../api/configs';
import { queryKeys } from '../../api/queryKeys';
import { getTenantCode } from '../../session/cookies';
import { MAP_CONFIG_KEY_LIST, mapConfigFrom, type MapConfig } from '../../../shared/mapConfig';

/** The map configuration; `undefined` while it loads, and "no map" if the call fails. */
export function useMapConfig(): MapConfig | undefined {
  const tenantCode = getTenantCode();
  const query = useQuery({
    queryKey: queryKeys.publicConfig(tenantCode, MAP_CONFIG_KEY_LIST),
    queryFn: () => getConfigKeys(MAP_CONFIG_KEY_LIST, tenantCode),
    staleTime: 60_000,
    retry: false,
  });
  if (query.isError) return { tiles: null, searchUrl: null };
  return query.data ? mapConfigFrom(query.data.data ?? {}) : undefined;
}
