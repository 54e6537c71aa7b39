/**
 * The record list's orchestration (spec 01 §2.2–2.3): columns from the adapter and the user's
 * settings, the list state (`useRecordList`), toolbar and row buttons, actions, saved filters,
 * paging and column-width saves, totals by field, the add drawer of a stock-in form. No antd:
 * the view passes its dialogs (`Prompts`) and navigation, then only renders what this returns.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { formOptions, toColumns, type ColumnModel, type FormDefinition } from '../../../../schema-adapters';
import type { RecordRow } from '../../api/records';
import { DEFAULT_PAGE_SIZE } from '../table/paging';
import { useConstantColumns } from '../../controllers/useConstantColumns';
import { blockedBySelection, rowButtonCandidates, rowButtonsFor, toolbarButtons, type ActionButton } from './listActions';
import type { ListScene } from './listScene';
import { useListActions, type Prompts } from './useListActions';
import { useListContext } from './useListContext';
import type { useListSettings } from './useListSettings';
import { useRecordList } from './useRecordList';
import { customRowCandidates } from '../buttons/customButtonList';
import { useCustomButtons } from '../buttons/useCustomButtons';
import { useSavedFilters } from './useSavedFilters';

/** Spec 01 §2.2: list row heights (a form with `feature.rowDensity: 'compact'` uses the smaller). */
export const ROW_HEIGHT = { normal: 36, compact: 28 } as const;

/** What the controller needs from the embedding view. */
export interface RecordListControllerArgs {
  def: FormDefinition;
  scene: ListScene;
  settings: ReturnType<typeof useListSettings>;
  menuId?: number;
  initFilter?: Record<string, unknown>;
  sourceForm?: string;
  /** relateForm: further keys of every list call (`sourceField`, `sourceValues`). */
  pickerQuery?: Record<string, unknown>;
  routeKey?: string;
  prompts: Prompts;
  navigate(to: string): void;
  /** Called when a tree row's children cannot be loaded. */
  onChildError(): void;
}

/** The controller of one list view. */
export function useRecordListController(args: RecordListControllerArgs) {
  const { def, scene, settings, prompts, navigate } = args;
  const enName = def.enName;
  const { has, ctx, userId } = useListContext();
  const saveTable = settings.saveTable;
  const saved = useSavedFilters(enName, scene === 'normal' ? userId : undefined);
  const options = formOptions(def);

  const rowCandidates = useMemo(() => (scene === 'normal' ? rowButtonCandidates(def, has) : []), [scene, def, has]);
  const customRowNames = useMemo(() => (scene === 'normal' ? customRowCandidates(def, has).map((b) => b.name) : []), [scene, def, has]);
  const columns: ColumnModel[] = useMemo(() => {
    const all = toColumns(def, {
      settings: settings.system,
      userColumns: settings.table.columns,
      showStatus: settings.table.showStatus,
      fixColumns: settings.table.fixColumns,
      rowActionNames: [...rowCandidates.map((b) => b.label), ...customRowNames],
      ctx,
    });
    return all.filter((c) => c.visible);
  }, [def, settings.system, settings.table.columns, settings.table.showStatus, settings.table.fixColumns, rowCandidates, customRowNames, ctx]);
  const shownColumns = useConstantColumns(columns);
  const fixColumns = settings.table.fixColumns ?? def.feature?.fixColumns ?? 0;

  const list = useRecordList({
    enName,
    def,
    columns,
    scene,
    menuId: args.menuId,
    initFilter: useMemo(() => ({ ...(args.initFilter ?? {}) }), [args.initFilter]),
    extraQuery: useMemo(
      () => (args.sourceForm || args.pickerQuery ? { ...(args.sourceForm ? { sourceForm: args.sourceForm } : {}), ...args.pickerQuery } : undefined),
      // The picker query is rebuilt on each render of the field; its content decides.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [args.sourceForm, JSON.stringify(args.pickerQuery ?? null)],
    ),
    routeKey: args.routeKey,
    defaultPageSize: settings.table.pageSize || DEFAULT_PAGE_SIZE,
    onChildError: args.onChildError,
  });

  const { refresh, clearSelection } = list;
  // Anything that changes rows (delete, void, custom buttons, import, batch edit, the add drawer)
  // refreshes through this, and clears the ticks: they would otherwise name rows as they were.
  const after = useMemo(() => ({ refresh: () => { clearSelection(); void refresh(); }, clearSelection }), [refresh, clearSelection]);
  // Spec 01 §2.1: a stock-in form adds through the 白条入库 drawer over the list, not the add page.
  const [addDrawerOpen, setAddDrawerOpen] = useState(false);
  const routes = useMemo(() => ({ navigate, openAddDrawer: () => setAddDrawerOpen(true) }), [navigate]);
  const actions = useListActions(def, has, prompts, routes, after);
  // The form's custom buttons (list/buttons): pre-checks, the run overlay, the result.
  const custom = useCustomButtons(def, has, after, args.menuId, scene === 'normal');
  const selectedRef = useRef(list.selectedRows);
  selectedRef.current = list.selectedRows;
  const customRun = custom.run;
  const onCustomTop = useCallback((b: Parameters<typeof customRun>[0]) => void customRun(b, selectedRef.current), [customRun]);
  const onCustomRow = useCallback((b: Parameters<typeof customRun>[0], row: RecordRow) => void customRun(b, [row]), [customRun]);
  const run = actions.run;
  const onToolbarAction = useCallback((b: ActionButton) => void run(b.action, selectedRef.current), [run]);
  const onRowAction = useCallback((b: ActionButton, row: RecordRow) => void run(b.action, [row]), [run]);
  const rowButtons = useCallback((row: RecordRow) => rowButtonsFor(rowCandidates, row, ctx, def), [rowCandidates, ctx, def]);

  const { setColumnSearch, setPage, view, setKeyword } = list;
  const onRemoveSearch = useCallback((key: string) => setColumnSearch(key, undefined), [setColumnSearch]);
  const onRemoveKeyword = useCallback(() => setKeyword(''), [setKeyword]);
  const saveFilters = saved.save;
  const onSaveFilters = useCallback((keys: string[]) => void saveFilters(keys).catch(() => undefined), [saveFilters]);
  const currentPageSize = view.pageSize;
  const onPage = useCallback(
    (pageNum: number, pageSize: number) => {
      if (pageSize !== currentPageSize) void saveTable({ pageSize }).catch(() => undefined);
      setPage(pageNum, pageSize);
    },
    [currentPageSize, saveTable, setPage],
  );
  const onResize = useCallback((widths: { enName: string; width: number }[]) => void saveTable({ columns: widths }).catch(() => undefined), [saveTable]);
  // The server bounds the fixed count by the columns sent: send every stored column's width.
  const onSaveTableSettings = useCallback(
    (patch: Parameters<typeof saveTable>[0]) =>
      void saveTable({ ...patch, columns: columns.filter((c) => c.kind === 'field' || c.kind === 'status').map((c) => ({ enName: c.key, width: c.width })) }).catch(() => undefined),
    [saveTable, columns],
  );
  const buttons = useMemo(() => (scene === 'normal' ? toolbarButtons(def, has) : []), [scene, def, has]);
  const blocked = useMemo(() => blockedBySelection(list.selectedRows, def), [list.selectedRows, def]);
  const totalsByField = useMemo(() => new Map(list.totals.map((t) => [t.field, t])), [list.totals]);
  const fieldColumnCount = columns.filter((c) => c.kind === 'field' || c.kind === 'virtual').length;
  // relateForm: 是否新增? on an empty first page when sys.list.empty.tip is true (spec 01 §2.2).
  const offerAdd =
    scene === 'relateForm' && settings.system['sys.list.empty.tip'] === 'true' && !list.loading && list.loaded && !list.failed && list.view.pageNum === 1 && list.rows.length === 0;

  return {
    enName,
    has,
    ctx,
    list,
    columns,
    shownColumns,
    fixColumns,
    fieldColumnCount,
    saved,
    buttons,
    blocked,
    rowButtons,
    onToolbarAction,
    onRowAction,
    onRemoveSearch,
    onRemoveKeyword,
    onSaveFilters,
    onPage,
    onResize,
    onSaveTableSettings,
    totalsByField,
    /** Whether to ask 是否新增? now (the view asks once). */
    offerAdd,
    rowHeight: options.compactRows ? ROW_HEIGHT.compact : ROW_HEIGHT.normal,
    /** The add drawer of a `feature.addMode: 'stockInDrawer'` form. */
    addDrawer: { enabled: options.addMode === 'stockInDrawer', open: addDrawerOpen, close: () => setAddDrawerOpen(false) },
    refresh: after.refresh,
    /** Custom buttons: toolbar and row candidates, the running overlay, and their handlers. */
    custom: { top: custom.top, rowCandidates: custom.rowCandidates, overlay: custom.overlay, onTop: onCustomTop, onRow: onCustomRow },
  };
}
