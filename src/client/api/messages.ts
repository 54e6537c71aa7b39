/** Message-centre calls (spec 02 §7 "Messages and home"). */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';
import type { Static } from 'typebox';
import type { Message, MessagePageBody, MessagesUpdated } from '../../shared/contract/messages';

export type { Message } from '../../shared/contract/messages';

/** The query of `POST /api/msg/detail/page/get` (the contract's `MessagePageBody`; the client always sends the page). isRead: true read only, false unread only, absent: all. */
export type MessageQuery = Required<Pick<MessagePageBody, 'pageNum' | 'pageSize'>> & Pick<MessagePageBody, 'isRead' | 'keyword'>;

/** `POST /api/msg/detail/page/get`: a page of the own messages, newest first. */
export function pageMessages(query: MessageQuery): Promise<PageResponse<Message>> {
  const body: Record<string, unknown> = { pageNum: query.pageNum, pageSize: query.pageSize };
  if (query.isRead !== undefined && query.isRead !== null) body.isRead = query.isRead;
  if (query.keyword?.trim()) body.keyword = query.keyword.trim();
  return post('/msg/detail/page/get', body);
}

/** `POST /api/msg/detail/batch/update`: mark own messages (or all with `'all'`) read or unread. */
export function markMessages(ids: number[] | 'all', isRead = true): Promise<DataResponse<Static<typeof MessagesUpdated>['data']>> {
  return post('/msg/detail/batch/update', ids === 'all' ? { all: true, isRead } : { ids, isRead });
}

/** `GET /api/msg/task/unread/count`. */
export function unreadCount(): Promise<DataResponse<number>> {
  return get('/msg/task/unread/count');
}
