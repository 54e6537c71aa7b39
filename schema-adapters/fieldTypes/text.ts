import type { FieldDefinition } from '../definition/types';
import type { SampleSource } from '../cells/cellTypes';
import { plainCell } from '../cells/spreadsheetText';
import { defined, importText, putAsIs, single } from './common';
import type { FamilySpecs } from './fieldTypeSpec';

const textCheck = (_f: FieldDefinition, value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? null : '应为文本';

/** Demo text from the label, cut to the field's fixed or maximum length. */
export function sampleText(field: FieldDefinition, s: SampleSource): string {
  let text = s.text(field);
  if (typeof field.fixLength === 'number') text = text.padEnd(field.fixLength, '0').slice(0, field.fixLength);
  if (typeof field.maxLength === 'number') text = text.slice(0, field.maxLength);
  return text;
}

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
    exportCell: plainCell,
    importCell: importText,
    sample: sampleText,
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
    exportCell: plainCell,
    importCell: importText,
    sample: sampleText,
  },
} satisfies FamilySpecs<'input' | 'textarea'>;
