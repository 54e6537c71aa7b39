/**
 * The generated record list (spec 01 §2.2–2.3): toolbar, condition tags, the virtualised table
 * with column search, sorting, selection, row actions and totals, and the pager. One component
 * for the three scenes: the normal page, relateForm (pick one) and subForm (pick several).
 */
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toColumns, type ColumnModel, type FormDefinition } from '../../../schema-adapters';
import { getFormByEnName } from '../api/forms';
import { queryKeys } from '../api/queryKeys';
import type { RecordRow } from '../api/records';
import { useNavigate } from '../shell/navigation';
import { PageLoading } from '../shell/PageLoading';
import { blockedBySelection, rowButtonCandidates, rowButtonsFor, toolbarButtons, type ActionButton } from './controllers/listActions';
import type { ListScene } from './controllers/listScene';
import { DRAWER_ADD_FORMS, useListActions, type Prompts } from './controllers/useListActions';
import { useListContext } from './controllers/useListContext';
import { useListSettings } from './controllers/useListSettings';
import { useRecordList } from './controllers/useRecordList';
import { useSavedFilters } from './controllers/useSavedFilters';
import styles from './list.module.css';
import { HeaderSearch } from './search/HeaderSearch';
import { isActive } from './search/searchConditions';
import { ListTable } from './table/ListTable';
import { TotalsCell } from './table/TotalsCell';
import { DEFAULT_PAGE_SIZE, SCROLL_TOP_MS } from './table/paging';
import { scrollToTop } from './table/scrollToTop';
import { ConditionTags } from './toolbar/ConditionTags';
import { ListPager } from './toolbar/ListPager';
import { ListToolbar } from './toolbar/ListToolbar';
import { useConstantColumns } from './cells/useConstantColumns';
import { SavedFilters } from './toolbar/SavedFilters';
import { TableSettingsButton } from './toolbar/TableSettingsButton';
import { ListIoButtons } from './io/ListIoButtons';
import { customRowCandidates } from './buttons/customButtonList';
import { CustomRowButtons } from './buttons/CustomRowButtons';
import { CustomTopButtons } from './buttons/CustomTopButtons';
import { useCustomButtons } from './buttons/useCustomButtons';

// The stock-in drawer is a whole Formily form: loaded only when a stock-in list asks for it.
const StockInDrawer = lazy(() => import('../form/stockIn/StockInDrawer').then((m) => ({ default: m.StockInDrawer })));

/** Spec 01 §2.2: the two stock-in lists use a smaller row height. */
const COMPACT_FORMS = ['auto_tzbk_btgl_btrk', 'auto_tzbk_btgl_wgbtrk'];

/** Text of the empty-list prompt of the relateForm scene. */
export const EMPTY_ADD_PROMPT = '是否新增?';

/** Props of the embeddable list. */
export interface RecordListProps {
  enName: string;
  scene?: ListScene;
  menuId?: number;
  /** Fixed conditions (a related-form picker's relateFilter, a sub-form import's filter). */
  initFilter?: Record<string, unknown>;
  /** relateForm: the form whose field picks from this list (the server's permission rule). */
  sourceForm?: string;
  /** Cache key of the query state (normal scene: the full route path). */
  routeKey?: string;
  height?: number | string;
  /** Called with the selected records whenever the selection changes. */
  onSelectionChange?(rows: RecordRow[]): void;
  /** relateForm: a double-clicked row is picked at once. */
  onPick?(rows: RecordRow[]): void;
  /** relateForm: the user accepted 是否新增? on an empty list. */
  onAddRequest?(): void;
  /** Extra toolbar content at its right end. */
  toolbarExtra?: ReactNode;
  /** A title at the toolbar's start (the page's form name). */
  title?: ReactNode;
}

function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n'), 'text/html');
  return doc.body.textContent ?? '';
}

/** The list of one form; loads its definition first. */
export function RecordList(props: RecordListProps) {
  const def = useQuery({ queryKey: queryKeys.forms.byEnName(props.enName), queryFn: () => getFormByEnName(props.enName), staleTime: 30_000 });
  const settings = useListSettings(props.enName);
  if (def.isLoading || !settings.ready) return <PageLoading />;
  const definition = def.data?.data;
  if (!definition) return <div className={styles.empty}>暂无数据</div>;
  // A different form or route is a different list: its state starts from its own cache.
  return <RecordListView key={`${props.enName}|${props.routeKey ?? ''}`} {...props} def={definition} settings={settings} />;
}

function RecordListView(props: RecordListProps & { def: FormDefinition; settings: ReturnType<typeof useListSettings> }) {
  const { def, settings, enName } = props;
  const scene = props.scene ?? 'normal';
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { has, ctx, userId } = useListContext();
  const saveTable = settings.saveTable;
  const saved = useSavedFilters(enName, scene === 'normal' ? userId : undefined);
  const scroller = useRef<HTMLDivElement | null>(null);

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
    menuId: props.menuId,
    initFilter: useMemo(() => ({ ...(props.initFilter ?? {}) }), [props.initFilter]),
    extraQuery: useMemo(() => (props.sourceForm ? { sourceForm: props.sourceForm } : undefined), [props.sourceForm]),
    routeKey: props.routeKey,
    defaultPageSize: settings.table.pageSize || DEFAULT_PAGE_SIZE,
    onChildError: () => void message.error('获取子级信息失败'),
  });

  const prompts: Prompts = useMemo(
    () => ({
      confirm: (text) => new Promise((resolve) => {
        modal.confirm({ title: '系统提示', content: text, okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) });
      }),
      alertHtml: (html) => new Promise((resolve) => {
        modal.confirm({
          title: '系统提示',
          content: <div style={{ whiteSpace: 'pre-wrap' }}>{plainText(html)}</div>,
          okText: '确定',
          cancelText: '取消',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
      error: (text) => void message.error(text),
      success: (text) => void message.success(text),
    }),
    [modal, message],
  );
  const { refresh, clearSelection } = list;
  const after = useMemo(() => ({ refresh: () => void refresh(), clearSelection }), [refresh, clearSelection]);
  // Spec 01 §2.1: the stock-in forms add through the 白条入库 drawer over the list, not the add page.
  const [stockInOpen, setStockInOpen] = useState(false);
  const routes = useMemo(() => ({ navigate, openAddDrawer: () => setStockInOpen(true) }), [navigate]);
  const actions = useListActions(def, has, prompts, routes, after);
  const custom = useCustomButtons(def, has, after, props.menuId, scene === 'normal');
  const selectedRef = useRef(list.selectedRows);
  selectedRef.current = list.selectedRows;
  const run = actions.run;
  const onToolbarAction = useCallback((b: ActionButton) => void run(b.action, selectedRef.current), [run]);
  const { setColumnSearch, setPage, view } = list;
  const onRemoveSearch = useCallback((key: string) => setColumnSearch(key, undefined), [setColumnSearch]);
  const setKeyword = list.setKeyword;
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
  const search = view.search;
  const renderSearch = useCallback(
    (column: ColumnModel) =>
      column.search ? (
        <HeaderSearch
          column={column}
          value={search[column.key]}
          active={column.kind === 'status' ? Array.isArray(search[column.key]?.value) && (search[column.key]?.value as unknown[]).length > 0 : isActive(column, search[column.key])}
          formName={enName}
          menuId={props.menuId}
          onApply={setColumnSearch}
        />
      ) : null,
    [search, enName, props.menuId, setColumnSearch],
  );
  const buttons = useMemo(() => (scene === 'normal' ? toolbarButtons(def, has) : []), [scene, def, has]);
  const blocked = useMemo(() => blockedBySelection(list.selectedRows), [list.selectedRows]);

  // Selection goes out to an embedding drawer.
  const onSelectionChange = props.onSelectionChange;
  useEffect(() => {
    onSelectionChange?.(list.selectedRows);
  }, [list.selectedRows, onSelectionChange]);

  // After paging the view scrolls back to the top (spec 01 §9).
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    scrollToTop(scroller.current, SCROLL_TOP_MS);
  }, [list.view.pageNum, list.view.pageSize]);

  // relateForm: 是否新增? on an empty first page when sys.list.empty.tip is true (spec 01 §2.2).
  const prompted = useRef(false);
  const emptyTip = settings.system['sys.list.empty.tip'] === 'true';
  useEffect(() => {
    if (scene !== 'relateForm' || !emptyTip || prompted.current || list.loading || !list.loaded || list.failed) return;
    if (list.view.pageNum === 1 && list.rows.length === 0) {
      prompted.current = true;
      modal.confirm({
        title: '系统提示',
        content: EMPTY_ADD_PROMPT,
        okText: '确定',
        cancelText: '取消',
        onOk: () => (props.onAddRequest ? props.onAddRequest() : navigate(`/auto/${enName}/add`)),
      });
    }
  }, [scene, emptyTip, list.loading, list.loaded, list.failed, list.view.pageNum, list.rows.length, modal, props, navigate, enName]);

  const onResize = useCallback((widths: { enName: string; width: number }[]) => void saveTable({ columns: widths }).catch(() => undefined), [saveTable]);
  const totalsByField = useMemo(() => new Map(list.totals.map((t) => [t.field, t])), [list.totals]);
  const fieldColumnCount = columns.filter((c) => c.kind === 'field' || c.kind === 'virtual').length;
  const tableSettingsButton = useMemo(
    () => (
      <TableSettingsButton
        settings={settings.table}
        columnCount={fieldColumnCount}
        defaultFix={def.feature?.fixColumns ?? 0}
        onSave={(patch) =>
          // The server bounds the fixed count by the columns sent: send every stored column's width.
          void saveTable({ ...patch, columns: columns.filter((c) => c.kind === 'field' || c.kind === 'status').map((c) => ({ enName: c.key, width: c.width })) }).catch(() => undefined)
        }
      />
    ),
    [settings.table, fieldColumnCount, def.feature?.fixColumns, saveTable, columns],
  );
  const listQuery = list.query;
  const selectedKeys = list.selected;
  // Memoised so the toolbar (a memo component) re-renders only when these change.
  const ioButtons = useMemo(
    () => (scene === 'normal' ? <ListIoButtons def={def} has={has} ctx={ctx} query={listQuery} selectedIds={[...selectedKeys.keys()]} onImported={after.refresh} /> : null),
    [scene, def, has, ctx, listQuery, selectedKeys, after.refresh],
  );
  const customRun = custom.run;
  const selectedCount = list.selected.size;
  const customButtons = useMemo(
    () => (custom.top.length ? <CustomTopButtons buttons={custom.top} selectedCount={selectedCount} onRun={(b) => void customRun(b, selectedRef.current)} /> : null),
    [custom.top, selectedCount, customRun],
  );
  const rowHeight = COMPACT_FORMS.includes(enName) ? 28 : 36;
  const selection = scene === 'relateForm' ? 'radio' : 'checkbox';

  return (
    <div className={styles.wrap} data-testid="record-list" data-form={enName} data-scene={scene}>
      {stockInOpen && DRAWER_ADD_FORMS.includes(enName) ? (
        <Suspense fallback={null}>
          <StockInDrawer enName={enName} open onClose={() => setStockInOpen(false)} onSaved={after.refresh} />
        </Suspense>
      ) : null}
      {custom.overlay}
      <ListToolbar
        buttons={buttons}
        selectedCount={list.selected.size}
        blocked={blocked}
        onAction={onToolbarAction}
        showKeyword={Number(def.type) === 2}
        keyword={list.view.keyword}
        onKeyword={list.setKeyword}
        extra={props.toolbarExtra}
        title={props.title}
        ioButtons={ioButtons}
        customButtons={customButtons}
      />
      {scene === 'normal' ? (
        <SavedFilters
          columns={columns}
          keys={saved.keys}
          search={list.view.search}
          formName={enName}
          menuId={props.menuId}
          onSave={onSaveFilters}
          onApply={setColumnSearch}
          extra={tableSettingsButton}
        />
      ) : null}
      <ConditionTags
        columns={columns}
        sort={list.view.sort}
        search={list.view.search}
        keyword={list.view.keyword}
        onRemoveSort={list.removeSort}
        onRemoveSearch={onRemoveSearch}
        onRemoveKeyword={onRemoveKeyword}
      />
      <ListTable
        columns={shownColumns}
        rows={list.displayRows}
        selection={selection}
        selected={list.selected}
        onToggleRow={(row) => list.toggleSelected(row, selection === 'radio')}
        onTogglePage={(select) => {
          const next = new Map(list.selected);
          for (const r of list.displayRows) {
            if (select) next.set(String(r.record.id), r.record);
            else next.delete(String(r.record.id));
          }
          list.setSelected([...next.values()]);
        }}
        sort={list.view.sort}
        onSort={list.toggleSort}
        renderSearch={renderSearch}
        renderActions={(row) => (
          <span className={styles.actions}>
            {rowButtonsFor(rowCandidates, row, ctx).map((b) => (
              <a key={b.key} onClick={(e) => { e.stopPropagation(); void actions.run(b.action, [row]); }}>{b.label}</a>
            ))}
            <CustomRowButtons candidates={custom.rowCandidates} row={row} ctx={ctx} onRun={(b, r) => void customRun(b, [r])} />
          </span>
        )}
        renderFooter={(column) => <TotalsCell column={column} value={totalsByField.get(column.key)} />}
        fixColumns={fixColumns}
        rowHeight={rowHeight}
        height={props.height ?? 'calc(100vh - 290px)'}
        onResize={onResize}
        tree={def.tree === true}
        onToggleExpand={(row) => void list.toggleExpand(row)}
        onOpenRelated={(form, id) => navigate(`/auto/${form}/detail${String(id)}`)}
        onRowDoubleClick={scene === 'relateForm' && props.onPick ? (row) => props.onPick!([row]) : undefined}
        loading={list.loading}
        scrollRef={(el) => { scroller.current = el; }}
      />
      <ListPager
        pageNum={list.view.pageNum}
        pageSize={list.view.pageSize}
        total={list.total}
        exact={list.totalExact}
        onChange={onPage}
      />
    </div>
  );
}
