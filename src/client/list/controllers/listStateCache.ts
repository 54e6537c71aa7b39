/**
 * Spec 01 §2.1: a list route is remembered by its full path; leaving it caches the query state,
 * sort and filters, and separately the selected rows, so coming back restores them.
 * The query state is kept in memory and in sessionStorage (a reload of the tab keeps it too); the
 * selection in memory only, so a reload starts with nothing ticked (issue 27 item 3: ticks that
 * outlived a reload had a user void two records while meaning one).
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

/** The cached selection of a route (this page load only). */
export function loadSelection(route: string): RecordRow[] {
  return selections.get(route) ?? [];
}

/** Cache a route's selection (kept apart from the query state, never in storage). */
export function saveSelection(route: string, rows: RecordRow[]): void {
  selections.set(route, rows);
  // Ticks an older version of the app stored would otherwise sit in the tab's storage.
  storage()?.removeItem(`${STORAGE_PREFIX}selection.${route}`);
}

/**
 * Forget the query state and selection of every route `matches` accepts (spec 02 §2.4: closing a
 * tab clears what its page cached, so reopening it starts afresh).
 */
export function forgetListState(matches: (route: string) => boolean): void {
  for (const map of [views, selections] as Map<string, unknown>[]) {
    for (const route of [...map.keys()]) if (matches(route)) map.delete(route);
  }
  const store = storage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    const route = key ? /^fw\.list\.(?:view|selection)\.(.*)$/s.exec(key)?.[1] : undefined;
    if (key && route !== undefined && matches(route)) store.removeItem(key);
  }
}
