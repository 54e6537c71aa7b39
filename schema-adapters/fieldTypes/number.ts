import type { FieldDefinition } from '../definition/types';
import type { CellResult, ImportedCell, SampleSource } from '../cells/cellTypes';
import { isBlank, neutralise, type Cell, type ColumnStyle, type StoredRow } from '../cells/spreadsheetText';
import { defined, single } from './common';
import type { FamilySpecs, PutValue } from './fieldTypeSpec';

/** Spec 01 §5: optional sign, an integer without leading zeros, optional decimals. */
export const NUMBER_STRING = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;

/** A finite number, or a text passing the number string check of spec 01 §5. */
export function numberCheck(_f: FieldDefinition, value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : '必须是数字';
  if (typeof value === 'string' && NUMBER_STRING.test(value.trim())) return null;
  return '必须是数字';
}

/** Sends a number typed as text ('12.50') as the number it spells; anything else as it is (validateRecord reports it). */
function submitNumber(_f: FieldDefinition, value: unknown, put: PutValue): void {
  put('', typeof value === 'string' && NUMBER_STRING.test(value.trim()) ? Number(value) : value);
}

/** A number cell: the number itself, so a spreadsheet can total it. */
function numberCell(field: FieldDefinition, row: StoredRow): Cell {
  const value = row[field.enName];
  if (isBlank(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : neutralise(String(value));
}

/** A typed number (`1,234.5` too), or the problem. */
function importNumber(field: FieldDefinition, cell: ImportedCell): CellResult {
  const n = typeof cell.raw === 'number' ? cell.raw : Number(cell.text.replace(/,/g, ''));
  if (!Number.isFinite(n) || !/^[-+]?[\d,]*\.?\d+(e[-+]?\d+)?$/i.test(cell.text)) return { error: `「${field.label}」须为数字` };
  return { values: { [field.enName]: n } };
}

/**
 * The column's number format (issue 27 item 4): the field's precision, the thousands separator
 * when the `sys.thousand.separator.enabled` setting is on, and the suffix (% or 元) as literal
 * text — the stored value stays the one the list shows (12.5 with "%" shows 12.5%, and imports back as 12.5).
 */
function numberStyle(field: FieldDefinition, thousands: boolean): ColumnStyle | null {
  const p = typeof field.precision === 'number' && Number.isInteger(field.precision) && field.precision >= 0 ? Math.min(field.precision, 10) : undefined;
  const suffix = typeof field.suffix === 'string' && field.suffix ? `"${field.suffix.replace(/"/g, '')}"` : '';
  if (p === undefined && !thousands) return suffix ? { numFmt: `General${suffix}` } : null;
  const whole = thousands ? '#,##0' : '0';
  const decimals = p === undefined ? '.##########' : p > 0 ? `.${'0'.repeat(p)}` : '';
  return { numFmt: `${whole}${decimals}${suffix}` };
}

/** An amount, a percentage or a quantity by the label, within the field's bounds. */
function sampleNumber(field: FieldDefinition, s: SampleSource): number {
  const big = /金额|价|款|预算|额/.test(field.label ?? '');
  const pct = /率|进度|比例/.test(field.label ?? '');
  const raw = big ? 1000 + s.random() * 500000 : pct ? s.random() * 100 : 1 + s.random() * 200;
  const p = typeof field.precision === 'number' ? field.precision : big ? 2 : 0;
  let v = Number(raw.toFixed(p));
  if (typeof field.min === 'number') v = Math.max(v, field.min);
  if (typeof field.max === 'number') v = Math.min(v, field.max);
  return v;
}

/** Number family: number (precision, min, max, suffix) and rate. */
export const numberTypes = {
  number: {
    family: 'number',
    component: 'NumberPicker',
    schemaType: 'number',
    props: (f) => defined({ placeholder: f.placeholder, min: f.min, max: f.max, precision: f.precision, addonAfter: f.suffix, style: { width: '100%' } }),
    cell: 'number',
    sortable: true,
    search: 'numberRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => 0,
    storage: () => single('numeric'),
    submit: submitNumber,
    checkValue: numberCheck,
    exportCell: numberCell,
    exportStyle: numberStyle,
    importCell: importNumber,
    sample: sampleNumber,
  },
  rate: {
    family: 'number',
    component: 'Rate',
    schemaType: 'number',
    props: (f) => defined({ count: f.max ?? 5, allowHalf: (f.precision ?? 0) > 0 ? true : undefined }),
    cell: 'rate',
    sortable: true,
    search: 'numberRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('numeric'),
    submit: submitNumber,
    checkValue: numberCheck,
    exportCell: numberCell,
    importCell: importNumber,
    sample: (_f, s) => 1 + Math.floor(s.random() * 5),
  },
} satisfies FamilySpecs<'number' | 'rate'>;
