/**
 * Where a drag ended, read from dnd-kit's data (pure): the innermost area under the pointer wins
 * (a sub-form's rows over the sub-form's card, a card over its container), and an area inside the
 * dragged field itself is never a target.
 */
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';
import { starterField } from '../../../../schema-adapters/fieldTypes/palette';
import type { DropTarget } from './draft';

/** The `data` of a palette item, a field card or a container. */
export type DragData =
  | { source: 'palette'; funcType: FieldType; label: string }
  | { source: 'field'; key: string; container: string; index: number; depth: number; funcType: FieldType; label: string; span?: number }
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

/** Which side of a hovered card a drop lands on, and along which axis the indicator is drawn. */
export interface DropSide { side: 'before' | 'after'; axis: 'x' | 'y' }

/** How many of the canvas's 24 columns an item takes: a card its span, a new field its starter's. */
export function spanOf(data: DragData | undefined): number {
  if (!data || data.source === 'container') return 24;
  const span = data.source === 'field' ? data.span : starterField(data.funcType, new Set()).span;
  return Math.max(1, Math.min(24, Number(span ?? 24)));
}

/**
 * The side of `rect` the point is on, drawn where the field will land (issue 27 item 7). The
 * canvas is a grid filled in reading order, and a drop before or after a card inserts next to it
 * in that order. When the dragged field and the hovered card both take part of a row
 * (`sideways`), the field lands beside the card: the horizontal half decides and the bar is drawn
 * on the card's left or right edge. Otherwise a row break falls between them — a full-width field
 * (every new field) lands on a row of its own above or below the card, and a field dropped by a
 * full-width card lands in the row before or after it — so the vertical half decides and the bar is
 * drawn above or below. (A bar beside a card for a field that lands above or below it, or one
 * below a half-width card for a field that lands to its right, was the mismatch.)
 */
export function dropSide(rect: { left: number; top: number; width: number; height: number }, point: { x: number; y: number }, sideways = false): DropSide {
  if (sideways) return { side: point.x > rect.left + rect.width / 2 ? 'after' : 'before', axis: 'x' };
  return { side: point.y > rect.top + rect.height / 2 ? 'after' : 'before', axis: 'y' };
}

/** The drop target of a card hovered on `side`: before the card is its index, after it the next. */
export function sidedTarget(over: DragData | undefined, side: DropSide | null): DropTarget | null {
  const target = dropTargetOf(over);
  if (!target || !side || over?.source !== 'field') return target;
  return { container: target.container, index: target.index + (side.side === 'after' ? 1 : 0) };
}
