/** Message-centre calls (spec 02 §7 "Messages and home"). */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';
import type { Message } from '../../shared/contract/messages';

export type { Message } from '../../shared/contract/messages';

/** The query of `POST /api/msg/detail/page/get`. */
export interface MessageQuery {
  pageNum: number;
  pageSize: number;
  /** true: read only, false: unread only, absent: all. */
  isRead?: boolean | null;
  keyword?: string;
}

/** `POST /api/msg/detail/page/get`: a page of the own messages, newest first. */
export function pageMessages(query: MessageQuery): Promise<PageResponse<Message>> {
  const body: Record<string, unknown> = { pageNum: query.pageNum, pageSize: query.pageSize };
  if (query.isRead !== undefined && query.isRead !== null) body.isRead = query.isRead;
  if (query.keyword?.trim()) body.keyword = query.keyword.trim();
  return post('/msg/detail/page/get', body);
}

/** `POST /api/msg/detail/batch/update`: mark own messages (or all with `'all'`) read or unread. */
export function markMessages(ids: number[] | 'all', isRead = true): Promise<DataResponse<{ updated: number; unread: number }>> {
  return post('/msg/detail/batch/update', ids === 'all' ? { all: true, isRead } : { ids, isRead });
}

/** `GET /api/msg/task/unread/count`. */
export function unreadCount(): Promise<DataResponse<number>> {
  return get('/msg/task/unread/count');
}
