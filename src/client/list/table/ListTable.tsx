/**
 * The list's table: TanStack Table v9 (column sizing, resizing, pinning) over the flattened rows,
 * rendered as a grid whose body rows are virtualised with @tanstack/react-virtual so pages of
 * 1,000 rows stay smooth. Selection, sorting and searching are the controller's; this renders.
 */
import {
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnSizingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { ColumnModel } from '../../../../schema-adapters';
import type { OrderKey, RecordRow } from '../../api/records';
import type { DisplayRow } from '../controllers/treeRows';
import { pinnedColumns } from './pinnedColumns';
import { fitNumberColumns } from './fitNumberColumns';
import { ListRow, SELECT_KEY, type CellLayout, type RowHandlers } from './ListRow';
import styles from '../list.module.css';

const features = tableFeatures({ columnSizingFeature, columnResizingFeature, columnPinningFeature });
type F = typeof features;

export { SELECT_KEY };

/** What the table shows and how it reports back. */
export interface ListTableProps {
  columns: ColumnModel[];
  rows: DisplayRow[];
  selection: 'checkbox' | 'radio' | 'none';
  selected: ReadonlyMap<string, RecordRow>;
  onToggleRow(row: RecordRow): void;
  onTogglePage(select: boolean): void;
  sort: OrderKey[];
  onSort(field: string, multi: boolean): void;
  /** The search control of a header (the popover trigger), or null. */
  renderSearch(column: ColumnModel): ReactNode;
  /** The 操作 cell of a row. */
  renderActions?(row: RecordRow): ReactNode;
  /** The footer cell of a column (totals), or null for no footer row. */
  renderFooter?(column: ColumnModel): ReactNode;
  /** Number of leading data columns fixed to the left (besides the columns whose model says `fixed`). */
  fixColumns: number;
  rowHeight: number;
  height: number | string;
  onResize(widths: { enName: string; width: number }[]): void;
  onToggleExpand?(row: RecordRow): void;
  onOpenRelated?(form: string, id: unknown): void;
  /** A qrCode cell was clicked; without it qrCode cells stay empty. */
  onOpenQr?(field: string, row: RecordRow): void;
  onRowDoubleClick?(row: RecordRow): void;
  loading?: boolean;
  /** The scroll container, for scroll-to-top after paging. */
  scrollRef?: (el: HTMLDivElement | null) => void;
  tree?: boolean;
}

/** The virtualised list table. */
export function ListTable(props: ListTableProps) {
  const { rows, selection, selected, sort, fixColumns } = props;
  // Default-width amount columns widen to show their values whole (issue 27 item 12).
  const pinned = useMemo(() => pinnedColumns(props.columns, fixColumns), [props.columns, fixColumns]);
  const columns = useMemo(() => fitNumberColumns(pinned.ordered, rows.map((r) => r.record)), [pinned, rows]);
  const scroller = useRef<HTMLDivElement | null>(null);
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const onResize = props.onResize;

  const defs = useMemo<ColumnDef<F, DisplayRow>[]>(() => {
    const out: ColumnDef<F, DisplayRow>[] = [];
    if (selection !== 'none') out.push({ id: SELECT_KEY, size: 44, enableResizing: false, header: () => null, cell: () => null });
    for (const c of columns) {
      out.push({
        id: c.key,
        accessorFn: (r) => r.record[c.key],
        size: c.width,
        minSize: 40,
        maxSize: 2000,
        enableResizing: c.kind !== 'actions',
        header: () => c.header,
        cell: () => null,
        meta: { model: c },
      } as ColumnDef<F, DisplayRow>);
    }
    return out;
  }, [columns, selection]);

  const pinning = useMemo(() => ({ start: [...(selection !== 'none' ? [SELECT_KEY] : []), ...pinned.start], end: pinned.end }), [pinned, selection]);

  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (r: DisplayRow) => r.key,
    state: { columnSizing: sizing, columnPinning: pinning },
    onColumnSizingChange: (updater) => {
      setSizing((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater;
        const changed = Object.entries(next).filter(([k, w]) => old[k] !== w && k !== SELECT_KEY && k !== '$actions');
        if (changed.length) queueMicrotask(() => onResize(changed.map(([enName, width]) => ({ enName, width: Math.round(width) }))));
        return next;
      });
    },
    columnResizeMode: 'onEnd',
    enableColumnResizing: true,
  });

  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => props.rowHeight,
    overscan: 4,
  });

  const leafHeaders = table.getHeaderGroups()[0]?.headers ?? [];
  const firstData = columns.find((c) => c.kind !== 'actions')?.key;
  const totalWidth = table.getTotalSize();
  const lastStart = pinning.start[pinning.start.length - 1];
  const firstEnd = pinning.end[0];

  const cellStyle = (id: string, width: number): { style: CSSProperties; className: string } => {
    const column = table.getColumn(id);
    const pinned = column?.getIsPinned();
    const style: CSSProperties = { width };
    let className = '';
    if (pinned === 'start') {
      style.left = column!.getStart('start');
      className = `${styles.pinned} ${id === lastStart ? styles.pinnedLast : ''}`;
    } else if (pinned === 'end') {
      style.right = column!.getAfter('end');
      className = `${styles.pinned} ${id === firstEnd ? styles.pinnedFirstEnd : ''}`;
    }
    return { style, className };
  };

  // Rows re-render only when their own props change: scrolling mounts the rows coming into view
  // and leaves the others alone, which keeps scroll frames short on 1,000-row pages.
  const layout: CellLayout[] = useMemo(
    () => table.getAllLeafColumns().map((column) => {
      const { style, className } = cellStyle(column.id, column.getSize());
      const model = (column.columnDef.meta as { model?: ColumnModel } | undefined)?.model;
      const first = column.id === firstData;
      // Only cells whose content does not clip itself keep the cell's clip (see .td in the CSS).
      const clip = column.id === '$actions' || model?.cell === 'status' || first;
      return { id: column.id, style, className: clip ? `${className} ${styles.tdClip}` : className, model, first };
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sizing, pinning, defs, firstData],
  );
  const latest = useRef(props);
  latest.current = props;
  const hasQr = !!props.onOpenQr;
  const handlers: RowHandlers = useMemo(() => ({
    toggle: (row) => latest.current.onToggleRow(row),
    actions: (row) => latest.current.renderActions?.(row),
    expand: (row) => latest.current.onToggleExpand?.(row),
    openRelated: (form, id) => latest.current.onOpenRelated?.(form, id),
    openQr: hasQr ? (field, row) => latest.current.onOpenQr?.(field, row) : undefined,
    doubleClick: (row) => latest.current.onRowDoubleClick?.(row),
  }), [hasQr]);

  // Scroll frames re-render this component: the page-wide counts (1,000 rows) are kept until rows or selection change.
  const { pageCount, pageSelected } = useMemo(() => {
    let count = 0;
    for (const r of rows) if (selected.has(String(r.record.id))) count++;
    return { pageCount: rows.length, pageSelected: count };
  }, [rows, selected]);
  const sortOf = (key: string) => {
    const i = sort.findIndex((s) => s.field === key);
    return i < 0 ? null : { order: sort[i].order, index: i };
  };
  const footer = props.renderFooter && columns.some((c) => c.total);

  const allSelected = pageCount > 0 && pageSelected === pageCount;
  const someSelected = pageSelected > 0 && pageSelected < pageCount;
  // The header holds a popover per column: it is rebuilt only when what it shows changes, not on every scroll frame.
  const head = useMemo(() => (
        <div className={`${styles.head} ${styles.headRow}`} role="row" style={{ width: totalWidth }}>
          {leafHeaders.map((header) => {
            const id = header.column.id;
            const { style, className } = cellStyle(id, header.getSize());
            if (id === SELECT_KEY) {
              return (
                <div key={id} className={`${styles.th} ${className}`} style={style} role="columnheader">
                  {selection === 'checkbox' ? (
                    <PageCheckbox checked={allSelected} indeterminate={someSelected} onChange={props.onTogglePage} />
                  ) : null}
                </div>
              );
            }
            const model = (header.column.columnDef.meta as { model: ColumnModel }).model;
            const s = sortOf(id);
            return (
              <div key={id} className={`${styles.th} ${className}`} style={style} role="columnheader" data-column={id} aria-sort={s ? (s.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                <span
                  className={`${styles.headTitle} ${model.sortable ? styles.sortable : ''}`}
                  title={model.header}
                  onClick={model.sortable ? (e) => props.onSort(id, e.shiftKey || e.ctrlKey || e.metaKey) : undefined}
                >
                  {model.header}
                </span>
                {s ? <span className={styles.sortMark}>{s.order === 'asc' ? '▲' : '▼'}{sort.length > 1 ? s.index + 1 : ''}</span> : null}
                {props.renderSearch(model)}
                {header.column.getCanResize() ? (
                  <div
                    className={`${styles.resizer} ${header.column.getIsResizing() ? styles.resizing : ''}`}
                    onMouseDown={header.getResizeHandler()}
                    onTouchStart={header.getResizeHandler()}
                    onClick={(e) => e.stopPropagation()}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
  ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, sort, allSelected, someSelected, selection, props.renderSearch, props.onSort, props.onTogglePage, table.state, totalWidth],
  );

  // The totals row, like the header, is not rebuilt on scroll frames.
  const foot = useMemo(() => {
    if (!footer) return null;
    const modelOf = (h: (typeof leafHeaders)[number]) => (h.column.columnDef.meta as { model?: ColumnModel } | undefined)?.model;
    // A total whose column lies off to the side stays on screen (issue 27 item 12): its footer cell is
    // sticky between the pinned columns, the totals side by side in column order; scrolled to, it
    // sits under its column again. Only the footer moves: the column's cells stay where they are.
    const widthOf = (hs: typeof leafHeaders) => hs.reduce((sum, h) => sum + h.getSize(), 0);
    const totals = leafHeaders.filter((h) => !h.column.getIsPinned() && modelOf(h)?.total);
    const startWidth = widthOf(leafHeaders.filter((h) => h.column.getIsPinned() === 'start'));
    const endWidth = widthOf(leafHeaders.filter((h) => h.column.getIsPinned() === 'end'));
    const stick = new Map(totals.map((h, k) => [h.column.id, {
      position: 'sticky', zIndex: 1, left: startWidth + widthOf(totals.slice(0, k)), right: endWidth + widthOf(totals.slice(k + 1)),
    } satisfies CSSProperties]));
    return (
    <div className={`${styles.foot} ${styles.footRow}`} role="row" style={{ width: totalWidth }} data-testid="totals-row">
      {leafHeaders.map((header) => {
        const id = header.column.id;
        const { style, className } = cellStyle(id, header.getSize());
        const model = modelOf(header);
        return (
          <div key={id} className={`${styles.tf} ${className}`} style={{ ...style, ...stick.get(id) }} role="cell" data-column={id}>
            {model ? props.renderFooter!(model) : id === SELECT_KEY ? '合计' : null}
          </div>
        );
      })}
    </div>
    );
  },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, footer, props.renderFooter, totalWidth],
  );

  return (
    <div
      className={styles.scroller}
      style={{ height: props.height }}
      ref={(el) => {
        scroller.current = el;
        props.scrollRef?.(el);
      }}
      data-testid="record-list-scroller"
    >
      <div className={styles.grid} style={{ width: totalWidth }} role="table" aria-rowcount={rows.length}>
        {head}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: totalWidth }}>
          {!rows.length && !props.loading ? <div className={styles.empty}>暂无数据</div> : null}
          {virtualizer.getVirtualItems().map((item) => {
            const display = tableRows[item.index].original;
            return (
              <ListRow
                key={display.key}
                display={display}
                start={item.start}
                height={props.rowHeight}
                width={totalWidth}
                selected={selected.has(String(display.record.id))}
                striped={item.index % 2 === 1}
                layout={layout}
                selection={selection}
                tree={props.tree === true}
                handlers={handlers}
              />
            );
          })}
        </div>
        {foot}
      </div>
    </div>
  );
}

/**
 * 全选本页: a native checkbox like the rows' (antd `Checkbox`, its style and wave effect stayed
 * off the list's first load, ADR 0406); "some selected" is the box's indeterminate state, which
 * only a script can set.
 */
function PageCheckbox(props: { checked: boolean; indeterminate: boolean; onChange(checked: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.indeterminate;
  }, [props.indeterminate]);
  return <input ref={ref} className={styles.pick} type="checkbox" aria-label="全选本页" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />;
}
