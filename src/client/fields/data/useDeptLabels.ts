/** Names of stored department ids (for values loaded without a `$view`), batched by deptsByIds. */
import { useQuery } from '@tanstack/react-query';
import { deptsByIds } from '../../api/pickerOptions';
import { queryKeys } from '../../api/queryKeys';

/** id → department name for `ids` (empty while loading). */
export function useDeptLabels(ids: number[], enabled = true): Map<number, string> {
  const q = useQuery({ queryKey: queryKeys.pickers.deptsByIds(ids), queryFn: () => deptsByIds(ids), enabled: enabled && ids.length > 0, staleTime: 60_000 });
  return new Map((q.data ?? []).map((d) => [d.deptId, d.deptName]));
}
