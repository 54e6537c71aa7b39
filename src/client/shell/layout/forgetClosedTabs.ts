/**
 * What a closed tab's page cached goes with the tab (spec 02 §2.4: at once for one tab, after
 * 200 ms for others / all — the delay is the tab bar's): a list's query state and ticked rows, and
 * a form page's record. Reopening the page then starts from the server's data, not from a past visit.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { forgetListState } from '../../list/controllers/listStateCache';
import { tabsStore } from '../../session/tabsStore';

const barePath = (key: string) => key.split('?')[0];

/** Forget the cached state of the pages of closed tabs `paths` (tab keys: path plus `?menuId=`). */
export function forgetClosedTabs(paths: string[], client: QueryClient): void {
  // A page still open in another tab (same path, another menu) keeps its state; a refreshed tab
  // (announced as closed while it stays) starts afresh.
  const gone = new Set(paths);
  const open = new Set(tabsStore.get().tabs.filter((t) => !gone.has(t.path)).map((t) => barePath(t.path)));
  const closed = new Set(paths.map(barePath).filter((p) => !open.has(p)));
  if (!closed.size) return;
  forgetListState((route) => closed.has(barePath(route)));
  for (const path of closed) {
    const m = /^\/auto\/([^/]+)\/(?:detail)?(\d+)$/.exec(path);
    if (m) client.removeQueries({ queryKey: queryKeys.recordForm.record(decodeURIComponent(m[1]), m[2]) });
  }
}
