/** One body cell of the list: coloured status and dictionary chips, colour swatches, related links, text. */
import { memo } from 'react';
import type { ColumnModel, FieldOption } from '../../../../schema-adapters';
import styles from '../list.module.css';
import { cellText } from './cellText';
import { STATUS_STYLES } from './statusColors';

function Chip({ option }: { option: FieldOption }) {
  const plain = !option.color && !option.backgroundColor;
  return (
    <span className={plain ? styles.chipPlain : styles.chip} style={plain ? undefined : { color: option.color, background: option.backgroundColor, borderColor: option.color }}>
      {option.icon ? <span className={styles.chipIcon} aria-hidden>{option.icon}</span> : null}
      {option.label}
    </span>
  );
}

/** Renders `row[column.key]` by the column's cell kind. */
export const ListCell = memo(function ListCell({ column, row, onOpenRelated }: { column: ColumnModel; row: Record<string, unknown>; onOpenRelated?: (form: string, id: unknown) => void }) {
  const value = row[column.key];
  if (column.cell === 'status') {
    const s = STATUS_STYLES[String(value)];
    if (!s) return null;
    return <span className={styles.status} style={{ color: s.color, background: s.background }} data-status={String(value)}>{s.label}</span>;
  }
  if (column.cell === 'dict' && column.options?.length) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
    const options = values.map((v) => column.options?.find((o) => String(o.value) === String(v)) ?? { label: String(v), value: String(v) });
    return <span className={styles.cellText}>{options.map((o) => <Chip key={String(o.value)} option={o} />)}</span>;
  }
  if (column.cell === 'color' && value) {
    const option = column.options?.find((o) => o.value === value);
    return <span className={styles.cellText}><span className={styles.swatch} style={{ background: option?.color ?? String(value) }} />{option?.label ?? String(value)}</span>;
  }
  const text = cellText(column, row);
  if (column.cell === 'related' && column.relateEnName && value !== null && value !== undefined && value !== '' && onOpenRelated) {
    return (
      <a className={styles.cellText} title={text} onClick={(e) => { e.stopPropagation(); onOpenRelated(column.relateEnName as string, value); }}>
        {text}
      </a>
    );
  }
  return <span className={column.cell === 'number' || column.cell === 'rate' ? styles.cellNumber : styles.cellText} title={text}>{text}</span>;
});
