/** The HTTP envelope of CONTRACT.md §2, shared by client and server. */

/** Success with a payload: `{code:200, msg:'操作成功', data}`. */
export interface DataResponse<T> {
  code: 200;
  msg: string;
  data: T;
}

/** A page of rows: `{code:200, msg:'查询成功', rows, total}`. */
export interface PageResponse<T> {
  code: 200;
  msg: string;
  rows: T[];
  total: number;
  /** Set when `total` is an estimate or a capped count rather than an exact count. */
  totalExact?: boolean;
}

/** A field at fault in a 400 answer. */
export interface FieldError {
  field: string;
  message: string;
  /** What the user calls the record a refusal names (its serial number or title), when the field is a record's. */
  label?: string;
}

/** Failure: the HTTP status equals `code`. */
export interface ErrorResponse {
  code: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | number;
  msg: string;
  errors?: FieldError[];
  /** Structured details of some refusals (a definition's problems, a save's data changes). */
  data?: unknown;
}

/** The Chinese default messages of spec 02 §8 and CONTRACT.md §2. */
export const DEFAULT_MESSAGES = {
  ok: '操作成功',
  query: '查询成功',
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  unknown: '系统未知错误，请反馈给管理员',
} as const;
