/** The operation log list (who, when, what — spec 01 §9 operation types). */
import { listOperLogs, type OperLog } from '../api/operlog';
import { queryKeys } from '../api/queryKeys';
import { useCrudList } from './useCrudList';

/** Paged, searchable operation log. */
export function useOperLogController() {
  return useCrudList<OperLog>({ all: queryKeys.operlog.all, key: queryKeys.operlog.list, list: listOperLogs });
}
