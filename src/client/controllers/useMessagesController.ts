/**
 * The message centre (spec 02 §7 "Messages and home"): a page of the own messages, filtered read /
 * unread, and marking them read. Every change refreshes the unread badge (same query-key prefix).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { markMessages, pageMessages, type Message } from '../api/messages';
import { queryKeys } from '../api/queryKeys';

/** Which messages the list shows. */
export type MessageFilter = 'all' | 'unread' | 'read';

const READ_FILTER: Record<MessageFilter, boolean | undefined> = { all: undefined, unread: false, read: true };

/** List state and actions of the message-centre screen. */
export function useMessagesController(initial: { filter?: MessageFilter; pageSize?: number } = {}) {
  const client = useQueryClient();
  const [filter, setFilterState] = useState<MessageFilter>(initial.filter ?? 'all');
  const [page, setPageState] = useState({ pageNum: 1, pageSize: initial.pageSize ?? 10 });
  const [keyword, setKeywordState] = useState('');
  const query = { ...page, isRead: READ_FILTER[filter], keyword: keyword || undefined };
  const list = useQuery({ queryKey: queryKeys.messages.list(query), queryFn: () => pageMessages(query), placeholderData: keepPreviousData });
  const mark = useMutation({
    mutationFn: ({ ids, isRead }: { ids: number[] | 'all'; isRead: boolean }) => markMessages(ids, isRead),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.messages.all }),
  });
  const markRead = useCallback((ids: number[] | 'all', isRead = true) => mark.mutateAsync({ ids, isRead }), [mark]);
  /** Opening a message marks it read (when unread); the caller then follows its link. */
  const open = useCallback(async (m: Message) => {
    if (!m.isRead) await mark.mutateAsync({ ids: [m.id], isRead: true });
  }, [mark]);
  return {
    rows: list.data?.rows ?? [],
    total: list.data?.total ?? 0,
    loading: list.isFetching,
    filter,
    setFilter: (f: MessageFilter) => {
      setFilterState(f);
      setPageState((p) => ({ ...p, pageNum: 1 }));
    },
    keyword,
    search: (text: string) => {
      setKeywordState(text.trim());
      setPageState((p) => ({ ...p, pageNum: 1 }));
    },
    page,
    setPage: (pageNum: number, pageSize: number) => setPageState({ pageNum, pageSize }),
    markRead,
    marking: mark.isPending,
    open,
  };
}
