/**
 * Saved filters per user and form (spec 01 §3.5, `/api/queries/{userId}/{form}`): the keys of the
 * columns whose search the user keeps at hand above the table.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/queryKeys';
import { getSavedFilters, saveSavedFilters } from '../../api/records';

/** The saved keys and a saver (optimistic; the server's answer replaces them). */
export function useSavedFilters(enName: string, userId: number | string | undefined) {
  const client = useQueryClient();
  const key = queryKeys.records.savedFilters(enName, userId ?? '');
  const saved = useQuery({
    queryKey: key,
    queryFn: async () => (await getSavedFilters(userId as number, enName)).data ?? [],
    enabled: userId !== undefined,
    staleTime: 60_000,
    retry: false,
  });
  const save = useCallback(
    async (keys: string[]) => {
      if (userId === undefined) return;
      client.setQueryData(key, keys);
      const res = await saveSavedFilters(userId, enName, keys);
      if (Array.isArray(res.data)) client.setQueryData(key, res.data);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, enName, userId],
  );
  return { keys: saved.data ?? [], save };
}
