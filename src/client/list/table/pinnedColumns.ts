/**
 * Which list columns stay in view on sideways scrolling, and the order that lets them: columns
 * fixed on the left first, then the scrolling ones, then those fixed on the right and 操作 last
 * (a sticky column only sticks at the edge it is next to). A column is fixed by its model's
 * `fixed` (the definition's per-column side or the adapter's leading count) or by the leading
 * count the caller passes; a column fixed on the right is never counted on the left.
 */
import type { ColumnModel } from '../../../../schema-adapters';

/** The columns in display order, with the keys pinned at the start and at the end. */
export function pinnedColumns<C extends ColumnModel>(columns: readonly C[], fixColumns: number): { ordered: C[]; start: string[]; end: string[] } {
  const data = columns.filter((c) => c.kind !== 'actions');
  const leading = new Set(data.slice(0, Math.max(0, Math.min(fixColumns, data.length))).map((c) => c.key));
  const side = (c: C): 'left' | 'right' | null => (c.fixed === 'right' ? 'right' : c.fixed === 'left' || leading.has(c.key) ? 'left' : null);
  const left = data.filter((c) => side(c) === 'left');
  const middle = data.filter((c) => side(c) === null);
  const right = data.filter((c) => side(c) === 'right');
  const actions = columns.filter((c) => c.kind === 'actions');
  return {
    ordered: [...left, ...middle, ...right, ...actions],
    start: left.map((c) => c.key),
    end: [...right, ...actions].map((c) => c.key),
  };
}
