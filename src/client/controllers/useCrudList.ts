/** A paged, searchable administration list (users, roles, dictionaries, config) over TanStack Query. */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PageResponse } from '../api/types';

/** What a list page needs: the rows of the current page and ways to search, page and refresh. */
export function useCrudList<Row>(options: {
  /** Key prefix of the resource (e.g. `queryKeys.users.all`): invalidated after every change. */
  all: QueryKey;
  key: (query: Record<string, unknown>) => QueryKey;
  list: (query: Record<string, unknown>) => Promise<PageResponse<Row>>;
  pageSize?: number;
  initial?: Record<string, unknown>;
}) {
  const pageSize = options.pageSize ?? 10;
  const [filters, setFilters] = useState<Record<string, unknown>>(options.initial ?? {});
  const [page, setPage] = useState({ pageNum: 1, pageSize });
  const query = { ...filters, ...page };
  const result = useQuery({ queryKey: options.key(query), queryFn: () => options.list(query), placeholderData: (prev) => prev });
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: options.all }), [client, options.all]);
  return {
    rows: result.data?.rows ?? [],
    total: result.data?.total ?? 0,
    loading: result.isFetching,
    page,
    setPage: (pageNum: number, size: number) => setPage({ pageNum, pageSize: size }),
    filters,
    search: (next: Record<string, unknown>) => {
      setFilters({ ...options.initial, ...next });
      setPage((p) => ({ ...p, pageNum: 1 }));
    },
    refresh,
  };
}

/** A change (add, edit, delete, status) that refreshes the resource's queries when it succeeds. */
export function useCrudAction<A extends unknown[], R>(all: QueryKey, action: (...args: A) => Promise<R>) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (args: A) => action(...args),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
  return { run: (...args: A) => mutation.mutateAsync(args), pending: mutation.isPending };
}
