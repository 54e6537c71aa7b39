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

/** Add a tab, or update its title / full path when the path is already open. */
export function openTab(tab: TabView): void {
  tabsStore.set(({ tabs }) => {
    const found = tabs.find((t) => t.path === tab.path);
    if (found) return { tabs: tabs.map((t) => (t.path === tab.path ? { ...t, fullPath: tab.fullPath, title: tab.title || t.title } : t)) };
    return { tabs: [...tabs, tab] };
  });
}

/** Change the title of the tab at `path` (form pages set verb + form name), whatever its menu id. */
export function setTabTitle(path: string, title: string): void {
  const matches = (t: TabView) => t.path === path || t.path.startsWith(`${path}?`);
  tabsStore.set(({ tabs }) => ({ tabs: tabs.map((t) => (matches(t) ? { ...t, title } : t)) }));
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
