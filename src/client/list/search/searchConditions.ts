/**
 * UI search state → the list query's `searchConList` (spec 01 §2.3, §3.5). Pure.
 * A condition is sent only when it has a value, or when its range is not 全部.
 */
import type { ColumnModel } from '../../../../schema-adapters';
import type { SearchEntry } from '../../api/records';
import { hasValue, stretchDateEnd, type ColumnSearch, type SearchState } from './columnSearch';

/** Whether a column's search would add a condition to the query. */
export function isActive(column: ColumnModel, search: ColumnSearch | undefined): boolean {
  if (!search) return false;
  if (column.search === 'subForm') {
    const children = Object.entries(search.children ?? {});
    return (search.searchRange ?? 'all') !== 'all' || children.some(([key, s]) => {
      const child = column.children?.find((c) => c.key === key);
      return child ? isActive(child, s) : false;
    });
  }
  if (column.searchRange && (search.searchRange ?? 'all') !== 'all') return true;
  return hasValue(search.value) || hasValue(search.start) || hasValue(search.end) || (column.search === 'related' || column.search === 'user' || column.search === 'dept' ? hasValue(search.view) : false);
}

/** The `searchConList` entry of one column, or null when it adds no condition. */
export function toSearchEntry(column: ColumnModel, search: ColumnSearch | undefined): SearchEntry | null {
  if (!search || !isActive(column, search)) return null;
  const key = column.key;
  const entry: SearchEntry = { enName: key };
  if (column.funcType) entry.funcType = column.funcType;
  if (column.searchRange) entry.searchRange = search.searchRange ?? 'all';
  if (column.search === 'subForm') {
    entry.children = Object.entries(search.children ?? {})
      .map(([childKey, s]) => {
        const child = column.children?.find((c) => c.key === childKey);
        return child ? toSearchEntry(child, s) : null;
      })
      .filter((e): e is SearchEntry => e !== null);
    return entry;
  }
  if (column.searchTypeRadio) entry.searchType = search.searchType ?? column.defaultSearchType;
  switch (column.search) {
    case 'numberRange':
      if (hasValue(search.start)) entry[`${key}$start`] = Number(search.start);
      if (hasValue(search.end)) entry[`${key}$end`] = Number(search.end);
      break;
    case 'dateRange':
      if (hasValue(search.start)) entry[`${key}$start`] = search.start;
      if (hasValue(search.end)) entry[`${key}$end`] = stretchDateEnd(search.end);
      break;
    case 'timeRange':
      if (hasValue(search.start)) entry[`${key}$start`] = search.start;
      if (hasValue(search.end)) entry[`${key}$end`] = search.end;
      break;
    case 'user':
    case 'dept':
    case 'related':
      if (hasValue(search.value)) entry[key] = search.value;
      if (hasValue(search.view)) entry[`${key}$view`] = search.view;
      break;
    case 'cascader':
      // The picker holds the chosen path; a record matches when its path holds the last level.
      if (Array.isArray(search.value) && search.value.length) entry[key] = search.value[search.value.length - 1];
      else if (hasValue(search.value)) entry[key] = search.value;
      break;
    default:
      if (hasValue(search.value)) entry[key] = typeof search.value === 'string' ? search.value.trim() : search.value;
  }
  return entry;
}

/** The filter part of a list query: `searchConList`, and `sysStatus` for the 状态 column. */
export interface QueryFilters {
  searchConList: SearchEntry[];
  sysStatus?: number[];
}

/** Every active column search as query filters, in column order. */
export function buildQueryFilters(columns: ColumnModel[], state: SearchState): QueryFilters {
  const out: QueryFilters = { searchConList: [] };
  for (const column of columns) {
    const search = state[column.key];
    if (column.kind === 'status') {
      const values = (Array.isArray(search?.value) ? search.value : hasValue(search?.value) ? [search?.value] : []).filter(hasValue).map(Number);
      if (values.length) out.sysStatus = values;
      continue;
    }
    const entry = toSearchEntry(column, search);
    if (entry) out.searchConList.push(entry);
  }
  return out;
}
