/** The canvas: the form's 24-column grid of fields, a drop area for the main form and one per sub-form. */
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import type { Draft, DraftField } from './draft';
import { FieldCard } from './FieldCard';

/** What the canvas needs. */
export interface CanvasProps {
  draft: Draft;
  selected: string | null;
  problems: DefinitionProblem[];
  onSelect: (key: string | null) => void;
  onSpan: (key: string, span: number) => void;
  onRemove: (key: string) => void;
}

/** A container's drop area (`root` or a sub-form's key). */
function DropGrid({ container, depth, parent, fields, empty, children }: { container: string; depth: number; parent?: string; fields: DraftField[]; empty: string; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `container:${container}`, data: { source: 'container', container, depth, parent, index: fields.length } });
  return (
    <SortableContext id={container} items={fields.map((f) => f.__key)} strategy={rectSortingStrategy}>
      <div ref={setNodeRef} className={`fw-canvas-grid${isOver ? ' fw-over' : ''}`} data-container={container === 'root' ? 'root' : 'subForm'}>
        {fields.length ? children : <div className="fw-canvas-empty">{empty}</div>}
      </div>
    </SortableContext>
  );
}

const rowsOf = (f: DraftField): DraftField[] => (f.children ?? []) as DraftField[];

const countFor = (problems: DefinitionProblem[], path: string) => problems.filter((p) => p.path === path || (p.path.startsWith(`${path}.`) && !p.path.slice(path.length + 1).startsWith('children['))).length;

/** The canvas. */
export function Canvas({ draft, selected, problems, onSelect, onSpan, onRemove }: CanvasProps) {
  const common = { onSelect: (k: string) => onSelect(k), onSpan, onRemove };
  return (
    <div className="fw-canvas" onClick={() => onSelect(null)}>
      <DropGrid container="root" depth={0} fields={draft.fields} empty="从左侧拖入字段">
        {draft.fields.map((f, i) => (
          <FieldCard key={f.__key} field={f} container="root" index={i} depth={0} selected={selected === f.__key} problemCount={countFor(problems, `fields[${i}]`)} {...common}>
            {f.funcType === 'subForm' ? (
              <div className="fw-subform-zone" aria-label={`子表${f.label}的字段`}>
                <DropGrid container={f.__key} depth={1} parent={f.__key} fields={rowsOf(f)} empty="拖入子表字段">
                  {rowsOf(f).map((c, j) => (
                    <FieldCard key={c.__key} field={c} container={f.__key} index={j} depth={1} selected={selected === c.__key} problemCount={countFor(problems, `fields[${i}].children[${j}]`)} {...common} />
                  ))}
                </DropGrid>
              </div>
            ) : null}
          </FieldCard>
        ))}
      </DropGrid>
    </div>
  );
}
