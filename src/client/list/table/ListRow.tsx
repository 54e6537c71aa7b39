/** One body row of the list table, memoised: scrolling re-renders only the rows that come into view. */
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { ColumnModel } from '../../../../schema-adapters';
import type { RecordRow } from '../../api/records';
import { ListCell } from '../cells/ListCell';
import type { DisplayRow } from '../controllers/treeRows';
import styles from '../list.module.css';

/** Key of the selection column. */
export const SELECT_KEY = '$select';

/** Where and how wide each cell is (from the table's sizing and pinning). */
export interface CellLayout {
  id: string;
  style: CSSProperties;
  className: string;
  model?: ColumnModel;
  /** The first data column carries the tree toggle. */
  first: boolean;
}

/** Stable callbacks shared by every row. */
export interface RowHandlers {
  toggle(row: RecordRow): void;
  actions(row: RecordRow): ReactNode;
  expand(row: RecordRow): void;
  openRelated(form: string, id: unknown): void;
  /** A qrCode cell of `row` was clicked (`field`: the column's field). */
  openQr?(field: string, row: RecordRow): void;
  doubleClick(row: RecordRow): void;
}

/** A row at `start` px. */
export const ListRow = memo(function ListRow(props: {
  display: DisplayRow;
  start: number;
  height: number;
  width: number;
  selected: boolean;
  /** Every other row (spec 02 §9: stripes of white and translucent light blue). */
  striped?: boolean;
  layout: CellLayout[];
  selection: 'checkbox' | 'radio' | 'none';
  tree: boolean;
  handlers: RowHandlers;
}) {
  const { display, handlers } = props;
  return (
    <div
      className={`${styles.row}${props.striped ? ` ${styles.rowStriped}` : ''}${props.selected ? ` ${styles.rowSelected}` : ''}`}
      style={{ transform: `translateY(${props.start}px)`, height: props.height, width: props.width }}
      role="row"
      data-row-key={display.key}
      aria-selected={props.selected}
      onDoubleClick={() => handlers.doubleClick(display.record)}
    >
      {props.layout.map((cell) => {
        let content: ReactNode;
        if (cell.id === SELECT_KEY) {
          // Native inputs: a page of 1,000 rows mounts a few of these every scroll frame.
          content = (
            <input
              className={styles.pick}
              type={props.selection === 'radio' ? 'radio' : 'checkbox'}
              aria-label="选择"
              checked={props.selected}
              onChange={() => handlers.toggle(display.record)}
            />
          );
        } else if (cell.id === '$actions') {
          content = handlers.actions(display.record);
        } else if (cell.model) {
          content = <ListCell column={cell.model} row={display.record} onOpenRelated={handlers.openRelated} onOpenQr={handlers.openQr as (field: string, row: Record<string, unknown>) => void} />;
          if (props.tree && cell.first) {
            content = (
              <>
                <span className={styles.treePad} style={{ width: display.depth * 16 }} />
                {display.leaf ? <span className={styles.treeToggle} /> : (
                  <span className={styles.treeToggle} role="button" aria-label={display.expanded ? '收起' : '展开'} onClick={() => handlers.expand(display.record)}>
                    {display.expanded ? '▾' : '▸'}
                  </span>
                )}
                {content}
              </>
            );
          }
        }
        return (
          <div key={cell.id} className={`${styles.td} ${cell.className}`} style={{ ...cell.style, height: props.height }} role="cell" data-column={cell.id}>
            {content}
          </div>
        );
      })}
    </div>
  );
});
