/** Column sorting of spec 01 §2.2: first click descending, then toggling; several keys at once. Pure. */
import type { OrderKey } from '../../api/records';

/**
 * The sort after a click on `field`. Without `multi` the click replaces the other keys; with it
 * (shift-click) the key is added or toggled in place.
 */
export function nextSort(current: OrderKey[], field: string, multi = false): OrderKey[] {
  const existing = current.find((k) => k.field === field);
  const toggled: OrderKey = existing ? { field, order: existing.order === 'desc' ? 'asc' : 'desc' } : { field, order: 'desc' };
  if (!multi) return [toggled];
  return existing ? current.map((k) => (k.field === field ? toggled : k)) : [...current, toggled];
}

/** Removes one key (its tag was closed). */
export function withoutSort(current: OrderKey[], field: string): OrderKey[] {
  return current.filter((k) => k.field !== field);
}

/** The sort part of a list query: `sysOrderBy` for one key, `multiFieldOrder` for several. */
export function sortQuery(keys: OrderKey[]): { sysOrderBy?: OrderKey; multiFieldOrder?: OrderKey[] } {
  if (!keys.length) return {};
  if (keys.length === 1) return { sysOrderBy: keys[0] };
  return { multiFieldOrder: keys };
}
