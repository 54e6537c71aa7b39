import { isBlank, neutralise, type Cell, type StoredRow } from '../cells/spreadsheetText';
import type { FieldDefinition } from '../definition/types';
import { defined, noSample, putAsIs, single } from './common';
import type { FamilySpecs } from './fieldTypeSpec';
import { valueless } from './layout';

/** Longest display name a stored file entry may carry (uploads keep the original name). */
export const FILE_NAME_MAX = 255;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Longest stored key or url an entry may carry (the download call accepts keys of up to 400 characters). */
export const FILE_KEY_MAX = 400;

const printable = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max && !CONTROL.test(v);

/**
 * One entry of a file list: `{name, fileName, url, …}` with a printable display name, the stored
 * key (`fileName`, which the pages preview, download and key lists by) and the url. An entry
 * without any of them cannot be shown, so the server refuses it (issue 11 item 6).
 */
export function fileEntryOk(e: unknown): boolean {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return false;
  const { name, url, fileName } = e as { name?: unknown; url?: unknown; fileName?: unknown };
  return printable(name, FILE_NAME_MAX) && printable(fileName, FILE_KEY_MAX) && printable(url, FILE_KEY_MAX);
}

/** The funcTypes whose value is a list of stored files. */
export const FILE_LIST_TYPES: ReadonlySet<string> = new Set(['upload', 'idCard', 'invoice']);

/** Null when `v` is a list of well-formed file entries, else the message after the field's label. */
export const fileListCheck = (_f: unknown, v: unknown): string | null => {
  if (!Array.isArray(v)) return '应为文件列表';
  return v.every(fileEntryOk) ? null : '的文件信息不正确';
};

/** The file names of a file list, joined by commas. */
function filesCell(field: FieldDefinition, row: StoredRow): Cell {
  const value = row[field.enName];
  if (isBlank(value)) return null;
  if (!Array.isArray(value)) return neutralise(typeof value === 'string' ? value : '');
  return neutralise(value.map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown; url?: unknown }).name ?? (f as { url?: unknown }).url ?? '') : String(f))).join(','));
}

/** What every file-list type shares: stored as a jsonb list, shown as files, never sorted. */
const fileList = {
  family: 'media',
  schemaType: 'array',
  cell: 'files',
  sortable: false,
  search: 'text',
  searchTypeRadio: false,
  searchRange: true,
  hasView: false,
  defaultValue: () => [],
  storage: () => single('jsonb', true),
  submit: putAsIs,
  checkValue: fileListCheck,
  exportCell: filesCell,
  // Files cannot travel inside a table; the demo seed stores real files through the file store.
  importCell: null,
  sample: noSample,
} as const;

/** Media family: upload, idCard, invoice (file lists) and qrCode (the record's mobile link). */
export const mediaTypes = {
  upload: {
    ...fileList,
    component: 'FileUpload',
    props: (f) => defined({ accept: f.accept, multiple: f.multiple === false ? undefined : true }),
  },
  idCard: {
    ...fileList,
    component: 'IdCardUpload',
    props: (f) => defined({ accept: f.accept ?? 'image/*' }),
  },
  invoice: {
    ...fileList,
    component: 'InvoiceUpload',
    props: (f) => defined({ accept: f.accept ?? 'image/*,.pdf,.ofd' }),
    // Spec 01 §3.4 lists upload and idCard among the empty-list defaults, not invoice.
    defaultValue: () => null,
  },
  qrCode: {
    ...valueless,
    family: 'media',
    component: 'QrCode',
    props: (f) => defined({ linkUrl: f.linkUrl }),
    cell: 'qrCode',
  },
} satisfies FamilySpecs<'upload' | 'idCard' | 'invoice' | 'qrCode'>;
