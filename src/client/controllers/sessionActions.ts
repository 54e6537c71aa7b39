/** Ending a session (spec 02 §2.4, §6): revoke, clear cookies and stores, leave to the right page. */
import { logout } from '../api/auth';
import { getToken, removeToken } from '../session/cookies';
import { clearSession, isSupplier, sessionStore } from '../session/sessionStore';
import { resetTabs } from '../session/tabsStore';

/** Where a signed-out user goes: suppliers to the supplier login, others to /index. */
export function leaveTarget(): string {
  return isSupplier(sessionStore.get()) ? '/supplier/login' : '/index';
}

/** Revoke the token on the server (when still held), forget the session locally. */
export async function endSession(): Promise<void> {
  if (getToken()) await logout().catch(() => undefined);
  removeToken();
  clearSession();
  resetTabs();
}

/** End the session and reload on the leave target (drops every cached query and page state). */
export async function endSessionAndLeave(): Promise<void> {
  const target = leaveTarget();
  await endSession();
  window.location.href = target;
}

/**
 * Where 重新登录 goes: the sign-in page, which brings the user back to the page they were on (with
 * its query) — suppliers to their own sign-in page.
 */
export function reloginTarget(): string {
  if (isSupplier(sessionStore.get())) return leaveTarget();
  const here = `${window.location.pathname}${window.location.search}`;
  return here.startsWith('/login') ? here : `/login?redirect=${encodeURIComponent(here)}`;
}

/** After the 401 confirm: the token is already dead, so forget it without calling the server. */
export function forgetSessionAndLeave(): void {
  const target = reloginTarget();
  removeToken();
  clearSession();
  resetTabs();
  window.location.href = target;
}
