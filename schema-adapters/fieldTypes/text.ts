import type { FieldDefinition } from '../definition/types';
import { defined, putAsIs, single } from './common';
import type { FamilySpecs } from './fieldTypeSpec';

const textCheck = (_f: FieldDefinition, value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? null : '应为文本';

/** Text family: input and textarea (spec 01 §5: maxLength word limit, fixLength, textarea 3 rows). */
export const textTypes = {
  input: {
    family: 'text',
    component: 'Input',
    schemaType: 'string',
    props: (f) => defined({
      placeholder: f.placeholder,
      maxLength: f.fixLength ?? f.maxLength,
      showCount: f.fixLength != null || f.maxLength != null ? true : undefined,
      addonAfter: f.suffix,
      allowClear: true,
    }),
    cell: 'text',
    sortable: true,
    search: 'text',
    searchTypeRadio: true,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: textCheck,
  },
  textarea: {
    family: 'text',
    component: 'Input.TextArea',
    schemaType: 'string',
    props: (f) => defined({ placeholder: f.placeholder, rows: 3, maxLength: f.maxLength, showCount: f.maxLength != null ? true : undefined }),
    cell: 'text',
    sortable: true,
    search: 'text',
    searchTypeRadio: true,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: textCheck,
  },
} satisfies FamilySpecs<'input' | 'textarea'>;
