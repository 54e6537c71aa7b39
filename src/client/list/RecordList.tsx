/**
 * The generated record list (spec 01 §2.2–2.3): toolbar, condition tags, the virtualised table
 * with column search, sorting, selection, row actions and totals, and the pager. One component
 * for the three scenes: the normal page, relateForm (pick one) and subForm (pick several). It
 * receives the definition (`useFormDefinition` fetches it in the page or the picker); the
 * orchestration is `useRecordListController`'s, and this file only renders and asks the user.
 */
import { useFeedback } from '../feedback/useFeedback';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ColumnModel, FormDefinition } from '../../../schema-adapters';
import type { RecordRow } from '../api/records';
import { useNavigate } from '../routing/navigation';
import { PageLoading } from '../routing/PageLoading';
import type { ListScene } from './controllers/listScene';
import type { Prompts } from './controllers/useListActions';
import { useListSettings } from './controllers/useListSettings';
import { useRecordListController } from './controllers/useRecordListController';
import styles from './list.module.css';
import { HeaderSearch } from './search/HeaderSearch';
import { isActive } from './search/searchConditions';
import { ListTable } from './table/ListTable';
import { TotalsSummary } from './table/TotalsSummary';
import { TotalsCell } from './table/TotalsCell';
import { SCROLL_TOP_MS } from './table/paging';
import { scrollToTop } from './table/scrollToTop';
import { ConditionTags } from './toolbar/ConditionTags';
import { ListPager } from './toolbar/ListPager';
import { ListToolbar } from './toolbar/ListToolbar';
import { SavedFilters } from './toolbar/SavedFilters';
import { TableSettingsButton } from './toolbar/TableSettingsButton';
import { ListIoButtons } from './io/ListIoButtons';
import { GoodsSyncButton } from './invoices/GoodsSyncButton';
import { InvoiceLedgerButtons } from './invoices/InvoiceLedgerButtons';
import { BatchEditButton } from './batch/BatchEditButton';
import { QrCodeButton } from './qr/QrCodeButton';
import { isReadOnlyView } from '../../shared/readOnlyRecords';
import { PrintButtons } from '../print/PrintButtons';
import { CustomRowButtons } from './buttons/CustomRowButtons';
import { CustomTopButtons } from './buttons/CustomTopButtons';

// The stock-in drawer is a whole Formily form: loaded only when a stock-in list asks for it.
const StockInDrawer = lazy(() => import('../form/stockIn/StockInDrawer').then((m) => ({ default: m.StockInDrawer })));
// The QR-code dialog of a qrCode cell (the toolbar's 二维码 dialog), loaded when first opened.
const QrCodeDialog = lazy(() => import('./qr/QrCodeDialog').then((m) => ({ default: m.QrCodeDialog })));

/** Text of the empty-list prompt of the relateForm scene. */
export const EMPTY_ADD_PROMPT = '是否新增?';

/** Props of the embeddable list. */
export interface RecordListProps {
  /** The form's definition (`useFormDefinition`). */
  def: FormDefinition;
  scene?: ListScene;
  menuId?: number;
  /** Fixed conditions (a related-form picker's relateFilter, a sub-form import's filter). */
  initFilter?: Record<string, unknown>;
  /** relateForm: the form whose field picks from this list (the server's permission rule). */
  sourceForm?: string;
  /** relateForm: further keys of every list call (the picking field for its header filter). */
  pickerQuery?: Record<string, unknown>;
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

/** The list of one form; waits for the user's table settings first. */
export function RecordList(props: RecordListProps) {
  const settings = useListSettings(props.def.enName);
  if (!settings.ready) return <PageLoading />;
  // A different form or route is a different list: its state starts from its own cache.
  return <RecordListView key={`${props.def.enName}|${props.routeKey ?? ''}`} {...props} settings={settings} />;
}

/** antd's dialogs and messages as the controller's `Prompts`. */
function usePrompts(): Prompts {
  const { modal, message } = useFeedback();
  return useMemo(
    () => ({
      confirm: (text) => new Promise((resolve) => {
        modal.confirm({ title: '系统提示', content: <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>, okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) });
      }),
      alertHtml: (html, detail) => new Promise((resolve) => {
        modal.confirm({
          title: '系统提示',
          content: <div style={{ whiteSpace: 'pre-wrap' }}>{detail ? `${plainText(html)}\n${detail}` : plainText(html)}</div>,
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
}

function RecordListView(props: RecordListProps & { settings: ReturnType<typeof useListSettings> }) {
  const { def, settings } = props;
  const enName = def.enName;
  const scene = props.scene ?? 'normal';
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const prompts = usePrompts();
  const onChildError = useCallback(() => void message.error('获取子级信息失败'), [message]);
  const c = useRecordListController({
    def,
    scene,
    settings,
    menuId: props.menuId,
    initFilter: props.initFilter,
    sourceForm: props.sourceForm,
    pickerQuery: props.pickerQuery,
    routeKey: props.routeKey,
    prompts,
    navigate,
    onChildError,
  });
  const { list, columns, has, ctx } = c;
  const scroller = useRef<HTMLDivElement | null>(null);
  const { setColumnSearch, view } = list;
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
  useEffect(() => {
    if (!c.offerAdd || prompted.current) return;
    prompted.current = true;
    modal.confirm({
      title: '系统提示',
      content: EMPTY_ADD_PROMPT,
      okText: '确定',
      cancelText: '取消',
      onOk: () => (props.onAddRequest ? props.onAddRequest() : navigate(`/auto/${enName}/add`)),
    });
  }, [c.offerAdd, modal, props, navigate, enName]);

  const { fieldColumnCount, onSaveTableSettings } = c;
  const tableSettingsButton = useMemo(
    () => <TableSettingsButton settings={settings.table} columnCount={fieldColumnCount} defaultFix={def.feature?.fixColumns ?? 0} onSave={onSaveTableSettings} />,
    [settings.table, fieldColumnCount, def.feature?.fixColumns, onSaveTableSettings],
  );
  const listQuery = list.query;
  const selectedKeys = list.selected;
  // Memoised so the toolbar (a memo component) re-renders only when these change.
  const ioButtons = useMemo(
    () => (scene === 'normal' ? (
      <>
        <ListIoButtons def={def} has={has} ctx={ctx} query={listQuery} selectedIds={[...selectedKeys.keys()]} onImported={c.refresh} />
        {/* 批量修改 and 二维码 (issue 17): list/batch, list/qr. */}
        <BatchEditButton def={def} has={has} ctx={ctx} query={listQuery} selectedIds={[...selectedKeys.keys()]} total={list.total} totalExact={list.totalExact} onDone={c.refresh} />
        <QrCodeButton def={def} has={has} selectedIds={[...selectedKeys.keys()]} />
        <PrintButtons def={def} has={has} selectedIds={[...selectedKeys.keys()]} />
        {/* 发票台账's four invoice buttons and 普通货品's 同步商品 (spec 01 §2.2, issue 31): list/invoices. */}
        <InvoiceLedgerButtons form={def.enName} has={has} selectedIds={[...selectedKeys.keys()]} onDone={c.refresh} />
        <GoodsSyncButton def={def} has={has} onDone={c.refresh} />
      </>
    ) : null),
    [scene, def, has, ctx, listQuery, selectedKeys, c.refresh, list.total, list.totalExact],
  );
  const selectedCount = list.selected.size;
  const customTop = c.custom.top;
  const onCustomTop = c.custom.onTop;
  const customButtons = useMemo(
    () => (customTop.length ? <CustomTopButtons buttons={customTop} selectedCount={selectedCount} onRun={onCustomTop} /> : null),
    [customTop, selectedCount, onCustomTop],
  );
  const selection = scene === 'relateForm' ? 'radio' : 'checkbox';
  // A qrCode cell opens its row's QR-code dialog; a type-2 view's rows (combined ids) have no mobile page.
  const [qrFor, setQrFor] = useState<{ id: number | string; linkUrl?: string } | null>(null);
  const onOpenQr = useMemo(
    () => (isReadOnlyView(def) ? undefined : (field: string, row: RecordRow) => {
      const linkUrl = def.fields.find((f) => f.enName === field)?.linkUrl;
      setQrFor({ id: row.id as number | string, linkUrl: typeof linkUrl === 'string' && linkUrl ? linkUrl : undefined });
    }),
    [def],
  );

  return (
    <div className={styles.wrap} data-testid="record-list" data-form={enName} data-scene={scene}>
      {c.addDrawer.enabled && c.addDrawer.open ? (
        <Suspense fallback={null}>
          <StockInDrawer enName={enName} open onClose={c.addDrawer.close} onSaved={c.refresh} />
        </Suspense>
      ) : null}
      {c.custom.overlay}
      {qrFor ? (
        <Suspense fallback={null}>
          <QrCodeDialog formName={enName} title={def.cnName} id={qrFor.id} linkUrl={qrFor.linkUrl} onClose={() => setQrFor(null)} />
        </Suspense>
      ) : null}
      <ListToolbar
        buttons={c.buttons}
        selectedCount={list.selected.size}
        blocked={c.blocked}
        onAction={c.onToolbarAction}
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
          keys={c.saved.keys}
          search={list.view.search}
          formName={enName}
          menuId={props.menuId}
          onSave={c.onSaveFilters}
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
        onRemoveSearch={c.onRemoveSearch}
        onRemoveKeyword={c.onRemoveKeyword}
      />
      <ListTable
        columns={c.shownColumns}
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
            {c.rowButtons(row).map((b) => (
              <a key={b.key} onClick={(e) => { e.stopPropagation(); c.onRowAction(b, row); }}>{b.label}</a>
            ))}
            <CustomRowButtons candidates={c.custom.rowCandidates} row={row} ctx={c.ctx} onRun={c.custom.onRow} />
          </span>
        )}
        renderFooter={(column) => <TotalsCell column={column} value={c.totalsByField.get(column.key)} />}
        fixColumns={c.fixColumns}
        rowHeight={c.rowHeight}
        height={props.height ?? 'calc(100vh - 290px)'}
        onResize={c.onResize}
        tree={def.tree === true}
        onToggleExpand={(row) => void list.toggleExpand(row)}
        onOpenRelated={(form, id) => navigate(`/auto/${form}/detail${String(id)}`)}
        onOpenQr={onOpenQr}
        onRowDoubleClick={scene === 'relateForm' && props.onPick ? (row) => props.onPick!([row]) : undefined}
        loading={list.loading}
        scrollRef={(el) => { scroller.current = el; }}
      />
      <TotalsSummary columns={c.shownColumns} totals={c.totalsByField} />
      <ListPager
        pageNum={list.view.pageNum}
        pageSize={list.view.pageSize}
        total={list.total}
        exact={list.totalExact}
        onChange={c.onPage}
      />
    </div>
  );
}
