/** Maps each funcType to its storage columns (spec 01 §3.2–3.4, ARCHITECTURE.md "Data"). */
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { ColumnKind, ColumnRole } from './types.js';

/** How a field is stored: the columns (role → kind) and whether its value column is sortable. */
interface FieldStorageRule {
  columns(field: FieldDefinition): [ColumnRole, ColumnKind][];
  /** Spec 01 §2.2: no sort icon for button, switch, address, dateRange, upload, qrCode, … */
  sortable: boolean;
  /** `like` search on the value column (text fields get a trigram index). */
  likeSearch: boolean;
}

/** A date field keeps a time part when its format shows hours (or its type says datetime). */
export function dateKind(field: FieldDefinition): ColumnKind {
  const fmt = `${field.format ?? ''} ${field.type ?? ''}`;
  return /H|h|datetime/.test(fmt) ? 'timestamp' : 'date';
}

const text = (): [ColumnRole, ColumnKind][] => [['value', 'text']];
const choice = (field: FieldDefinition): [ColumnRole, ColumnKind][] => [
  ['value', field.multiple ? 'jsonb_list' : 'jsonb'],
  ['view', 'text'],
];
const none = (): [ColumnRole, ColumnKind][] => [];

const RULES = {
  input: { columns: text, sortable: true, likeSearch: true },
  textarea: { columns: text, sortable: true, likeSearch: true },
  number: { columns: () => [['value', 'numeric']], sortable: true, likeSearch: false },
  rate: { columns: () => [['value', 'numeric']], sortable: true, likeSearch: false },
  select: { columns: choice, sortable: true, likeSearch: false },
  // A cascader value is a path (a list) even when single.
  cascader: { columns: () => [['value', 'jsonb_list'], ['view', 'text']], sortable: true, likeSearch: false },
  user: { columns: choice, sortable: true, likeSearch: false },
  dept: { columns: choice, sortable: true, likeSearch: false },
  relatedForm: { columns: choice, sortable: true, likeSearch: false },
  radio: { columns: () => [['value', 'jsonb'], ['view', 'text']], sortable: true, likeSearch: false },
  checkbox: { columns: () => [['value', 'jsonb_list'], ['view', 'text']], sortable: true, likeSearch: false },
  switch: { columns: () => [['value', 'boolean']], sortable: false, likeSearch: false },
  address: {
    columns: () => [['value', 'jsonb_list'], ['province', 'text'], ['city', 'text'], ['district', 'text'], ['view', 'text']],
    sortable: false,
    likeSearch: false,
  },
  upload: { columns: () => [['value', 'jsonb_list']], sortable: false, likeSearch: false },
  idCard: { columns: () => [['value', 'jsonb_list']], sortable: false, likeSearch: false },
  invoice: { columns: () => [['value', 'jsonb']], sortable: false, likeSearch: false },
  dateStamp: { columns: (f) => [['value', dateKind(f)]], sortable: true, likeSearch: false },
  dateRange: { columns: (f) => [['start', dateKind(f)], ['end', dateKind(f)]], sortable: false, likeSearch: false },
  timeOnly: { columns: text, sortable: true, likeSearch: false },
  business: { columns: text, sortable: true, likeSearch: true },
  position: { columns: () => [['value', 'text'], ['view', 'text']], sortable: true, likeSearch: false },
  qrCode: { columns: text, sortable: false, likeSearch: false },
  serialNumber: { columns: text, sortable: true, likeSearch: true },
  color: { columns: text, sortable: false, likeSearch: false },
  // subForm is a child table; sysStatus is the system column sys_status; the rest hold no data.
  subForm: { columns: none, sortable: false, likeSearch: false },
  sysStatus: { columns: none, sortable: false, likeSearch: false },
  button: { columns: none, sortable: false, likeSearch: false },
  groupTitle: { columns: none, sortable: false, likeSearch: false },
  divider: { columns: none, sortable: false, likeSearch: false },
} satisfies Record<FieldType, FieldStorageRule>;

/** The storage rule of a field's funcType. */
export function fieldRule(field: FieldDefinition): FieldStorageRule {
  return RULES[field.funcType];
}
