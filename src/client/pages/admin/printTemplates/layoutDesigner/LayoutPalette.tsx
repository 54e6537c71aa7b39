/** The designer's palette: the form's fields, its sub-forms (as tables) and the element kinds; drag one onto the page. */
import { useDraggable } from '@dnd-kit/core';
import type { LayoutFields } from '../../../../../shared/print/layout/layoutFields';
import { ELEMENT_KIND_LABELS } from '../../../../../shared/print/layout/layoutModel';
import type { PaletteItem } from './layoutEdits';

function Item({ id, item, label }: { id: string; item: PaletteItem; label: string }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id, data: { source: 'palette', item } });
  return (
    <div ref={setNodeRef} className="fw-layout-palette-item" data-palette={id} {...attributes} {...listeners} title={`拖到页面上添加「${label}」`}
      style={{ padding: '2px 8px', margin: '2px 0', border: '1px solid #d9d9d9', borderRadius: 4, background: '#fff', cursor: 'grab', fontSize: 13 }}>
      {label}
    </div>
  );
}

const KINDS = ['text', 'line', 'rect', 'image', 'qrcode', 'pageNumber'] as const;

/** The palette. */
export function LayoutPalette({ fields }: { fields: LayoutFields }) {
  return (
    <div aria-label="版式元素" style={{ width: 170, flex: 'none', overflow: 'auto', maxHeight: '75vh' }}>
      <h4 style={{ margin: '0 0 4px' }}>字段</h4>
      {fields.main.map((f) => <Item key={f.enName} id={`field:${f.enName}`} item={{ kind: 'field', field: f.enName }} label={f.label} />)}
      {fields.subForms.length ? <h4 style={{ margin: '8px 0 4px' }}>子表格</h4> : null}
      {fields.subForms.map((s) => <Item key={s.enName} id={`table:${s.enName}`} item={{ kind: 'table', subForm: s.enName }} label={s.label} />)}
      <h4 style={{ margin: '8px 0 4px' }}>元素</h4>
      {KINDS.map((k) => <Item key={k} id={`kind:${k}`} item={{ kind: k }} label={ELEMENT_KIND_LABELS[k]} />)}
    </div>
  );
}
