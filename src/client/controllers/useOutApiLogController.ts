/** 外部接口日志: the paged, filtered list and the call opened in the detail drawer. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getOutApiLog, listOutApiLogs, type OutApiLogRow } from '../api/outApiLog';
import { queryKeys } from '../api/queryKeys';
import { useCrudList } from './useCrudList';

export function useOutApiLogController() {
  const list = useCrudList<OutApiLogRow>({ all: queryKeys.outApiLog.all, key: queryKeys.outApiLog.list, list: listOutApiLogs });
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useQuery({ queryKey: queryKeys.outApiLog.one(openId ?? 0), queryFn: () => getOutApiLog(openId ?? 0), enabled: openId !== null });
  return { ...list, openId, open: setOpenId, close: () => setOpenId(null), detail: detail.data, detailLoading: detail.isFetching };
}
