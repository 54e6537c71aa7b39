/** Identifier rules for form tables: every name that reaches SQL passes through here. */
import { EN_NAME_PATTERN } from '../../../../schema-adapters/index.js';
import { badRequest } from '../../http/HttpError.js';

/** CONTRACT.md §4: enName of forms and fields; the adapter's pattern, so both sides accept the same names. */
export const EN_NAME = EN_NAME_PATTERN;

/** PostgreSQL truncates identifiers longer than this silently, so we never produce them. */
export const MAX_IDENT = 63;

/** The schema holding one tenant's form tables; the tenant id is a positive integer. */
export function tenantSchema(tenantId: number): string {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`Bad tenant id ${tenantId}`);
  return `t_${tenantId}`;
}

/** Throws a 400 unless `name` is a valid form or field enName. */
export function assertEnName(name: unknown, what = '英文名'): asserts name is string {
  if (typeof name !== 'string' || !EN_NAME.test(name)) {
    throw badRequest(`${what}「${String(name)}」不合法：须以小写字母开头，只含小写字母、数字和下划线，最长63个字符`);
  }
}

/** A physical column name: the logical name when it fits, else one derived from the column id. */
export function physicalName(logical: string, columnId: number, suffix: string): string {
  const full = suffix ? `${logical}${suffix}` : logical;
  return full.length <= MAX_IDENT ? full : `c${columnId}${suffix}`;
}
