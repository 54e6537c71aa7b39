import type { FieldOption } from '../definition/types';
import { isBlank, plainCell, viewCell, type Cell, type StoredRow } from '../cells/spreadsheetText';
import type { FieldDefinition } from '../definition/types';
import { defined, importText, noSample, putAsIs, single, withView } from './common';
import type { FamilySpecs } from './fieldTypeSpec';
import { valueless } from './layout';
import { sampleText } from './text';

/** Record statuses of spec 01 §4 with the tag colours of the 状态 column. */
export const SYS_STATUS_OPTIONS: FieldOption[] = [
  { label: '已审核', value: 1, color: 'success' },
  { label: '处理中', value: 0, color: 'processing' },
  { label: '草稿', value: -1, color: 'default' },
  { label: '作废', value: -2, color: 'error' },
];

const POINT = '-?\\d+(\\.\\d+)?,-?\\d+(\\.\\d+)?';
/** Spec 01 §3.3: 'lon,lat', or boxes 'swLon,swLat;neLon,neLat' joined by '-'. */
export const POSITION_PATTERN = new RegExp(`^(${POINT}|${POINT};${POINT}(-${POINT};${POINT})*)$`);

/** The status label (已审核, 处理中, 草稿, 作废) of the record's own `sys_status`. */
function statusCell(field: FieldDefinition, row: StoredRow): Cell {
  const status = row.sys_status ?? row[field.enName];
  if (isBlank(status)) return null;
  return SYS_STATUS_OPTIONS.find((o) => Number(o.value) === Number(status))?.label ?? String(status);
}

/** Special family: button, serialNumber, sysStatus, business (company) and position. */
export const specialTypes = {
  button: {
    ...valueless,
    family: 'special',
    component: 'LinkButton',
    props: (f) => defined({ buttonName: f.buttonName ?? f.label, linkUrl: f.linkUrl }),
    cell: 'button',
  },
  serialNumber: {
    family: 'special',
    component: 'SerialNumber',
    schemaType: 'string',
    props: () => ({ readOnly: true }),
    cell: 'text',
    sortable: true,
    search: 'text',
    searchTypeRadio: true,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('text'),
    // Assigned by the server when the record is saved; never taken from the browser.
    submit: () => undefined,
    checkValue: () => null,
    exportCell: plainCell,
    // Numbered by the server when the record is added; a file cannot choose one.
    importCell: null,
    sample: noSample,
  },
  sysStatus: {
    family: 'special',
    component: 'StatusTag',
    schemaType: 'number',
    props: () => ({ options: SYS_STATUS_OPTIONS }),
    cell: 'status',
    sortable: true,
    search: 'status',
    searchTypeRadio: false,
    searchRange: false,
    hasView: false,
    defaultValue: () => null,
    // The value is the record's own sys_status system column.
    storage: () => [],
    submit: putAsIs,
    checkValue: (_f, v) => (SYS_STATUS_OPTIONS.some((o) => o.value === Number(v)) ? null : '应为 1、0、-1 或 -2'),
    exportCell: statusCell,
    // A status changes through its own actions (submit, approve, void), never by import.
    importCell: null,
    sample: noSample,
  },
  business: {
    family: 'special',
    component: 'CompanyLookup',
    schemaType: 'string',
    props: (f) => defined({ placeholder: f.placeholder }),
    cell: 'company',
    sortable: true,
    search: 'text',
    searchTypeRadio: true,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: (_f, v) => (typeof v === 'string' ? null : '应为文本'),
    exportCell: plainCell,
    importCell: importText,
    sample: sampleText,
  },
  position: {
    family: 'special',
    component: 'PositionInput',
    schemaType: 'string',
    props: (f) => defined({ mode: f.type === 'area' ? 'area' : 'point', placeholder: f.placeholder }),
    cell: 'position',
    sortable: true,
    search: 'text',
    searchTypeRadio: true,
    searchRange: true,
    hasView: true,
    defaultValue: () => null,
    storage: () => withView('text', false),
    submit: putAsIs,
    checkValue: (_f, v) => (typeof v === 'string' && POSITION_PATTERN.test(v) ? null : '坐标格式应为“经度,纬度”'),
    exportCell: viewCell,
    importCell: importText,
    // Around Hangzhou, where the demo's projects are.
    sample: (_f, s) => `${(120.1 + s.random() * 0.2).toFixed(6)},${(30.2 + s.random() * 0.1).toFixed(6)}`,
  },
} satisfies FamilySpecs<'button' | 'serialNumber' | 'sysStatus' | 'business' | 'position'>;
