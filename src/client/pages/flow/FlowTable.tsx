/**
 * The table of 我的待办 / 我的已办 / 我发起的 (issue 18): TanStack Table, as the record lists use,
 * with resizable columns and server paging. Not the record list's ListTable: that one renders
 * form-field columns (schema-adapters ColumnModel, display formatters, column search, virtual
 * rows for 1,000-row pages), while these are fixed columns with their own cells and small pages.
 */
import { columnResizingFeature, columnSizingFeature, tableFeatures, useTable, type ColumnDef, type ColumnSizingState, type RowData } from '@tanstack/react-table';
import { Pagination, Spin } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import styles from './flowTable.module.css';

const features = tableFeatures({ columnSizingFeature, columnResizingFeature });
type F = typeof features;

/** One column: its title, starting width and cell. */
export interface FlowColumn<T> {
  key: string;
  title: string;
  width: number;
  render(row: T): ReactNode;
}

export interface FlowTableProps<T extends RowData> {
  columns: FlowColumn<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  loading: boolean;
  pageNum: number;
  pageSize: number;
  total: number;
  onPage(pageNum: number, pageSize: number): void;
  onRowDoubleClick(row: T): void;
}

/** The paged flow table. */
export function FlowTable<T extends RowData>(p: FlowTableProps<T>) {
  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const defs = useMemo<ColumnDef<F, T>[]>(
    () => p.columns.map((c) => ({ id: c.key, size: c.width, minSize: 60, maxSize: 1200, header: () => c.title, cell: () => null, meta: { column: c } }) as ColumnDef<F, T>),
    [p.columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: p.rows,
    getRowId: (r: T) => String(p.rowKey(r)),
    state: { columnSizing: sizing },
    onColumnSizingChange: (u) => setSizing((old) => (typeof u === 'function' ? u(old) : u)),
    columnResizeMode: 'onEnd',
    enableColumnResizing: true,
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const rows = table.getRowModel().rows;
  const columnOf = (id: string) => p.columns.find((c) => c.key === id) as FlowColumn<T>;
  return (
    <Spin spinning={p.loading}>
      <div className={styles.wrap}>
        <table className={styles.table} style={{ width: table.getTotalSize() }}>
          <colgroup>{headers.map((h) => <col key={h.id} style={{ width: h.getSize() }} />)}</colgroup>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h.id} className={styles.th}>
                  {columnOf(h.column.id).title}
                  <div
                    className={`${styles.resizer} ${h.column.getIsResizing() ? styles.resizing : ''}`}
                    onMouseDown={h.getResizeHandler()}
                    onTouchStart={h.getResizeHandler()}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={styles.tr} onDoubleClick={() => p.onRowDoubleClick(r.original)}>
                {headers.map((h) => <td key={h.id} className={styles.td}>{columnOf(h.column.id).render(r.original)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length ? null : <div className={styles.empty}>暂无数据</div>}
      </div>
      <div className={styles.pager}>
        <Pagination current={p.pageNum} pageSize={p.pageSize} total={p.total} showSizeChanger showTotal={(n) => `共 ${n} 条`} onChange={p.onPage} />
      </div>
    </Spin>
  );
}
