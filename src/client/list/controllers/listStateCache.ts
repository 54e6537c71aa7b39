/**
 * Spec 01 §2.1: a list route is remembered by its full path; leaving it caches the query state,
 * sort and filters, and separately the selected rows, so coming back restores them.
 * Kept in memory and in sessionStorage (a reload of the tab keeps them too).
 */
import type { OrderKey, RecordRow } from '../../api/records';
import type { SearchState } from '../search/columnSearch';

/** What a list remembers about its query. */
export interface ListViewState {
  search: SearchState;
  sort: OrderKey[];
  pageNum: number;
  pageSize: number;
  keyword: string;
}

const views = new Map<string, ListViewState>();
const selections = new Map<string, RecordRow[]>();
const STORAGE_PREFIX = 'fw.list.';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The cached query state of a route, if any. */
export function loadViewState(route: string): ListViewState | undefined {
  const cached = views.get(route);
  if (cached) return cached;
  const text = storage()?.getItem(`${STORAGE_PREFIX}view.${route}`);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ListViewState;
  } catch {
    return undefined;
  }
}

/** Cache a route's query state. */
export function saveViewState(route: string, state: ListViewState): void {
  views.set(route, state);
  storage()?.setItem(`${STORAGE_PREFIX}view.${route}`, JSON.stringify(state));
}

/** The cached selection of a route. */
export function loadSelection(route: string): RecordRow[] {
  const cached = selections.get(route);
  if (cached) return cached;
  const text = storage()?.getItem(`${STORAGE_PREFIX}selection.${route}`);
  if (!text) return [];
  try {
    return JSON.parse(text) as RecordRow[];
  } catch {
    return [];
  }
}

/** Cache a route's selection (kept apart from the query state). */
export function saveSelection(route: string, rows: RecordRow[]): void {
  selections.set(route, rows);
  storage()?.setItem(`${STORAGE_PREFIX}selection.${route}`, JSON.stringify(rows));
}
