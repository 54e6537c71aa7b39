/**
 * The home-page modules (spec 02 §2.4 "list of modules with id, name, selected"; §7
 * /system/home/modules/default and /system/home/my/modules). The catalogue is code: a module is a
 * piece of the home page the client knows how to draw.
 */
import { badRequest } from '../http/HttpError.js';
import type { StoredModule } from '../repositories/homeModuleRepository.js';
import type { HomeModule } from '../../shared/contract/homeModules.js';

/** What a caller sees: every module, in the saved order, with whether it is on (the contract's type). */
export type { HomeModule } from '../../shared/contract/homeModules.js';

/** Every module of the home page, in the default order. */
export const HOME_MODULES: readonly { id: string; name: string; defaultSelected: boolean }[] = [
  { id: 'userInfo', name: '个人信息', defaultSelected: true },
  { id: 'messages', name: '我的消息', defaultSelected: true },
  { id: 'shortcuts', name: '常用功能', defaultSelected: true },
  // Added later: off until a user (or the admin's default) switches them on, so existing home pages keep their look.
  { id: 'calendar', name: '我的日程', defaultSelected: false },
  { id: 'announce', name: '滚动公告', defaultSelected: false },
  // Issue 18: open approval tasks with their count (src/client/pages/flow/TodoModule.tsx).
  { id: 'todo', name: '我的待办', defaultSelected: false },
];

/**
 * The catalogue in the order of `stored`, with its choices. Modules the stored list does not name
 * (nothing saved yet, or added to the catalogue since) follow in catalogue order, switched on or
 * off as the catalogue's `defaultSelected` says.
 */
export function resolveModules(stored: StoredModule[] | null): HomeModule[] {
  const names = new Map(HOME_MODULES.map((m) => [m.id, m.name]));
  const out: HomeModule[] = [];
  for (const s of stored ?? []) {
    const name = names.get(s.id);
    if (name === undefined || out.some((m) => m.id === s.id)) continue;
    out.push({ id: s.id, name, selected: s.selected === true });
  }
  for (const m of HOME_MODULES) if (!out.some((o) => o.id === m.id)) out.push({ id: m.id, name: m.name, selected: m.defaultSelected });
  return out;
}

/** Checks a submitted list (`[{id, selected}]`): unknown or repeated ids are a 400. */
export function validateModules(list: { id: string; selected: boolean }[]): StoredModule[] {
  const known = new Set(HOME_MODULES.map((m) => m.id));
  const seen = new Set<string>();
  return list.map((m, i) => {
    if (!known.has(m.id)) throw badRequest(`未知的首页模块：${m.id}`, [{ field: `[${i}].id`, message: `未知的首页模块：${m.id}` }]);
    if (seen.has(m.id)) throw badRequest(`首页模块重复：${m.id}`);
    seen.add(m.id);
    return { id: m.id, selected: m.selected };
  });
}
