/** The record-list contract (spec 01 §3.5, §7; CONTRACT.md §7), shared by the client and the server. */

/** A record row as the list returns it: system columns, field values and `{field}$view` companions. */
export type RecordRow = Record<string, unknown> & { id: number | string; sys_status?: number };

/** One `searchConList` entry; extra keys carry the value, `{enName}$start`, `$end` and `$view`. */
export interface SearchEntry {
  enName: string;
  funcType?: string;
  searchType?: 'like' | 'equal';
  searchRange?: 'all' | 'notNull' | 'isNull';
  children?: SearchEntry[];
  [key: string]: unknown;
}

/** A sort key of `sysOrderBy` / `multiFieldOrder`. */
export interface OrderKey {
  field: string;
  order: 'asc' | 'desc';
}

/** The list query of spec 01 §3.5. */
export interface ListQuery {
  pageNum: number;
  pageSize: number;
  sysOrderBy?: OrderKey;
  multiFieldOrder?: OrderKey[];
  searchConList?: SearchEntry[];
  initFilter?: Record<string, unknown> | string;
  sysStatus?: number | number[];
  menuId?: number;
  keyword?: string;
  /** `relateForm` restricts the statuses to -1, 0 and 1 on the server too (spec 01 §4). */
  scene?: string;
  /**
   * `compact`: each value once (no `sysStatus` alias, no `$view` of fixed options, only the system
   * columns the list page reads); the default `full` is spec 01 §3.3's record (docs/api-records.md).
   */
  rowShape?: 'full' | 'compact';
  /** With `rowShape: 'compact'`: only these keys (field enNames, system columns). */
  columns?: string[];
  [key: string]: unknown;
}

/** `calcd` of getCalcdValue: per field, the operations and the precision. */
export type CalcdRequest = Record<string, { operation: ('sum' | 'avg')[]; precision: number }>;

/** One total of getCalcdValue. */
export interface CalcdValue {
  field: string;
  sum?: number;
  avg?: number;
}

/** The answer of a delete / void pre-check (spec 01 §8). */
export interface PrecheckResult {
  success: boolean;
  action: 'stop' | 'warn' | null;
  errorTips: string;
}
