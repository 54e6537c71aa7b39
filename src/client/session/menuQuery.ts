/**
 * The query a menu entry asks for (spec 02 §2.1 flags `blank`, `noSidebar`, `noHeader`) and the
 * menu id every menu page carries in its address (`?menuId=`), so a reload or a pasted link keeps
 * the menu's context. Pure.
 */

/** The query parameter holding the menu id of a menu page. */
export const MENU_ID_PARAM = 'menuId';

function menuParams(query: string | undefined): URLSearchParams {
  if (!query || !query.trim()) return new URLSearchParams();
  try {
    const parsed = JSON.parse(query) as Record<string, unknown>;
    return new URLSearchParams(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return new URLSearchParams(query.replace(/^\?/, ''));
  }
}

/** `'{"blank":true}'` or `'blank=1&x=2'` → `'?blank=true&x=2'`-style search string ('' when none). */
export function menuQueryString(query: string | undefined): string {
  const text = menuParams(query).toString();
  return text ? `?${text}` : '';
}

/**
 * The address of a menu page: its path, the menu's own query flags and `menuId` (spec 02 §2.1
 * appends the id; a query rather than a path segment, since `/auto/{form}/{id}` is the edit page).
 */
export function menuHref(path: string, query: string | undefined, menuId: number | undefined): string {
  const params = menuParams(query);
  if (menuId !== undefined) params.set(MENU_ID_PARAM, String(menuId));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The menu id in a search string (`menuId=12&…`, with or without `?`), when it is a positive integer. */
export function menuIdFromSearch(search: string): number | undefined {
  const raw = new URLSearchParams(search.replace(/^\?/, '')).get(MENU_ID_PARAM);
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/** What identifies a page (its tab, its sidebar entry): the path plus the menu id, never other query. */
export function pageKey(path: string, menuId: number | undefined): string {
  return menuId === undefined ? path : `${path}?${MENU_ID_PARAM}=${menuId}`;
}
