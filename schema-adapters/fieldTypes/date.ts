import type { FieldDefinition } from '../definition/types';
import { DATE_FORMATS, dateStorageKind, formatPattern, hasTime, pickerOf, toDayjsFormat } from '../shared/dateFormat';
import { defined, putAsIs, single } from './common';
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

const dateCheck = (format: string, value: unknown): string | null =>
  typeof value === 'string' && formatPattern(format).test(value) ? null : `日期格式应为 ${format}`;

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
  },
} satisfies FamilySpecs<'dateStamp' | 'dateRange' | 'timeOnly'>;

