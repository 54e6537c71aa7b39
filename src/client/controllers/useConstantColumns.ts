/**
 * Columns of choices backed by a constant list (`configDataId`) get that list as their options,
 * so a radio's 级别 shows 一级 rather than the constant id 4534 (issue 12 item 3). Each list is
 * fetched once (TanStack Query, shared with the column-search pickers' cache key).
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ColumnModel, FieldOption } from '../../../schema-adapters';
import { listConstantChildren } from '../api/constants';
import { cachedConstants } from '../api/constantCache';
import { queryKeys } from '../api/queryKeys';

/**
 * Whether a column needs its constant list to show labels. A cascader is left out: its list is a
 * tree the children call does not return, and its `$view` already carries the labelled path.
 */
export function needsConstants(c: ColumnModel): boolean {
  return c.cell === 'dict' && c.search !== 'cascader' && !c.options?.length && c.configDataId != null && Number.isFinite(Number(c.configDataId));
}

/** A column whose constant list is still loading: its cells show nothing rather than raw ids. */
export type PendingColumn = ColumnModel & { optionsPending?: boolean };

/** `columns` with the options of their constant lists filled in (and `optionsPending` meanwhile). */
export function useConstantColumns(columns: ColumnModel[]): PendingColumn[] {
  const ids = useMemo(() => [...new Set(columns.filter(needsConstants).map((c) => Number(c.configDataId)))], [columns]);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.constants.children(id),
      queryFn: () => cachedConstants(`children.${id}`, async () => (await listConstantChildren(id)).data ?? []),
      staleTime: 60_000,
    })),
  });
  const loaded = results.map((r) => r.data);
  const failed = results.map((r) => r.isError);
  const key = JSON.stringify([loaded.map((d) => (d ? d.length : -1)), failed]);
  return useMemo(() => {
    if (!ids.length) return columns;
    const byId = new Map<number, { options?: FieldOption[]; failed: boolean }>();
    ids.forEach((id, i) => byId.set(id, { options: loaded[i]?.map((c) => ({ label: c.name, value: c.id as number })), failed: failed[i] }));
    return columns.map((c) => {
      if (!needsConstants(c)) return c;
      const got = byId.get(Number(c.configDataId));
      // A failed list falls back to the raw values rather than hiding the data.
      if (got?.failed) return c;
      return got?.options ? { ...c, options: got.options } : { ...c, optionsPending: true };
    });
  }, [columns, key]); // eslint-disable-line react-hooks/exhaustive-deps
}
