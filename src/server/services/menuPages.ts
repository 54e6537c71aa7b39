/** The menu pages a user may open, by menu id (the 常用功能 of /api/myCommonInfo). */
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/types.js';
import type { Database } from '../db/types.js';
import type { RouterEntry } from '../../shared/auth.js';
import { listEnabledMenus } from '../repositories/menuRepository.js';
import { buildRouters } from './routerService.js';

export interface MenuPage {
  title: string;
  /** Where the page opens: the route path with `?menuId=` (an http(s) link as it is). */
  path: string;
}

function isExternal(path: string): boolean {
  return /^https?:\/\//.test(path);
}

function join(base: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/**
 * Every menu page the user may open, by menu id, with the address the client builds for it
 * (src/client/session/buildRoutes.ts: `Auto` entries open the generated list `/auto/{enName}`).
 */
export async function visibleMenuPages(db: Kysely<Database>, user: AuthUser): Promise<Map<number, MenuPage>> {
  const out = new Map<number, MenuPage>();
  const walk = (entries: RouterEntry[], base: string) => {
    for (const e of entries) {
      const full = join(base, e.path);
      if (e.children) {
        walk(e.children, full);
        continue;
      }
      if (isExternal(e.path)) {
        out.set(e.menuId, { title: e.meta.title, path: e.path });
        continue;
      }
      const auto = /Auto/.test(e.name) || /Auto/.test(e.component);
      const enName = e.formName || full.split('?')[0].split('/').filter(Boolean).pop() || '';
      const path = auto ? `/auto/${enName}` : full.startsWith('/') ? full : `/${full}`;
      out.set(e.menuId, { title: e.meta.title, path: `${path}?menuId=${e.menuId}` });
    }
  };
  walk(buildRouters(await listEnabledMenus(db, user.tenantId), user), '');
  return out;
}

