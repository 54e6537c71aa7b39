import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import { loadSelection, loadViewState, saveSelection, saveViewState, type ListViewState } from '../../list/controllers/listStateCache';
import { notifyTabsClosed, onTabsClosed } from '../../session/tabEvents';
import { closeOtherTabs, closeTab, openTab, resetTabs } from '../../session/tabsStore';
import { forgetClosedTabs } from './forgetClosedTabs';

const view: ListViewState = { search: {}, sort: [], pageNum: 3, pageSize: 20, keyword: '合同' };
const client = new QueryClient();
let stop: () => void;

beforeEach(() => {
  sessionStorage.clear();
  resetTabs();
  for (const p of ['/auto/a?menuId=1', '/auto/b?menuId=2', '/auto/c/5']) openTab({ path: p, fullPath: p, title: p });
  saveViewState('/auto/a?menuId=1', view);
  saveSelection('/auto/a?menuId=1', [{ id: 1 }]);
  saveViewState('/auto/b?menuId=2&x=1', view);
  client.setQueryData(queryKeys.recordForm.record('c', '5'), { id: 5 });
  stop = onTabsClosed((paths) => forgetClosedTabs(paths, client));
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('closing a tab clears its cached list and form state (spec 02 §2.4; issue 27 item 10)', () => {
  it('closing one tab forgets its list state at once (memory and sessionStorage), others stay', () => {
    closeTab('/auto/a?menuId=1');
    notifyTabsClosed(['/auto/a?menuId=1'], 0);
    expect(loadViewState('/auto/a?menuId=1')).toBeUndefined();
    expect(loadSelection('/auto/a?menuId=1')).toEqual([]);
    expect(Object.keys(sessionStorage).filter((k) => k.includes('/auto/a'))).toEqual([]);
    expect(loadViewState('/auto/b?menuId=2&x=1')).toEqual(view);
  });

  it('closing others clears after 200 ms, including a form page\'s record', async () => {
    vi.useFakeTimers();
    closeOtherTabs('/auto/a?menuId=1');
    notifyTabsClosed(['/auto/b?menuId=2', '/auto/c/5'], 200);
    await vi.advanceTimersByTimeAsync(199);
    expect(loadViewState('/auto/b?menuId=2&x=1')).toEqual(view);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadViewState('/auto/b?menuId=2&x=1')).toBeUndefined();
    expect(client.getQueryData(queryKeys.recordForm.record('c', '5'))).toBeUndefined();
    expect(loadViewState('/auto/a?menuId=1')).toEqual(view);
  });

  it('a page still open under another menu keeps its state', () => {
    openTab({ path: '/auto/a?menuId=9', fullPath: '/auto/a?menuId=9', title: 'a9' });
    closeTab('/auto/a?menuId=1');
    notifyTabsClosed(['/auto/a?menuId=1'], 0);
    expect(loadViewState('/auto/a?menuId=1')).toEqual(view);
  });
});
