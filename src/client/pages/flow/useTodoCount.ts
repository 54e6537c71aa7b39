/** How many open tasks the user has (the 我的待办 badge and home module), refreshed every minute. */
import { useQuery } from '@tanstack/react-query';
import { todoCount } from '../../api/flows';
import { queryKeys } from '../../api/queryKeys';

/** The count, 0 while unknown or when `enabled` is false. */
export function useTodoCount(enabled: boolean): number {
  const q = useQuery({ queryKey: queryKeys.flows.todoCount(), queryFn: todoCount, enabled, refetchInterval: 60_000 });
  return Number(q.data?.data ?? 0) || 0;
}
