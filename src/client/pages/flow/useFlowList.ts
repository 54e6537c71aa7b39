/** Controller of 我的待办 / 我的已办 / 我发起的: paging and keyword, no antd. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pageFlowList, type FlowListKind } from '../../api/flows';
import { queryKeys } from '../../api/queryKeys';

/** The list's rows, total and paging state. */
export function useFlowList<T>(kind: FlowListKind, initialPageSize = 10) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [keyword, setKeyword] = useState('');
  const query = { pageNum, pageSize, keyword };
  const q = useQuery({ queryKey: queryKeys.flows.list(kind, query), queryFn: () => pageFlowList<T>(kind, query), placeholderData: keepPreviousData });
  return {
    rows: q.data?.rows ?? [],
    total: q.data?.total ?? 0,
    loading: q.isFetching,
    pageNum,
    pageSize,
    setPage: (n: number, size: number) => { setPageNum(size === pageSize ? n : 1); setPageSize(size); },
    search: (k: string) => { setKeyword(k); setPageNum(1); },
    refresh: () => void q.refetch(),
  };
}
