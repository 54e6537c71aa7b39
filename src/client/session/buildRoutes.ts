/** Turns the server menu (spec 02 §2.1) into the shell's route table and sidebar tree. Pure. */
import type { MenuEntry } from '../api/types';
import { menuHref, pageKey } from './menuQuery';

/** One navigable page built from a menu entry. */
export interface RouteDef {
  /** Full path, e.g. `/system/user` or `/auto/project`. */
  path: string;
  /** Lower-cased route name (spec 02 §2.1). */
  name: string;
  title: string;
  icon?: string;
  kind: 'auto' | 'view' | 'external' | 'frame';
  /** For `auto`: the form's enName. For `view`: the component path the server gave. */
  target: string;
  menuId?: number;
  hidden: boolean;
  /** Titles from the top menu down to this one. */
  breadcrumb: string[];
  /** Query string the menu asks for (`blank`, `noSidebar`, `noHeader`, …). */
  query?: string;
  /** Identity of the page (tab, sidebar entry): `path` plus `?menuId=` when the menu has an id. */
  key: string;
  /** Where a link to the page goes: `path`, the menu's query flags and `menuId` (spec 02 §2.1). */
  href: string;
}

/** A sidebar node: a group (children) or a leaf pointing at a route path or an external link. */
export interface MenuNode {
  key: string;
  title: string;
  icon?: string;
  /** The address to open (for pages: the route's `href`, with `?menuId=`). */
  path?: string;
  external?: boolean;
  menuId?: number;
  children?: MenuNode[];
}

/** Whether a menu entry names the generated list (spec 02 §2.1: name or component contains `Auto`). */
export function isAutoEntry(entry: MenuEntry): boolean {
  return /Auto/.test(entry.name ?? '') || /Auto/.test(entry.component ?? '');
}

function isExternal(path: string): boolean {
  return /^https?:\/\//.test(path);
}

function join(base: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/** The form's enName of an `Auto` entry: its formName when given, else the last path segment. */
function enNameOf(entry: MenuEntry): string {
  const explicit = (entry as { formName?: string }).formName ?? (entry.meta as { formName?: string } | undefined)?.formName;
  if (explicit) return explicit;
  const segments = entry.path.split('?')[0].split('/').filter(Boolean);
  return segments[segments.length - 1] ?? entry.path;
}

function menuIdOf(entry: MenuEntry): number | undefined {
  return entry.showMenuId ?? entry.menuId ?? entry.meta?.menuId;
}

/** Build the route table and the sidebar tree from the menu entries. */
export function buildRoutes(menus: MenuEntry[]): { routes: RouteDef[]; tree: MenuNode[] } {
  const routes: RouteDef[] = [];
  function walk(entries: MenuEntry[], base: string, crumbs: string[]): MenuNode[] {
    const nodes: MenuNode[] = [];
    for (const entry of entries) {
      const title = entry.meta?.title ?? entry.name ?? entry.path;
      const full = join(base, entry.path);
      const trail = [...crumbs, title];
      const menuId = menuIdOf(entry);
      if (entry.children || entry.component === 'Layout' || entry.component === 'ParentView') {
        // A directory: never a page itself, and left out of the sidebar when nothing in it is.
        const children = walk(entry.children ?? [], full, trail);
        if (!entry.hidden && children.length) nodes.push({ key: `group:${full}`, title, icon: entry.meta?.icon, children });
        continue;
      }
      const link = entry.meta?.link || (isExternal(entry.path) ? entry.path : undefined);
      // A same-window link that is not framed elsewhere opens inside the layout at /out-page/{menuId}.
      if (link && menuId !== undefined && (entry.target === '_self' || String(entry.isFrame) === '0')) {
        const path = `/out-page/${menuId}`;
        // The menu id is already in the path.
        routes.push({ path, name: (entry.name ?? title).toLowerCase(), title, icon: entry.meta?.icon, kind: 'frame', target: link, menuId, hidden: !!entry.hidden, breadcrumb: trail, key: path, href: path });
        if (!entry.hidden) nodes.push({ key: path, title, icon: entry.meta?.icon, path, menuId });
        continue;
      }
      if (link) {
        routes.push({ path: link, name: (entry.name ?? title).toLowerCase(), title, icon: entry.meta?.icon, kind: 'external', target: link, menuId, hidden: !!entry.hidden, breadcrumb: trail, key: link, href: link });
        if (!entry.hidden) nodes.push({ key: `link:${link}`, title, icon: entry.meta?.icon, path: link, external: true, menuId });
        continue;
      }
      const auto = isAutoEntry(entry);
      const path = auto ? `/auto/${enNameOf(entry)}` : full.startsWith('/') ? full : `/${full}`;
      const key = pageKey(path, menuId);
      const href = menuHref(path, entry.query || undefined, menuId);
      routes.push({
        path,
        name: (entry.name ?? path).toLowerCase(),
        title,
        icon: entry.meta?.icon,
        kind: auto ? 'auto' : 'view',
        target: auto ? enNameOf(entry) : entry.component ?? '',
        menuId,
        hidden: !!entry.hidden,
        breadcrumb: trail,
        query: entry.query || undefined,
        key,
        href,
      });
      if (!entry.hidden) nodes.push({ key, title, icon: entry.meta?.icon, path: href, menuId });
    }
    return nodes;
  }
  const tree = walk(menus, '', []);
  return { routes, tree };
}
