/** The palette: the field types grouped by family as the adapter groups them; drag one onto the canvas (or double-click to append). */
import { useDraggable } from '@dnd-kit/core';
import { PALETTE_GROUPS } from '../../../../schema-adapters/fieldTypes/palette';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';

function PaletteItem({ funcType, label, onAdd }: { funcType: FieldType; label: string; onAdd: (t: FieldType) => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `palette:${funcType}`, data: { source: 'palette', funcType, label } });
  return (
    <div ref={setNodeRef} className="fw-palette-item" data-type={funcType} {...attributes} {...listeners} onDoubleClick={() => onAdd(funcType)} title={`拖到表单中添加「${label}」，双击添加到末尾`}>
      {label}
    </div>
  );
}

/** The palette. */
export function Palette({ onAdd }: { onAdd: (t: FieldType) => void }) {
  return (
    <div className="fw-palette" aria-label="字段类型">
      {PALETTE_GROUPS.map((g) => (
        <div key={g.family} className="fw-palette-group">
          <h3>{g.title}</h3>
          <div className="fw-palette-items">
            {g.types.map((t) => <PaletteItem key={t.funcType} funcType={t.funcType} label={t.label} onAdd={onAdd} />)}
          </div>
        </div>
      ))}
    </div>
  );
}
