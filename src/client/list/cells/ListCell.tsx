/** One body cell of the list: coloured status and dictionary chips, colour swatches, related links, text. */
import { QrcodeOutlined } from '@ant-design/icons';
import { memo } from 'react';
import { cascaderPaths, findOption, optionPath, PATH_SEPARATOR, type ColumnModel, type FieldOption } from '../../../../schema-adapters';
import styles from '../list.module.css';
import { cellText } from './cellText';
import { colorOf } from './colorOf';
import { STATUS_STYLES } from './statusColors';
import type { PendingColumn } from '../../controllers/useConstantColumns';

function Chip({ option }: { option: FieldOption }) {
  const plain = !option.color && !option.backgroundColor;
  return (
    <span className={plain ? styles.chipPlain : styles.chip} style={plain ? undefined : { color: option.color, background: option.backgroundColor, borderColor: option.color }}>
      {option.icon ? <span className={styles.chipIcon} aria-hidden>{option.icon}</span> : null}
      {option.label}
    </span>
  );
}

/** Renders `row[column.key]` by the column's cell kind (`onOpenQr`: a qrCode cell opens the row's QR-code dialog). */
export const ListCell = memo(function ListCell({ column, row, onOpenRelated, onOpenQr }: {
  column: ColumnModel | PendingColumn;
  row: Record<string, unknown>;
  onOpenRelated?: (form: string, id: unknown) => void;
  onOpenQr?: (field: string, row: Record<string, unknown>) => void;
}) {
  const value = row[column.key];
  if (column.cell === 'qrCode') {
    // The record's QR code (the value is the record itself): the toolbar's 二维码 dialog, for this row.
    if (!onOpenQr || row.id === undefined || row.id === null) return null;
    return (
      <a className={styles.cellText} data-testid="qr-cell" aria-label="二维码" onClick={(e) => { e.stopPropagation(); onOpenQr(column.key, row); }}>
        <QrcodeOutlined /> 二维码
      </a>
    );
  }
  // A constant list still loading: nothing rather than its raw ids (they would flash, then change).
  if ('optionsPending' in column && column.optionsPending && !(column.viewKey && row[column.viewKey])) return <span className={styles.cellText} aria-busy="true" />;
  if (column.cell === 'status') {
    const s = STATUS_STYLES[String(value)];
    if (!s) return null;
    return <span className={styles.status} style={{ color: s.color, background: s.background }} data-status={String(value)}>{s.label}</span>;
  }
  if (column.cell === 'dict' && column.options?.length && column.search === 'cascader') {
    // One chip per path, labelled with every level as the form shows it, coloured by its last level.
    const chips = cascaderPaths(value).map((path): FieldOption => {
      const known = optionPath(column.options, path);
      const label = path.map((v, i) => known[i]?.label ?? String(v)).join(PATH_SEPARATOR);
      const leaf = known.length === path.length ? known[known.length - 1] : undefined;
      return { ...(leaf ?? {}), label, value: path.map(String).join('/') };
    });
    return <span className={styles.cellText} title={chips.map((c) => c.label).join('、')}>{chips.map((o) => <Chip key={String(o.value)} option={o} />)}</span>;
  }
  if (column.cell === 'dict' && column.options?.length) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
    const options = values.map((v) => findOption(column.options, v) ?? { label: String(v), value: String(v) });
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
  const color = colorOf(column, row);
  return <span className={column.cell === 'number' || column.cell === 'rate' ? styles.cellNumber : styles.cellText} title={text} style={color ? { color } : undefined} data-color={color}>{text}</span>;
});
