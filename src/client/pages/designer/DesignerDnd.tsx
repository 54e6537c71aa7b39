/** The drag-and-drop context of the designer: palette → canvas adds, card → canvas moves (dnd-kit). */
import { closestCenter, DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import { dropTargetOf, insideActive, rank, type DragData } from './dropTarget';
import type { DropTarget } from './draft';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';

/** What a finished drag does. */
export interface DndHandlers {
  onAdd: (funcType: FieldType, target: DropTarget) => void;
  onMove: (key: string, target: DropTarget) => void;
}

/** The context around the palette and the canvas. */
export function DesignerDnd({ onAdd, onMove, children }: DndHandlers & { children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [dragging, setDragging] = useState<DragData | null>(null);
  const collision: CollisionDetection = (args) => {
    const activeKey = (args.active.data.current as DragData | undefined)?.source === 'field' ? String(args.active.id) : null;
    const usable = { ...args, droppableContainers: args.droppableContainers.filter((c) => !insideActive(c.data.current as DragData | undefined, activeKey)) };
    const hits = pointerWithin(usable);
    const list = hits.length ? hits : closestCenter(usable);
    const byId = new Map(usable.droppableContainers.map((c) => [c.id, c.data.current as DragData | undefined]));
    return [...list].sort((a, b) => rank(byId.get(b.id)) - rank(byId.get(a.id)));
  };
  const onDragStart = (e: DragStartEvent) => setDragging((e.active.data.current as DragData | undefined) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const active = e.active.data.current as DragData | undefined;
    const target = dropTargetOf(e.over?.data.current as DragData | undefined);
    if (!active || !target) return;
    if (active.source === 'palette') onAdd(active.funcType, target);
    else if (active.source === 'field' && e.over?.id !== e.active.id) onMove(active.key, target);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      {children}
      <DragOverlay dropAnimation={null}>
        {dragging && dragging.source !== 'container' ? <div className="fw-palette-item" style={{ cursor: 'grabbing', width: 120 }}>{dragging.label || '字段'}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}
