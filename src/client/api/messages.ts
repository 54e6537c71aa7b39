/** Message-centre calls (spec 02 §7 "Messages and home"). */
import { get } from './http';
import type { DataResponse } from './types';

/** `GET /api/msg/task/unread/count`. */
export function unreadCount(): Promise<DataResponse<number>> {
  return get('/msg/task/unread/count');
}
