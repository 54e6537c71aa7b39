import type { FieldDefinition } from '../definition/types';
import { DATE_FORMATS, dateStorageKind, formatPattern, hasTime, pickerOf, toDayjsFormat } from '../shared/dateFormat';
import { sampleDate, withSampleTime, type CellResult, type ImportedCell } from '../cells/cellTypes';
import { cutDate, isBlank, RANGE_SEPARATOR, type Cell, type ColumnStyle, type StoredRow } from '../cells/spreadsheetText';
import { dateForFormat, normaliseDate } from '../cells/typedDates';
import { defined, importText, putAsIs, single } from './common';
import type { FamilySpecs } from './fieldTypeSpec';

/** The definition format of a date field, defaulting to yyyy-MM-dd (spec 01 §9). */
export function dateFormatOf(f: FieldDefinition): string {
  return f.format || DATE_FORMATS.date;
}

function pickerProps(f: FieldDefinition): Record<string, unknown> {
  const format = dateFormatOf(f);
  return defined({
    format: toDayjsFormat(format),
    picker: pickerOf(format) === 'date' ? undefined : pickerOf(format),
    showTime: hasTime(format) ? true : undefined,
    placeholder: f.placeholder,
  });
}

// Appended to the field's label ("签订日期的格式应为 yyyy-MM-dd"): a label ending in 日期 must not read 日期日期.
const dateCheck = (format: string, value: unknown): string | null =>
  typeof value === 'string' && formatPattern(format).test(value) ? null : `的格式应为 ${format}`;

/** A spreadsheet date cell as its wall-clock spelling (the time only when it has one). */
function spreadsheetDay(raw: Date): string {
  const iso = raw.toISOString();
  return iso.slice(11, 19) === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** A date typed in any common spelling (`2026/1/7`, `2026年1月7日`, …) or a spreadsheet date, in the field's format. */
function importDate(field: FieldDefinition, cell: ImportedCell): CellResult {
  const day = cell.raw instanceof Date ? spreadsheetDay(cell.raw) : normaliseDate(cell.text);
  return { values: { [field.enName]: dateForFormat(day, field.format) } };
}

/** `start ~ end` (or `start 至 end`; either end may be empty); a spreadsheet date is the start. */
function importDateRange(field: FieldDefinition, cell: ImportedCell): CellResult {
  const name = field.enName;
  if (cell.raw instanceof Date) return { values: { [`${name}$start`]: dateForFormat(spreadsheetDay(cell.raw), field.format), [`${name}$end`]: null } };
  const parts = cell.text.split(/\s*(?:~|至)\s*/);
  if (parts.length !== 2) return { error: `「${field.label}」须为“开始${RANGE_SEPARATOR}结束”` };
  const end = (t: string) => (t ? dateForFormat(normaliseDate(t), field.format) : null);
  return { values: { [`${name}$start`]: end(parts[0]), [`${name}$end`]: end(parts[1]) } };
}

function dateRangeCell(field: FieldDefinition, row: StoredRow): Cell {
  const s = row[`${field.enName}$start`];
  const e = row[`${field.enName}$end`];
  if (isBlank(s) && isBlank(e)) return null;
  return `${isBlank(s) ? '' : cutDate(s, field.format)}${RANGE_SEPARATOR}${isBlank(e) ? '' : cutDate(e, field.format)}`;
}

const EXCEL_DATE_FORMATS: Record<string, string> = {
  yyyy: 'yyyy', 'yyyy-MM': 'yyyy-mm', 'yyyy-MM-dd': 'yyyy-mm-dd', 'yyyy-MM-dd HH': 'yyyy-mm-dd hh',
  'yyyy-MM-dd HH:mm': 'yyyy-mm-dd hh:mm', 'yyyy-MM-dd HH:mm:ss': 'yyyy-mm-dd hh:mm:ss',
};

/** Excel date cells in the field's format (issue 27 item 4), so a spreadsheet can sort and filter them. */
const dateStyle = (field: FieldDefinition): ColumnStyle => ({ numFmt: EXCEL_DATE_FORMATS[field.format?.trim() ?? ''] ?? 'yyyy-mm-dd', date: true });

/** A date or time cell cut to `format` (none: as stored). */
const dateCell = (format: (f: FieldDefinition) => string | undefined) => (field: FieldDefinition, row: StoredRow): Cell => {
  const value = row[field.enName];
  return isBlank(value) ? null : cutDate(value, format(field));
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Date family: dateStamp, dateRange (stored as `$start`/`$end`) and timeOnly. */
export const dateTypes = {
  dateStamp: {
    family: 'date',
    component: 'DatePicker',
    schemaType: 'string',
    props: pickerProps,
    cell: 'date',
    sortable: true,
    search: 'dateRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: (f) => single(dateStorageKind(dateFormatOf(f))),
    submit: putAsIs,
    checkValue: (f, v) => dateCheck(dateFormatOf(f), v),
    exportCell: dateCell((f) => f.format),
    exportStyle: dateStyle,
    importCell: importDate,
    sample: (f, s) => withSampleTime(f, s, sampleDate(s)),
  },
  dateRange: {
    family: 'date',
    component: 'DatePicker.RangePicker',
    schemaType: 'array',
    props: pickerProps,
    cell: 'dateRange',
    sortable: false,
    search: 'dateRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: (f) => [
      { suffix: '$start', kind: dateStorageKind(dateFormatOf(f)), multiValued: false },
      { suffix: '$end', kind: dateStorageKind(dateFormatOf(f)), multiValued: false },
    ],
    // Spec 01 §5: a dateRange is split into {field}$start and {field}$end.
    submit: (_f, value, put) => {
      const [start, end] = Array.isArray(value) ? value : [];
      put('$start', start ?? null);
      put('$end', end ?? null);
    },
    checkValue: (f, v) => {
      if (!Array.isArray(v) || v.length !== 2) return '应为开始和结束两个日期';
      return v.map((d) => (d == null || d === '' ? null : dateCheck(dateFormatOf(f), d))).find(Boolean) ?? null;
    },
    exportCell: dateRangeCell,
    importCell: importDateRange,
    // Both days first, then their times, in order (the demo data stays the same from seed to seed).
    sample: (f, s) => {
      const [a, b] = [sampleDate(s), sampleDate(s)];
      return a <= b ? [withSampleTime(f, s, a), withSampleTime(f, s, b)] : [withSampleTime(f, s, b), withSampleTime(f, s, a)];
    },
  },
  timeOnly: {
    family: 'date',
    component: 'TimePicker',
    schemaType: 'string',
    props: (f) => defined({ format: f.format || DATE_FORMATS.time, placeholder: f.placeholder }),
    cell: 'time',
    sortable: true,
    search: 'timeRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    // Text in the field's own format ('HH:mm' stays 'HH:mm'): zero-padded times sort and
    // compare byte-wise exactly as clock times do, and the value round-trips unchanged.
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: (f, v) => dateCheck(f.format || DATE_FORMATS.time, v),
    exportCell: dateCell(() => undefined),
    importCell: importText,
    sample: (_f, s) => `${pad(8 + Math.floor(s.random() * 10))}:${pad(Math.floor(s.random() * 4) * 15)}:00`,
  },
} satisfies FamilySpecs<'dateStamp' | 'dateRange' | 'timeOnly'>;

