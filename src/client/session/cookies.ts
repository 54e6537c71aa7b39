/** The session cookies of spec 02 §9: token, tenant code, sidebar status. */
import Cookies from 'js-cookie';

const TOKEN = 'Admin-Token';
const TENANT = 'Tenant-Code';
const SIDEBAR = 'sidebarStatus';

/** The default tenant when none was chosen. */
export const DEFAULT_TENANT = 'DEFAULT';

/** The bearer token, when signed in. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN) || undefined;
}

/** Store the bearer token for this browser session. */
export function setToken(token: string): void {
  Cookies.set(TOKEN, token);
}

/** Forget the bearer token. */
export function removeToken(): void {
  Cookies.remove(TOKEN);
}

/** The tenant code the user last signed in to (`DEFAULT` when none). */
export function getTenantCode(): string {
  return Cookies.get(TENANT) || DEFAULT_TENANT;
}

/** Remember the tenant code for 30 days. */
export function setTenantCode(code: string): void {
  Cookies.set(TENANT, code, { expires: 30 });
}

/** Whether the sidebar was left open (true unless the cookie says '0'). */
export function getSidebarOpened(): boolean {
  return Cookies.get(SIDEBAR) !== '0';
}

/** Remember the sidebar open/closed state. */
export function setSidebarOpened(opened: boolean): void {
  Cookies.set(SIDEBAR, opened ? '1' : '0');
}
