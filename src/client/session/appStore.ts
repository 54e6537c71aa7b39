/** Sidebar and device state (spec 02 §2.4): open/closed remembered in a cookie, mobile below 992 px. */
import { getSidebarOpened, setSidebarOpened } from './cookies';
import { createStore } from './createStore';

/** Spec 02 §9. */
export const MOBILE_BREAKPOINT = 992;

/** Sidebar and device. */
export const appStore = createStore({ sidebarOpened: getSidebarOpened(), mobile: false });

/** Open or close the sidebar; only the desktop state is remembered. */
export function setSidebar(opened: boolean): void {
  appStore.set({ sidebarOpened: opened });
  if (!appStore.get().mobile) setSidebarOpened(opened);
}

/** Follow the window width; mobile closes the sidebar. */
export function updateDevice(width: number): void {
  const mobile = width < MOBILE_BREAKPOINT;
  if (mobile) appStore.set({ mobile, sidebarOpened: false });
  else if (appStore.get().mobile) appStore.set({ mobile, sidebarOpened: getSidebarOpened() });
}
