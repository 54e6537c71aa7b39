/** Nick names of stored user ids (for values loaded without a `$view`). */
import { useQuery } from '@tanstack/react-query';
import { usersByIds } from '../../api/pickerOptions';
import { queryKeys } from '../../api/queryKeys';

/** id → nick name for `ids` (empty while loading). */
export function useUserLabels(ids: number[], enabled = true): Map<number, string> {
  const q = useQuery({ queryKey: queryKeys.pickers.usersByIds(ids), queryFn: () => usersByIds(ids), enabled: enabled && ids.length > 0, staleTime: 60_000 });
  return new Map((q.data ?? []).map((u) => [u.userId, u.nickName]));
}
