/**
 * The sub-form's table: a plain HTML table drawn like antd's small bordered `Table` (ADR 0407).
 * antd `Table` brought rc-table, its filter dropdown's rc-tree and the pager onto every form page
 * with a sub-form (≈ 45 KB gzip); the editing table needs none of their features — no sorting,
 * filters, selection or virtual rows — only columns, fixed 序号 / 操作 columns and a pager when a
 * sub-form has more rows than a page, so it is built from what the form page already loads.
 */
import { Empty, theme } from 'antd';
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import styles from './SubFormGrid.module.css';
import type { PagerProps } from './SubFormPager';

// The pager shows only past one page of rows (20), rare on an add page: loaded then, not with the form.
const SubFormPager = lazy(() => import('./SubFormPager'));

/** A column of the grid. `width` in px; `fixed` columns stay in view while the others scroll. */
export interface GridColumn<R> {
  key: string;
  title: ReactNode;
  width: number;
  fixed?: 'left' | 'right';
  /** Draws the required mark (*) before the title, as a form label does. */
  required?: boolean;
  render(row: R): ReactNode;
}

/** The grid's paging: the pager's own props (the pager module holds them, loaded on demand). */
export type GridPaging = PagerProps;

/** Left / right offsets of the fixed columns: the widths of the fixed columns before / after them. */
function stickyOffsets<R>(columns: GridColumn<R>[]): (number | undefined)[] {
  const out: (number | undefined)[] = columns.map(() => undefined);
  let left = 0;
  for (let i = 0; i < columns.length && columns[i].fixed === 'left'; i++) { out[i] = left; left += columns[i].width; }
  let right = 0;
  for (let i = columns.length - 1; i >= 0 && columns[i].fixed === 'right'; i--) { out[i] = right; right += columns[i].width; }
  return out;
}

/** Whether content lies beyond the left / right edge of the scroll box (antd's ping-left / ping-right). */
function useOverflow() {
  const [edges, setEdges] = useState({ left: false, right: false, width: 0 });
  const box = useRef<HTMLDivElement | null>(null);
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const left = el.scrollLeft > 0;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    const width = el.clientWidth;
    setEdges((e) => (e.left === left && e.right === right && e.width === width ? e : { left, right, width }));
  }, []);
  useLayoutEffect(() => {
    measure();
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { box, edges, measure };
}

/** The table with its empty state and, past one page, antd's small pager under it. */
export function SubFormGrid<R>({ label, columns, rows, rowKey, paging }: {
  /** The sub-form's title: names the table and its scroll region for assistive technology. */
  label: string;
  columns: GridColumn<R>[];
  rows: R[];
  rowKey(row: R): string | number;
  paging?: GridPaging;
}) {
  const { token } = theme.useToken();
  const { box, edges, measure } = useOverflow();
  const offsets = stickyOffsets(columns);
  const vars = {
    '--st-border': token.colorBorderSecondary,
    '--st-bg': token.colorBgContainer,
    '--st-head-bg': token.colorFillAlter,
    '--st-head-color': token.colorTextHeading,
    '--st-color': token.colorText,
    '--st-empty-color': token.colorTextDescription,
    '--st-error': token.colorError,
    '--st-shadow': token.colorSplit,
    '--st-focus': token.colorPrimaryBorder,
    '--st-radius': `${token.borderRadiusLG}px`,
    '--st-pad': `${token.paddingXS}px`,
    '--st-font': `${token.fontSize}px`,
    '--st-line': String(token.lineHeight),
    '--st-weight': String(token.fontWeightStrong),
    '--st-motion': token.motionDurationSlow,
  } as CSSProperties;
  const place = (c: GridColumn<R>, i: number): { className: string; style?: CSSProperties } => {
    if (c.fixed === 'left') return { className: styles.fixedLeft, style: { insetInlineStart: offsets[i] } };
    if (c.fixed === 'right') return { className: styles.fixedRight, style: { insetInlineEnd: offsets[i] } };
    return { className: '' };
  };
  const scrolls = edges.left || edges.right;
  const wrapClass = [styles.wrap, edges.left ? styles.pingLeft : '', edges.right ? styles.pingRight : ''].filter(Boolean).join(' ');
  return (
    <div style={vars}>
      <div
        ref={box}
        className={wrapClass}
        onScroll={measure}
        // A box that scrolls sideways takes the keyboard focus, so its hidden columns can be reached.
        {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        <table className={styles.table} aria-label={label}>
          <colgroup>
            {columns.map((c) => <col key={c.key} style={{ width: c.width }} />)}
          </colgroup>
          <thead>
            <tr>
              {columns.map((c, i) => {
                const p = place(c, i);
                return (
                  <th key={c.key} scope="col" className={[styles.th, p.className, c.required ? styles.required : ''].filter(Boolean).join(' ')} style={p.style}>
                    {c.title}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length ? rows.map((r) => (
              <tr key={rowKey(r)} className={`${styles.row} fw-subform-row`}>
                {columns.map((c, i) => {
                  const p = place(c, i);
                  return <td key={c.key} className={[styles.td, p.className].filter(Boolean).join(' ')} style={p.style}>{c.render(r)}</td>;
                })}
              </tr>
            )) : (
              <tr>
                <td className={`${styles.td} ${styles.empty}`} colSpan={columns.length}>
                  {/* Kept in the visible part of a table wider than its box, as antd does. */}
                  <div className={styles.emptyInner} style={scrolls && edges.width ? { width: edges.width - 2 * token.paddingXS } : undefined}>
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  </div>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {paging && paging.total > paging.pageSize ? (
        <Suspense fallback={null}>
          <div className={styles.pager}>
            <SubFormPager {...paging} />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}
