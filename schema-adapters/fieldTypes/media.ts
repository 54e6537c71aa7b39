import { defined, putAsIs, single } from './common';
import type { FamilySpecs } from './fieldTypeSpec';
import { valueless } from './layout';

const fileListCheck = (_f: unknown, v: unknown): string | null => (Array.isArray(v) ? null : '应为文件列表');

/** Media family: upload, idCard, invoice (file lists) and qrCode (the record's mobile link). */
export const mediaTypes = {
  upload: {
    family: 'media',
    component: 'FileUpload',
    schemaType: 'array',
    props: (f) => defined({ accept: f.accept, multiple: f.multiple === false ? undefined : true }),
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
  },
  idCard: {
    family: 'media',
    component: 'IdCardUpload',
    schemaType: 'array',
    props: (f) => defined({ accept: f.accept ?? 'image/*' }),
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
  },
  invoice: {
    family: 'media',
    component: 'InvoiceUpload',
    schemaType: 'array',
    props: (f) => defined({ accept: f.accept ?? 'image/*,.pdf,.ofd' }),
    cell: 'files',
    sortable: false,
    search: 'text',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('jsonb', true),
    submit: putAsIs,
    checkValue: fileListCheck,
  },
  qrCode: {
    ...valueless,
    family: 'media',
    component: 'QrCode',
    props: (f) => defined({ linkUrl: f.linkUrl }),
    cell: 'qrCode',
  },
} satisfies FamilySpecs<'upload' | 'idCard' | 'invoice' | 'qrCode'>;
