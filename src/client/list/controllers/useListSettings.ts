/**
 * System settings that shape the list (spec 01 §2.2) and the user's per-form table settings
 * (spec 01 §3.5: pageSize, fixColumns, showStatus, columns [{enName, width}]).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getConfigKeys } from '../../api/configs';
import { queryKeys } from '../../api/queryKeys';
import { getTableSettings, saveTableSettings, type TableSettings } from '../../api/records';
import { getTenantCode } from '../../session/cookies';

/** The system settings the list reads. */
export const LIST_SETTING_KEYS = ['sys.list.show.status', 'sys.list.empty.tip', 'sys.thousand.separator.enabled'] as const;

/** Settings plus a saver that merges a change into the stored table settings. */
export function useListSettings(enName: string) {
  const client = useQueryClient();
  const system = useQuery({
    queryKey: queryKeys.listSettings(LIST_SETTING_KEYS),
    queryFn: async () => (await getConfigKeys([...LIST_SETTING_KEYS], getTenantCode())).data ?? {},
    staleTime: 60_000,
  });
  const key = queryKeys.records.tableSettings(enName);
  const user = useQuery({ queryKey: key, queryFn: async () => (await getTableSettings(enName)).data ?? {}, staleTime: 60_000, retry: false });
  const table: TableSettings = user.data ?? {};

  const saveTable = useCallback(
    async (patch: Partial<TableSettings>) => {
      const current = client.getQueryData<TableSettings>(key) ?? {};
      const next: TableSettings = { ...current, ...patch };
      if (patch.columns) {
        const widths = new Map((current.columns ?? []).map((c) => [c.enName, c.width]));
        for (const c of patch.columns) widths.set(c.enName, c.width);
        next.columns = [...widths].map(([name, width]) => ({ enName: name, width }));
      }
      client.setQueryData(key, next);
      await saveTableSettings(enName, next);
    },
    [client, enName, key],
  );

  return {
    ready: !system.isLoading && !user.isLoading,
    system: (system.data ?? {}) as Record<string, string>,
    table,
    saveTable,
  };
}
