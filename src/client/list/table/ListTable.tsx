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
import { Checkbox, Radio } from 'antd';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { ColumnModel } from '../../../../schema-adapters';
import type { OrderKey, RecordRow } from '../../api/records';
import type { DisplayRow } from '../controllers/treeRows';
import { ListCell } from '../cells/ListCell';
import styles from '../list.module.css';

const features = tableFeatures({ columnSizingFeature, columnResizingFeature, columnPinningFeature });
type F = typeof features;

/** Key of the selection column. */
export const SELECT_KEY = '$select';

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
  /** Number of leading data columns fixed to the left. */
  fixColumns: number;
  rowHeight: number;
  height: number | string;
  onResize(widths: { enName: string; width: number }[]): void;
  onToggleExpand?(row: RecordRow): void;
  onOpenRelated?(form: string, id: unknown): void;
  onRowDoubleClick?(row: RecordRow): void;
  loading?: boolean;
  /** The scroll container, for scroll-to-top after paging. */
  scrollRef?: (el: HTMLDivElement | null) => void;
  tree?: boolean;
}

/** The virtualised list table. */
export function ListTable(props: ListTableProps) {
  const { columns, rows, selection, selected, sort, fixColumns } = props;
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

  const pinning = useMemo(() => {
    const data = columns.filter((c) => c.kind !== 'actions');
    const start = [...(selection !== 'none' ? [SELECT_KEY] : []), ...data.slice(0, Math.max(0, Math.min(fixColumns, data.length))).map((c) => c.key)];
    return { start, end: columns.some((c) => c.kind === 'actions') ? ['$actions'] : [] };
  }, [columns, selection, fixColumns]);

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
    overscan: 8,
  });

  // A new page starts with rows measured afresh.
  useEffect(() => {
    virtualizer.measure();
  }, [rows, virtualizer]);

  const leafHeaders = table.getHeaderGroups()[0]?.headers ?? [];
  const totalWidth = table.getTotalSize();
  const lastStart = pinning.start[pinning.start.length - 1];

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
      className = `${styles.pinned} ${styles.pinnedFirstEnd}`;
    }
    return { style, className };
  };

  const pageKeys = rows.map((r) => r.key);
  const pageSelected = pageKeys.filter((k) => selected.has(k)).length;
  const sortOf = (key: string) => {
    const i = sort.findIndex((s) => s.field === key);
    return i < 0 ? null : { order: sort[i].order, index: i };
  };
  const footer = props.renderFooter && columns.some((c) => c.total);
  const firstData = columns.find((c) => c.kind !== 'actions')?.key;

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
        <div className={`${styles.head} ${styles.headRow}`} role="row" style={{ width: totalWidth }}>
          {leafHeaders.map((header) => {
            const id = header.column.id;
            const { style, className } = cellStyle(id, header.getSize());
            if (id === SELECT_KEY) {
              return (
                <div key={id} className={`${styles.th} ${className}`} style={style} role="columnheader">
                  {selection === 'checkbox' ? (
                    <Checkbox
                      aria-label="全选本页"
                      checked={pageKeys.length > 0 && pageSelected === pageKeys.length}
                      indeterminate={pageSelected > 0 && pageSelected < pageKeys.length}
                      onChange={(e) => props.onTogglePage(e.target.checked)}
                    />
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
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: totalWidth }}>
          {!rows.length && !props.loading ? <div className={styles.empty}>暂无数据</div> : null}
          {virtualizer.getVirtualItems().map((item) => {
            const row = tableRows[item.index];
            const display = row.original;
            const isSelected = selected.has(display.key);
            return (
              <div
                key={row.id}
                className={`${styles.row} ${isSelected ? styles.rowSelected : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: props.rowHeight, width: totalWidth }}
                role="row"
                data-row-key={display.key}
                aria-selected={isSelected}
                onDoubleClick={props.onRowDoubleClick ? () => props.onRowDoubleClick!(display.record) : undefined}
              >
                {row.getAllCells().map((cell) => {
                  const id = cell.column.id;
                  const { style, className } = cellStyle(id, cell.column.getSize());
                  let content: ReactNode;
                  if (id === SELECT_KEY) {
                    content = selection === 'radio'
                      ? <Radio aria-label="选择" checked={isSelected} onChange={() => props.onToggleRow(display.record)} />
                      : <Checkbox aria-label="选择" checked={isSelected} onChange={() => props.onToggleRow(display.record)} />;
                  } else if (id === '$actions') {
                    content = props.renderActions?.(display.record);
                  } else {
                    const model = (cell.column.columnDef.meta as { model: ColumnModel }).model;
                    content = <ListCell column={model} row={display.record} onOpenRelated={props.onOpenRelated} />;
                    if (props.tree && id === firstData) {
                      content = (
                        <>
                          <span className={styles.treePad} style={{ width: display.depth * 16 }} />
                          {display.leaf ? <span className={styles.treeToggle} /> : (
                            <span className={styles.treeToggle} role="button" aria-label={display.expanded ? '收起' : '展开'} onClick={() => props.onToggleExpand?.(display.record)}>
                              {display.expanded ? '▾' : '▸'}
                            </span>
                          )}
                          {content}
                        </>
                      );
                    }
                  }
                  return (
                    <div key={cell.id} className={`${styles.td} ${className}`} style={{ ...style, height: props.rowHeight }} role="cell" data-column={id}>
                      {content}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        {footer ? (
          <div className={`${styles.foot} ${styles.footRow}`} role="row" style={{ width: totalWidth }} data-testid="totals-row">
            {leafHeaders.map((header) => {
              const id = header.column.id;
              const { style, className } = cellStyle(id, header.getSize());
              const model = (header.column.columnDef.meta as { model?: ColumnModel } | undefined)?.model;
              return (
                <div key={id} className={`${styles.tf} ${className}`} style={style} role="cell" data-column={id}>
                  {model ? props.renderFooter!(model) : id === SELECT_KEY ? '合计' : null}
                </div>
              );
            })}
          </div>
        ) : null}
      </div>
    </div>
  );
}
