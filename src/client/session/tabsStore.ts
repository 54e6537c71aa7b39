/** Visited tabs (spec 02 §2.4 tab bar; §3 "Tag view"). */
import { createStore } from './createStore';

/** One tab. */
export interface TabView {
  /** The tab's identity: the page key (path, plus `?menuId=` for a menu page; see menuQuery.pageKey). */
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
}

/** The index tab, pinned (spec 02 §2.3). */
export const INDEX_TAB: TabView = { path: '/index', fullPath: '/index', title: '首页', affix: true };

/** The visited tabs. */
export const tabsStore = createStore<{ tabs: TabView[] }>({ tabs: [INDEX_TAB] });

/**
 * Titles a page asked for before its tab existed, by path without query. A form page whose
 * definition is already cached titles itself in the same commit that changes the address, and
 * its effect runs before the tab tracker's (children first), so the title must wait for the tab.
 */
const pendingTitles = new Map<string, string>();

const barePath = (key: string) => key.split('?')[0];

/** Add a tab, or update its title / full path when the path is already open. */
export function openTab(tab: TabView): void {
  tabsStore.set(({ tabs }) => {
    const found = tabs.find((t) => t.path === tab.path);
    if (found) return { tabs: tabs.map((t) => (t.path === tab.path ? { ...t, fullPath: tab.fullPath, title: tab.title || t.title } : t)) };
    const pending = pendingTitles.get(barePath(tab.path));
    pendingTitles.delete(barePath(tab.path));
    return { tabs: [...tabs, pending ? { ...tab, title: pending } : tab] };
  });
}

/** Change the title of the tab at `path` (form pages set verb + form name), whatever its menu id. */
export function setTabTitle(path: string, title: string): void {
  const matches = (t: TabView) => t.path === path || t.path.startsWith(`${path}?`);
  if (!tabsStore.get().tabs.some(matches)) {
    pendingTitles.set(path, title);
    return;
  }
  tabsStore.set(({ tabs }) => ({ tabs: tabs.map((t) => (matches(t) ? { ...t, title } : t)) }));
}

/**
 * Turn the tab at `from` into the tab of another page, in place (an add page becoming the edit
 * page of the record it saved: one record, one tab). When `to` is already open, `from` just closes.
 */
export function retargetTab(from: string, to: TabView): void {
  tabsStore.set(({ tabs }) => {
    if (tabs.some((t) => t.path === to.path)) return { tabs: tabs.filter((t) => t.affix || t.path !== from) };
    if (!tabs.some((t) => t.path === from)) return { tabs: [...tabs, to] };
    return { tabs: tabs.map((t) => (t.path === from ? { ...to, affix: t.affix } : t)) };
  });
}

/** Close one tab (affixed tabs stay); returns the remaining tabs. */
export function closeTab(path: string): TabView[] {
  tabsStore.set(({ tabs }) => ({ tabs: tabs.filter((t) => t.affix || t.path !== path) }));
  return tabsStore.get().tabs;
}

/** Close every tab but the affixed ones and `keep`. */
export function closeOtherTabs(keep: string): TabView[] {
  tabsStore.set(({ tabs }) => ({ tabs: tabs.filter((t) => t.affix || t.path === keep) }));
  return tabsStore.get().tabs;
}

/** Close every closable tab. */
export function closeAllTabs(): TabView[] {
  tabsStore.set(({ tabs }) => ({ tabs: tabs.filter((t) => t.affix) }));
  return tabsStore.get().tabs;
}

/** Reset to the index tab only (on sign-out or for suppliers, with no tab at all). */
export function resetTabs(withIndex = true): void {
  tabsStore.set({ tabs: withIndex ? [INDEX_TAB] : [] });
}
