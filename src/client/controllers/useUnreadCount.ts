/** Unread message count for the message-centre badge (spec 02 §2.4: max 99, hidden at 0). */
import { useQuery } from '@tanstack/react-query';
import { unreadCount } from '../api/messages';
import { queryKeys } from '../api/queryKeys';

/** The unread count, fetched only when the user has a message-centre menu. */
export function useUnreadCount(enabled: boolean): number {
  const q = useQuery({ queryKey: queryKeys.messages.unread(), queryFn: unreadCount, enabled, refetchInterval: 60_000 });
  return Number(q.data?.data ?? 0) || 0;
}
