/**
 * Where a drag ended, read from dnd-kit's data (pure): the innermost area under the pointer wins
 * (a sub-form's rows over the sub-form's card, a card over its container), and an area inside the
 * dragged field itself is never a target.
 */
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';
import type { DropTarget } from './draft';

/** The `data` of a palette item, a field card or a container. */
export type DragData =
  | { source: 'palette'; funcType: FieldType; label: string }
  | { source: 'field'; key: string; container: string; index: number; depth: number; funcType: FieldType; label: string }
  | { source: 'container'; container: string; depth: number; parent?: string; index: number };

/** A candidate's rank: deeper first, then cards over containers. */
export function rank(data: DragData | undefined): number {
  if (!data || data.source === 'palette') return -1;
  return data.depth * 2 + (data.source === 'field' ? 1 : 0);
}

/** Whether a candidate lies inside the dragged field (its own sub-form area or rows). */
export function insideActive(data: DragData | undefined, activeKey: string | null): boolean {
  if (!data || !activeKey) return false;
  if (data.source === 'container') return data.container === activeKey;
  if (data.source === 'field') return data.key === activeKey ? false : data.container === activeKey;
  return false;
}

/** The drop target of `over` for the dragged item. */
export function dropTargetOf(over: DragData | undefined): DropTarget | null {
  if (!over || over.source === 'palette') return null;
  return { container: over.container, index: over.index };
}
