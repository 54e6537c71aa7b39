/** Builds the router tree of `GET /api/getRouters` from the menus the user may see. */
import { hasPermission } from '../auth/permissions.js';
import type { AuthUser } from '../auth/types.js';
import type { MenuRow } from '../repositories/menuRepository.js';
import type { RouterEntry } from '../../shared/auth.js';

function visibleTo(user: AuthUser, m: MenuRow): boolean {
  return !m.perms || m.perms.split(',').some((p) => hasPermission(user, p.trim()));
}

function toEntry(m: MenuRow, children: RouterEntry[]): RouterEntry {
  const isLink = /^https?:\/\//.test(m.path);
  const entry: RouterEntry = {
    menuId: m.id,
    showMenuId: m.id,
    name: m.route_name || `Menu${m.id}`,
    path: m.path,
    hidden: m.visible !== '0',
    component: m.component ?? (m.menu_type === 'M' ? 'Layout' : ''),
    isFrame: m.is_frame,
    target: m.target,
    query: m.query || undefined,
    formName: m.form_name ?? undefined,
    meta: { title: m.menu_name, icon: m.icon, noCache: false, link: isLink ? m.path : null, menuId: m.id },
  };
  if (m.menu_type === 'M') {
    entry.alwaysShow = true;
    entry.redirect = 'noRedirect';
    entry.children = children;
  }
  return entry;
}

/** Directories hold their visible entries; a directory with none is left out; buttons (F) never appear. */
export function buildRouters(menus: MenuRow[], user: AuthUser): RouterEntry[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const m of menus) {
    if (m.menu_type === 'F') continue;
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }
  const build = (parentId: number): RouterEntry[] => {
    const out: RouterEntry[] = [];
    for (const m of byParent.get(parentId) ?? []) {
      if (m.menu_type === 'M') {
        const children = build(m.id);
        if (children.length && visibleTo(user, m)) out.push(toEntry(m, children));
      } else if (visibleTo(user, m)) {
        out.push(toEntry(m, []));
      }
    }
    return out;
  };
  return build(0);
}

/** `/a/b/` → `/a/b`; a menu path joined to its directory's as the client's route table does. */
const trimPath = (p: string) => (`/${p.replace(/^\/+/, '')}`).replace(/\/+$/, '') || '/';
const joinPath = (base: string, p: string) => (p.startsWith('/') ? p : `${base.replace(/\/$/, '')}/${p}`);

/**
 * Whether `path` is a page of the tenant's enabled menus, and whether `user` may open it: the
 * shell shows 无权限 (403) for a page that exists but is not the user's, and 404 otherwise
 * (issue 26 item 7). A page counts as the user's when it and every directory above it are visible
 * to them, exactly as in `buildRouters`.
 */
export function menuPageAccess(menus: MenuRow[], user: AuthUser, path: string): 'allowed' | 'forbidden' | 'missing' {
  const wanted = trimPath(path.split('?')[0]);
  const byParent = new Map<number, MenuRow[]>();
  for (const m of menus) {
    if (m.menu_type === 'F') continue;
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }
  let found: 'allowed' | 'forbidden' | 'missing' = 'missing';
  const walk = (parentId: number, base: string, visible: boolean, depth: number) => {
    if (depth > 20) return;
    for (const m of byParent.get(parentId) ?? []) {
      if (/^https?:\/\//.test(m.path)) continue;
      const full = joinPath(base, m.path);
      const mine = visible && visibleTo(user, m);
      if (m.menu_type === 'M') walk(m.id, full, mine, depth + 1);
      else if (trimPath(full) === wanted) {
        if (mine) found = 'allowed';
        else if (found === 'missing') found = 'forbidden';
      }
    }
  };
  walk(0, '', true, 0);
  return found;
}
