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
  parentKey = '',
): DisplayRow[] {
  for (const record of rows) {
    const id = String(record.id);
    // A child may also be on the page as a top-level row: its display key carries its path.
    const key = parentKey ? `${parentKey}>${id}` : id;
    const open = expanded.has(id) && children.has(id);
    out.push({ record, key, depth, leaf: leafOf(id), expanded: open });
    // A record can be its own ancestor only through bad data: stop there rather than loop.
    if (open && !key.split('>').slice(0, -1).includes(id)) flattenTree(children.get(id) ?? [], leafOf, expanded, children, depth + 1, out, key);
  }
  return out;
}
