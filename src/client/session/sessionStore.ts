/** The signed-in user's session (spec 02 §3 "User session"), filled by the login gate. */
import type { MenuEntry, SessionUser } from '../api/types';
import { createStore } from './createStore';

/** What the shell knows about the signed-in user. */
export interface SessionState {
  ready: boolean;
  user: SessionUser | null;
  roles: string[];
  permissions: string[];
  menus: MenuEntry[];
  /** Public and tenant configuration values by key (spec 02 §3 system config keys). */
  config: Record<string, string>;
}

const empty: SessionState = { ready: false, user: null, roles: [], permissions: [], menus: [], config: {} };

/** The session store. */
export const sessionStore = createStore<SessionState>(empty);

/** Forget everything about the signed-in user. */
export function clearSession(): void {
  sessionStore.set({ ...empty, config: sessionStore.get().config });
}

/** Whether the user holds any of `roles` (role `admin` holds all). */
export function hasRole(state: SessionState, ...roles: string[]): boolean {
  return state.roles.includes('admin') || roles.some((r) => state.roles.includes(r));
}

/** Whether the user holds any of `perms` (`*:*:*` holds all). */
export function hasPermission(state: SessionState, ...perms: string[]): boolean {
  return state.permissions.includes('*:*:*') || perms.some((p) => state.permissions.includes(p));
}

/** Whether the user is a supplier (spec 02 §3: roles include `supplier`). */
export function isSupplier(state: SessionState): boolean {
  return state.roles.includes('supplier');
}
