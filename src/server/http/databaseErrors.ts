/**
 * Database errors a request can provoke (bad text, a duplicate, a vanished reference) become
 * 4xx answers; anything else stays a 500. Classes per PostgreSQL's SQLSTATE codes.
 */

interface PgError {
  code: string;
  severity?: string;
}

function isPgError(err: unknown): err is PgError {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code) && 'severity' in err;
}

/** [status, message] for a database error caused by the request, or null. */
export function describeDatabaseError(err: unknown): [number, string] | null {
  if (!isPgError(err)) return null;
  const { code } = err;
  if (code === '23505') return [409, '数据已存在，请勿重复提交'];
  if (code === '23503') return [400, '关联的数据不存在或仍被引用'];
  if (code === '23502' || code === '23514') return [400, '数据不完整或不符合要求'];
  if (code === '40001' || code === '40P01') return [409, '数据正被他人修改，请重试'];
  if (code === '57014') return [503, '查询超时，请缩小查询范围后重试'];
  if (code.startsWith('22')) return [400, '请求参数不正确'];
  // Program limits (too many columns, an index row or statement too large) come from the request's size.
  if (code.startsWith('54')) return [400, '数据超出数据库的限制（列数、长度或条件个数），请减少后重试'];
  return null;
}
