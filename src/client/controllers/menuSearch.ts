/** Fuzzy menu search (spec 02 §2.4, §9): fuse.js, threshold 0.4, title 0.7, path 0.3, pattern ≤ 32. */
import Fuse from 'fuse.js';
import type { RouteDef } from '../session/buildRoutes';

/** One search hit: the breadcrumb joined with " > " and where it goes (the page's href, with `?menuId=`). */
export interface MenuHit {
  label: string;
  path: string;
  external: boolean;
}

interface Item {
  title: string[];
  path: string;
  external: boolean;
}

/** Build a search function over the user's routes. */
export function createMenuSearch(routes: RouteDef[]): (query: string) => MenuHit[] {
  const items: Item[] = routes
    .filter((r) => !r.hidden)
    .map((r) => ({ title: r.breadcrumb, path: r.href, external: r.kind === 'external' }));
  const fuse = new Fuse(items, {
    shouldSort: true,
    threshold: 0.4,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query: string) => {
    const q = query.trim().slice(0, 32);
    if (!q) return [];
    return fuse.search(q).map(({ item }) => ({ label: item.title.join(' > '), path: item.path, external: item.external }));
  };
}
