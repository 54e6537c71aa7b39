/**
 * The drag-and-drop context of the designer: palette → canvas adds, card → canvas moves (dnd-kit).
 * A new field (or a card from another container) over a card shows a bar on the side it will land
 * on (`DropIndicatorContext`, drawn where the grid will place it: dropTarget's dropSide), and the
 * drop uses that side; a card moved within its own container
 * follows the sortable's live preview. Announcements are in Chinese.
 */
import { closestCenter, DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragMoveEvent, type DragStartEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { dropSide, insideActive, rank, sidedTarget, spanOf, type DragData, type DropSide } from './dropTarget';
import type { DropTarget } from './draft';
import { DESIGNER_ANNOUNCEMENTS, DESIGNER_INSTRUCTIONS } from './designerTexts';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';

/** What a finished drag does. */
export interface DndHandlers {
  onAdd: (funcType: FieldType, target: DropTarget) => void;
  onMove: (key: string, target: DropTarget) => void;
}

/** The card a drop would land beside, and on which side. */
export interface DropIndicator extends DropSide { key: string }

export const DropIndicatorContext = createContext<DropIndicator | null>(null);

/** The indicator's side for the card `key`, if it is the one hovered. */
export function useDropIndicator(key: string): DropSide | null {
  const ind = useContext(DropIndicatorContext);
  return ind && ind.key === key ? ind : null;
}

/** Whether a drag over `over` places by side (a new field, or a card from another container). */
function sided(active: DragData | undefined, over: DragData | undefined): boolean {
  if (!active || over?.source !== 'field') return false;
  return active.source === 'palette' || (active.source === 'field' && active.container !== over.container);
}

/** The context around the palette and the canvas. */
export function DesignerDnd({ onAdd, onMove, children }: DndHandlers & { children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [indicator, setIndicator] = useState<DropIndicator | null>(null);
  const last = useRef<DropIndicator | null>(null);
  const show = (next: DropIndicator | null) => {
    const prev = last.current;
    last.current = next;
    if (prev?.key !== next?.key || prev?.side !== next?.side || prev?.axis !== next?.axis) setIndicator(next);
  };
  const collision: CollisionDetection = (args) => {
    const activeKey = (args.active.data.current as DragData | undefined)?.source === 'field' ? String(args.active.id) : null;
    const usable = { ...args, droppableContainers: args.droppableContainers.filter((c) => !insideActive(c.data.current as DragData | undefined, activeKey)) };
    const hits = pointerWithin(usable);
    const list = hits.length ? hits : closestCenter(usable);
    const byId = new Map(usable.droppableContainers.map((c) => [c.id, c.data.current as DragData | undefined]));
    return [...list].sort((a, b) => rank(byId.get(b.id)) - rank(byId.get(a.id)));
  };
  const onDragStart = (e: DragStartEvent) => { show(null); setDragging((e.active.data.current as DragData | undefined) ?? null); };
  const onDragMove = (e: DragMoveEvent) => {
    const active = e.active.data.current as DragData | undefined;
    const over = e.over?.data.current as DragData | undefined;
    if (!e.over || !sided(active, over)) { show(null); return; }
    // The pointer where there is one; a keyboard drag goes by the dragged item's centre.
    const start = e.activatorEvent as Partial<PointerEvent>;
    const moved = e.active.rect.current.translated;
    const point = typeof start.clientX === 'number' && typeof start.clientY === 'number'
      ? { x: start.clientX + e.delta.x, y: start.clientY + e.delta.y }
      : moved ? { x: moved.left + moved.width / 2, y: moved.top + moved.height / 2 } : null;
    if (!point) { show(null); return; }
    const sideways = spanOf(active) < 24 && spanOf(over) < 24;
    show({ key: (over as Extract<DragData, { source: 'field' }>).key, ...dropSide(e.over.rect, point, sideways) });
  };
  const onDragEnd = (e: DragEndEvent) => {
    const side = last.current;
    show(null);
    setDragging(null);
    const active = e.active.data.current as DragData | undefined;
    const over = e.over?.data.current as DragData | undefined;
    const target = sidedTarget(over, sided(active, over) && side && over?.source === 'field' && side.key === over.key ? side : null);
    if (!active || !target) return;
    if (active.source === 'palette') onAdd(active.funcType, target);
    else if (active.source === 'field' && e.over?.id !== e.active.id) onMove(active.key, target);
  };
  return (
    <DndContext
      sensors={sensors}
      accessibility={{ announcements: DESIGNER_ANNOUNCEMENTS, screenReaderInstructions: DESIGNER_INSTRUCTIONS }}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => { show(null); setDragging(null); }}
    >
      <DropIndicatorContext.Provider value={indicator}>{children}</DropIndicatorContext.Provider>
      <DragOverlay dropAnimation={null}>
        {dragging && dragging.source !== 'container' ? <div className="fw-palette-item" style={{ cursor: 'grabbing', width: 120 }}>{dragging.label || '字段'}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}
