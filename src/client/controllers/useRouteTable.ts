/** The route table and sidebar tree of the signed-in user, built once per menu load. */
import { useMemo } from 'react';
import { buildRoutes, type RouteDef } from '../session/buildRoutes';
import { sessionStore } from '../session/sessionStore';

/** Routes, sidebar tree and a lookup by path. */
export function useRouteTable() {
  const menus = sessionStore.use((s) => s.menus);
  return useMemo(() => {
    const built = buildRoutes(menus);
    const byPath = new Map<string, RouteDef>(built.routes.map((r) => [r.path, r]));
    return { ...built, byPath };
  }, [menus]);
}
