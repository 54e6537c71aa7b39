/** The route table and sidebar tree of the signed-in user, built once per menu load. */
import { useMemo } from 'react';
import { buildRoutes, type RouteDef } from '../session/buildRoutes';
import { menuIdFromSearch, pageKey } from '../session/menuQuery';
import { sessionStore } from '../session/sessionStore';
import { useCurrentPath, useCurrentSearch } from '../routing/navigation';

/** Routes, sidebar tree, lookups by path and by page key, and the route of an address. */
export function useRouteTable() {
  const menus = sessionStore.use((s) => s.menus);
  return useMemo(() => {
    const built = buildRoutes(menus);
    const byPath = new Map<string, RouteDef>();
    const byKey = new Map<string, RouteDef>();
    for (const r of built.routes) {
      // Two menus may open the same page (say one form under two menus): the path finds the first.
      if (!byPath.has(r.path)) byPath.set(r.path, r);
      byKey.set(r.key, r);
    }
    /** The menu page at `path` + `search`: the one the `menuId` names, else the first with that path. */
    const routeAt = (path: string, search: string): RouteDef | undefined => {
      const menuId = menuIdFromSearch(search);
      return (menuId !== undefined ? byKey.get(pageKey(path, menuId)) : undefined) ?? byPath.get(path);
    };
    return { ...built, byPath, byKey, routeAt };
  }, [menus]);
}

/**
 * The page on screen: its menu route (if any) and its key — the route's key when the address is a
 * menu page (so `/auto/x` and `/auto/x?menuId=5&page=2` are one tab), else path plus any menu id.
 */
export function useCurrentPage(): { path: string; search: string; key: string; route?: RouteDef } {
  const { routeAt } = useRouteTable();
  const path = useCurrentPath();
  const search = useCurrentSearch();
  const route = routeAt(path, search);
  return { path, search, route, key: route?.key ?? pageKey(path, menuIdFromSearch(search)) };
}
