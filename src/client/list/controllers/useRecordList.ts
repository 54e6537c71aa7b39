/**
 * The record list's data and callbacks (spec 01 §2.2–2.3, §3.5, §4): query state, rows, totals,
 * tree children and selection, over TanStack Query. No antd: the view renders and asks.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { totalsRequest, type ColumnModel, type FormDefinition } from '../../../../schema-adapters';
import { queryKeys } from '../../api/queryKeys';
import { calcdValues, haveSub, listRecords, type CalcdRequest, type CalcdValue, type ListQuery, type OrderKey, type RecordRow } from '../../api/records';
import type { PageResponse } from '../../api/types';
import type { ColumnSearch, SearchState } from '../search/columnSearch';
import { buildQueryFilters } from '../search/searchConditions';
import { localTotals } from '../table/localTotals';
import { nextSort, sortQuery, withoutSort } from '../table/sortState';
import { loadSelection, loadViewState, saveSelection, saveViewState, type ListViewState } from './listStateCache';
import type { ListScene } from './listScene';
import { flattenTree, type DisplayRow } from './treeRows';

/** What the list is and where it runs. */
export interface RecordListOptions {
  enName: string;
  def: FormDefinition;
  columns: ColumnModel[];
  scene: ListScene;
  menuId?: number;
  initFilter?: Record<string, unknown>;
  /** Further keys of every list query (relateForm: `sourceForm`). */
  extraQuery?: Record<string, unknown>;
  /** The full path the state is cached under (normal scene); none: nothing is cached. */
  routeKey?: string;
  defaultPageSize: number;
  /** Called when a tree row's children cannot be loaded (the view shows 获取子级信息失败). */
  onChildError?: () => void;
}

type ListPage = PageResponse<RecordRow> & { failed?: boolean };

/**
 * The totals to ask for: the adapter's `totalsRequest` (operations and precision of each
 * columnEvalList entry), narrowed to the columns on screen so hidden ones cost the server nothing.
 */
export function calcdOf(def: FormDefinition, columns: ColumnModel[]): CalcdRequest {
  const shown = new Set(columns.map((c) => c.key));
  return Object.fromEntries(Object.entries(totalsRequest(def)).filter(([field]) => shown.has(field)));
}

/**
 * The row shape a scene asks for: the normal list page reads compact rows; the pickers' rows
 * feed relate2CurrentValues, which copies `$view` companions, so they stay full.
 */
export function rowShapeOf(scene: ListScene): Pick<ListQuery, 'rowShape'> {
  return scene === 'normal' ? { rowShape: 'compact' } : {};
}

/** The list controller. */
export function useRecordList(options: RecordListOptions) {
  const { enName, columns, scene, menuId, initFilter, routeKey, def, extraQuery } = options;
  const client = useQueryClient();
  const cached = routeKey ? loadViewState(routeKey) : undefined;
  const [view, setView] = useState<ListViewState>(
    () => cached ?? { search: {}, sort: [], pageNum: 1, pageSize: options.defaultPageSize, keyword: '' },
  );
  const [selected, setSelected] = useState<Map<string, RecordRow>>(
    () => new Map((routeKey ? loadSelection(routeKey) : []).map((r) => [String(r.id), r])),
  );
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [children, setChildren] = useState<Map<string, RecordRow[]>>(() => new Map());
  const [childLeaves, setChildLeaves] = useState<Record<string, boolean>>({});

  // A page size set before the user's saved one arrived follows it, unless a cached view exists.
  const hadCache = useRef(cached !== undefined);
  useEffect(() => {
    if (!hadCache.current) setView((v) => (v.pageSize === options.defaultPageSize ? v : { ...v, pageSize: options.defaultPageSize }));
  }, [options.defaultPageSize]);

  useEffect(() => {
    if (routeKey) saveViewState(routeKey, view);
  }, [routeKey, view]);
  useEffect(() => {
    if (routeKey) saveSelection(routeKey, [...selected.values()]);
  }, [routeKey, selected]);

  const filters = useMemo(() => buildQueryFilters(columns, view.search), [columns, view.search]);
  const filterQuery = useMemo(() => {
    const q: Omit<ListQuery, 'pageNum' | 'pageSize'> = { ...extraQuery, ...sortQuery(view.sort) };
    if (filters.searchConList.length) q.searchConList = filters.searchConList;
    if (filters.sysStatus) q.sysStatus = filters.sysStatus;
    if (initFilter && Object.keys(initFilter).length) q.initFilter = initFilter;
    if (menuId) q.menuId = menuId;
    if (view.keyword.trim()) q.keyword = view.keyword.trim();
    if (scene === 'relateForm') q.scene = 'relateForm';
    return q;
  }, [filters, view.sort, view.keyword, initFilter, menuId, scene, extraQuery]);
  const query: ListQuery = useMemo(() => ({ ...filterQuery, pageNum: view.pageNum, pageSize: view.pageSize }), [filterQuery, view.pageNum, view.pageSize]);
  // The page's own rows (and a tree's children) come compact: the cells take labels of fixed
  // options from the definition and the 状态 from sys_status (issue 28 item 4). A picker's rows
  // stay full: picking copies `$view` companions into the form (relate2CurrentValues).
  const shape = useMemo(() => rowShapeOf(scene), [scene]);

  const list = useQuery({
    queryKey: queryKeys.records.list(enName, { ...query, ...shape }),
    // Spec 01 §8: a list that fails to load shows empty rows.
    queryFn: async (): Promise<ListPage> => {
      try {
        return await listRecords(enName, { ...query, ...shape });
      } catch {
        return { code: 200, msg: '', rows: [], total: 0, failed: true };
      }
    },
    placeholderData: keepPreviousData,
    // A new page replaces the old one: comparing 1,000 rows deeply would only cost time.
    structuralSharing: false,
  });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);

  const tree = def.tree === true;
  const leaves = useQuery({
    queryKey: queryKeys.records.haveSub(enName, ids),
    queryFn: async () => (await haveSub(enName, ids)).data ?? {},
    enabled: tree && ids.length > 0,
  });

  const calcd = useMemo(() => calcdOf(def, columns), [def, columns]);
  const hasTotals = Object.keys(calcd).length > 0;
  // Totals do not depend on the order: a sort does not ask for them again.
  const totalsQuery = useMemo(() => {
    const { sysOrderBy: _s, multiFieldOrder: _m, ...rest } = filterQuery;
    return rest;
  }, [filterQuery]);
  const serverTotals = useQuery({
    queryKey: queryKeys.records.totals(enName, { ...totalsQuery, calcd }),
    queryFn: async () => (await calcdValues(enName, { ...totalsQuery, pageNum: 1, pageSize: 1 } as ListQuery, calcd)).data ?? [],
    enabled: hasTotals && selected.size === 0,
    placeholderData: keepPreviousData,
  });
  const selectedRows = useMemo(() => [...selected.values()], [selected]);
  const totals: CalcdValue[] = useMemo(
    () => (!hasTotals ? [] : selected.size ? localTotals(columns, selectedRows) : serverTotals.data ?? []),
    [hasTotals, selected.size, columns, selectedRows, serverTotals.data],
  );

  const displayRows: DisplayRow[] = useMemo(() => {
    const leafOf = (id: string) => !tree || !(leaves.data?.[id] ?? childLeaves[id] ?? false);
    return flattenTree(rows, leafOf, expanded, children);
  }, [rows, tree, leaves.data, childLeaves, expanded, children]);

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: queryKeys.records.form(enName) }), [client, enName]);
  const clearSelection = useCallback(() => {
    // Written through at once: clearing precedes a navigation that may unmount the list before its effects run.
    if (routeKey) saveSelection(routeKey, []);
    setSelected(new Map());
  }, [routeKey]);
  const patch = useCallback((p: Partial<ListViewState>) => setView((v) => ({ ...v, ...p })), []);

  const toggleExpand = useCallback(
    async (row: RecordRow) => {
      const key = String(row.id);
      if (expanded.has(key)) {
        setExpanded((s) => { const n = new Set(s); n.delete(key); return n; });
        return;
      }
      try {
        const kids = await client.fetchQuery({
          queryKey: queryKeys.records.children(enName, key, shape.rowShape),
          queryFn: async () => (await listRecords(enName, { pageNum: 1, pageSize: 1000, initFilter: { pid: row.id }, ...shape })).rows ?? [],
        });
        const sub = kids.length ? (await haveSub(enName, kids.map((k) => k.id))).data ?? {} : {};
        setChildLeaves((m) => ({ ...m, ...sub }));
        setChildren((m) => new Map(m).set(key, kids));
        setExpanded((s) => new Set(s).add(key));
      } catch {
        options.onChildError?.();
      }
    },
    [client, enName, expanded, options, shape],
  );

  // Stable callbacks: the toolbar, header and pager are memoised on them.
  const setPage = useCallback((pageNum: number, pageSize: number) => patch({ pageNum, pageSize }), [patch]);
  const setColumnSearch = useCallback(
    (key: string, search: ColumnSearch | undefined) =>
      setView((v) => {
        const next: SearchState = { ...v.search };
        if (search) next[key] = search;
        else delete next[key];
        return { ...v, search: next, pageNum: 1 };
      }),
    [],
  );
  const clearSearch = useCallback(() => patch({ search: {}, keyword: '', pageNum: 1 }), [patch]);
  const replaceSearch = useCallback((search: SearchState) => patch({ search, pageNum: 1 }), [patch]);
  const toggleSort = useCallback((field: string, multi = false) => setView((v) => ({ ...v, sort: nextSort(v.sort, field, multi), pageNum: 1 })), []);
  const removeSort = useCallback((field: string) => setView((v) => ({ ...v, sort: withoutSort(v.sort, field) })), []);
  const setSort = useCallback((sort: OrderKey[]) => patch({ sort }), [patch]);
  const setKeyword = useCallback((keyword: string) => patch({ keyword, pageNum: 1 }), [patch]);
  const setSelectedRows = useCallback((rowsToSelect: RecordRow[]) => setSelected(new Map(rowsToSelect.map((r) => [String(r.id), r]))), []);
  const toggleSelected = useCallback(
    (row: RecordRow, single = false) =>
      setSelected((m) => {
        const key = String(row.id);
        if (single) return new Map([[key, row]]);
        const n = new Map(m);
        if (n.has(key)) n.delete(key);
        else n.set(key, row);
        return n;
      }),
    [],
  );

  return {
    query,
    rows,
    displayRows,
    total: list.data?.total ?? 0,
    totalExact: list.data?.totalExact !== false,
    loading: list.isFetching,
    loaded: list.isFetched,
    failed: list.data?.failed === true,
    view,
    setPage,
    /** Apply (or, with undefined, clear) one column's search and go back to page 1. */
    setColumnSearch,
    clearSearch,
    replaceSearch,
    toggleSort,
    removeSort,
    setSort,
    setKeyword,
    selected,
    selectedRows,
    setSelected: setSelectedRows,
    toggleSelected,
    clearSelection,
    totals,
    totalsLocal: selected.size > 0,
    totalsEstimate: selected.size === 0 && list.data?.totalExact === false,
    expanded,
    toggleExpand,
    refresh,
  };
}

/** The controller's value, for views that receive it. */
export type RecordListController = ReturnType<typeof useRecordList>;
