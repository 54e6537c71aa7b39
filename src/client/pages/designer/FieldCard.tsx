/** One field on the canvas: sortable, its width (24/12/8), its rules at a glance; a sub-form holds its rows. */
import { DeleteOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Segmented, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { FIELD_TYPE_LABELS } from '../../../../schema-adapters/fieldTypes/palette';
import type { DraftField } from './draft';
import { useDropIndicator } from './DesignerDnd';

/** What the card needs from the canvas. */
export interface FieldCardProps {
  field: DraftField;
  container: string;
  index: number;
  depth: number;
  selected: boolean;
  problemCount: number;
  onSelect: (key: string) => void;
  onSpan: (key: string, span: number) => void;
  onRemove: (key: string) => void;
  children?: ReactNode;
}

const SPANS = [24, 12, 8];

/** The card. */
export function FieldCard({ field, container, index, depth, selected, problemCount, onSelect, onSpan, onRemove, children }: FieldCardProps) {
  const span = field.funcType === 'subForm' ? 24 : Number(field.span ?? 24);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.__key, data: { source: 'field', key: field.__key, container, index, depth, funcType: field.funcType, label: field.label, span } });
  const style = { gridColumn: `span ${Math.max(1, Math.min(24, span))}`, transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 };
  const drop = useDropIndicator(field.__key);
  const classes = ['fw-field-card', selected ? 'fw-selected' : '', problemCount ? 'fw-invalid' : '', drop ? `fw-drop-${drop.side}-${drop.axis}` : ''].join(' ');
  return (
    <div ref={setNodeRef} style={style} className={classes} data-field={field.enName} data-drop={drop ? drop.side : undefined} {...attributes} {...listeners} onClick={(e) => { e.stopPropagation(); onSelect(field.__key); }}>
      <div className="fw-field-head">
        {field.required ? <span style={{ color: '#ff4d4f' }}>*</span> : null}
        <span className="fw-field-label">{field.label || FIELD_TYPE_LABELS[field.funcType]}</span>
        <span style={{ flex: 1 }} />
        {field.hideCondition ? <Tooltip title={`隐藏条件：${field.hideCondition}`}><Tag color="purple" style={{ marginInlineEnd: 0 }}>隐</Tag></Tooltip> : null}
        {problemCount ? <Tag color="red" style={{ marginInlineEnd: 0 }}>{problemCount}</Tag> : null}
        {field.funcType !== 'subForm' ? (
          <Segmented size="small" aria-label={`${field.label}宽度`} options={SPANS.map((s) => ({ label: String(s), value: s }))} value={SPANS.includes(span) ? span : 24} onChange={(v) => onSpan(field.__key, Number(v))} onPointerDown={(e) => e.stopPropagation()} />
        ) : null}
        <Button size="small" type="text" danger aria-label={`删除${field.label}`} icon={<DeleteOutlined />} onPointerDown={(e) => e.stopPropagation()} onClick={(e) => { e.stopPropagation(); onRemove(field.__key); }} />
      </div>
      <div className="fw-field-meta">{FIELD_TYPE_LABELS[field.funcType]} · {field.enName}</div>
      {children}
    </div>
  );
}
