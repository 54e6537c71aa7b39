/**
 * System settings that shape the list (spec 01 §2.2) and the user's per-form table settings
 * (spec 01 §3.5: pageSize, fixColumns, showStatus, columns [{enName, width}]), stored as the
 * user config key `table.{form}`.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getConfigKeys } from '../../api/configs';
import { queryKeys } from '../../api/queryKeys';
import { editUserConfig, getUserConfig } from '../../api/userConfig';
import { getTenantCode } from '../../session/cookies';

/** The system settings the list reads. */
export const LIST_SETTING_KEYS = ['sys.list.show.status', 'sys.list.empty.tip', 'sys.thousand.separator.enabled'] as const;

/** Per-user table settings of one form. */
export interface TableSettings {
  pageSize?: number;
  fixColumns?: number;
  showStatus?: boolean;
  columns?: { enName: string; width?: number }[];
}

/** The user config key of a form's table settings. */
export function tableSettingsKey(enName: string): string {
  return `table.${enName}`;
}

/** Settings plus a saver that merges a change into the stored table settings. */
export function useListSettings(enName: string) {
  const client = useQueryClient();
  const system = useQuery({
    queryKey: queryKeys.listSettings(LIST_SETTING_KEYS),
    queryFn: async () => (await getConfigKeys([...LIST_SETTING_KEYS], getTenantCode())).data ?? {},
    staleTime: 60_000,
  });
  const user = useQuery({ queryKey: queryKeys.session.userConfig(), queryFn: getUserConfig, staleTime: 60_000 });
  const table = (user.data?.data?.[tableSettingsKey(enName)] ?? {}) as TableSettings;

  const saveTable = useCallback(
    async (patch: Partial<TableSettings>) => {
      const current = (client.getQueryData<{ data?: Record<string, unknown> }>(queryKeys.session.userConfig())?.data?.[tableSettingsKey(enName)] ?? {}) as TableSettings;
      const next: TableSettings = { ...current, ...patch };
      if (patch.columns) {
        const widths = new Map((current.columns ?? []).map((c) => [c.enName, c.width]));
        for (const c of patch.columns) widths.set(c.enName, c.width);
        next.columns = [...widths].map(([name, width]) => ({ enName: name, width }));
      }
      client.setQueryData(queryKeys.session.userConfig(), (old: { data?: Record<string, unknown> } | undefined) => ({
        ...(old ?? {}),
        data: { ...(old?.data ?? {}), [tableSettingsKey(enName)]: next },
      }));
      await editUserConfig(tableSettingsKey(enName), next);
    },
    [client, enName],
  );

  return {
    ready: !system.isLoading && !user.isLoading,
    system: (system.data ?? {}) as Record<string, string>,
    table,
    saveTable,
  };
}
