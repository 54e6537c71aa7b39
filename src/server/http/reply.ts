/** Envelope builders of CONTRACT.md §2. */
import { DEFAULT_MESSAGES, type DataResponse, type PageResponse } from '../../shared/envelope.js';

/** `{code:200, msg:'操作成功', data}`. */
export function ok<T>(data: T, msg: string = DEFAULT_MESSAGES.ok): DataResponse<T> {
  return { code: 200, msg, data };
}

/** `{code:200, msg}` with no payload (a write that returns nothing). */
export function done(msg: string = DEFAULT_MESSAGES.ok): { code: 200; msg: string } {
  return { code: 200, msg };
}

/** `{code:200, msg:'查询成功', rows, total}`. */
export function page<T>(rows: T[], total: number): PageResponse<T> {
  return { code: 200, msg: DEFAULT_MESSAGES.query, rows, total };
}
