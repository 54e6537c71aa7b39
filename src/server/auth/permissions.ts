/** Permission checks of spec 01 §6 / CONTRACT.md §3: role `admin` and `*:*:*` pass everything. */
import { forbidden } from '../http/HttpError.js';
import type { AuthUser } from './types.js';

export const ALL_PERMISSIONS = '*:*:*';
export const ADMIN_ROLE = 'admin';

/** True when the user is an admin or holds the permission (or `*:*:*`). */
export function hasPermission(user: Pick<AuthUser, 'roleKeys' | 'permissions'>, perm: string): boolean {
  if (user.roleKeys.includes(ADMIN_ROLE)) return true;
  return user.permissions.includes(ALL_PERMISSIONS) || user.permissions.includes(perm);
}

/** True when the user holds at least one of the permissions. */
export function hasAnyPermission(user: Pick<AuthUser, 'roleKeys' | 'permissions'>, ...anyOf: string[]): boolean {
  return anyOf.some((p) => hasPermission(user, p));
}

/** Throws the 403 HttpError (`当前操作没有权限`) unless the user holds one of the permissions. */
export function requirePermission(user: Pick<AuthUser, 'roleKeys' | 'permissions'>, ...anyOf: string[]): void {
  if (!hasAnyPermission(user, ...anyOf)) throw forbidden();
}

/** True when the user has the role key (admin passes). */
export function hasRole(user: Pick<AuthUser, 'roleKeys'>, roleKey: string): boolean {
  return user.roleKeys.includes(ADMIN_ROLE) || user.roleKeys.includes(roleKey);
}
