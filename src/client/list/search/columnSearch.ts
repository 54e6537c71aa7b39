/** The state of one column's search popover (spec 01 §2.3) and its defaults. Pure. */

/** 模糊搜索 / 精确搜索. */
export type SearchType = 'like' | 'equal';
/** 全部 / 已填 / 未填. */
export type SearchRange = 'all' | 'notNull' | 'isNull';

/** What the user entered in one column's popover. */
export interface ColumnSearch {
  /** Text, a select's chosen values, a cascader path, user / dept ids, a related record id. */
  value?: unknown;
  /** Number, date and time ranges. */
  start?: unknown;
  end?: unknown;
  /** Display text sent as `{enName}$view` (user and related-form searches). */
  view?: string;
  searchType?: SearchType;
  searchRange?: SearchRange;
  /** Sub-form searches: one entry per child column. */
  children?: Record<string, ColumnSearch>;
}

/** Search state of a whole list, by column key. */
export type SearchState = Record<string, ColumnSearch>;

/** The texts of the radios and buttons of spec 01 §2.3. */
export const SEARCH_TEXTS = {
  like: '模糊搜索',
  equal: '精确搜索',
  all: '全部',
  notNull: '已填',
  isNull: '未填',
  reset: '重置',
  confirm: '确认',
} as const;

/** Whether a value counts as entered: not null, not '', not an empty list. */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasValue);
  return true;
}

/** Spec 01 §5: a pure date end (yyyy-MM-dd) is stretched to the end of that day; times pass as they are. */
export function stretchDateEnd(end: unknown): unknown {
  return typeof end === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(end) ? `${end} 23:59:59` : end;
}
