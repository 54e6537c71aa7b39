/** Tree rows (spec 01 §2.2 isLeafRow): a page of records plus the loaded children of expanded rows, flattened. Pure. */
import type { RecordRow } from '../../api/records';

/** A displayed row: the record, its depth, whether it has children, whether they are shown. */
export interface DisplayRow {
  record: RecordRow;
  key: string;
  depth: number;
  /** False when haveSub said the record has children (isLeafRow). */
  leaf: boolean;
  expanded: boolean;
}

/** Flattens `rows` and, under each expanded row, its loaded children (recursively). */
export function flattenTree(
  rows: RecordRow[],
  leafOf: (id: string) => boolean,
  expanded: ReadonlySet<string>,
  children: ReadonlyMap<string, RecordRow[]>,
  depth = 0,
  out: DisplayRow[] = [],
): DisplayRow[] {
  for (const record of rows) {
    const key = String(record.id);
    const open = expanded.has(key) && children.has(key);
    out.push({ record, key, depth, leaf: leafOf(key), expanded: open });
    if (open) flattenTree(children.get(key) ?? [], leafOf, expanded, children, depth + 1, out);
  }
  return out;
}
