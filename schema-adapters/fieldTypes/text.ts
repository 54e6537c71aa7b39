import type { FieldDefinition } from '../definition/types';
import type { SampleSource } from '../cells/cellTypes';
import type { CellResult, ImportedCell } from '../cells/cellTypes';
import { htmlToText } from '../cells/htmlText';
import { isBlank, neutralise, plainCell, type Cell, type StoredRow } from '../cells/spreadsheetText';
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

/** The most HTML a richText value may hold (characters): a policy page with a few tables, not a book. */
export const RICH_TEXT_MAX_LENGTH = 200_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text as rich-text HTML: one escaped paragraph per line. */
export function textToHtml(text: string): string {
  return text.split(/\r?\n/).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

/** richText value rule: HTML text within RICH_TEXT_MAX_LENGTH (cleaning is the server's and the viewer's, ADR 1050). */
export function richTextCheck(_f: FieldDefinition, value: unknown): string | null {
  if (typeof value !== 'string') return '应为文本';
  return value.length > RICH_TEXT_MAX_LENGTH ? `内容不能超过${RICH_TEXT_MAX_LENGTH}个字符` : null;
}

/** Export and list: the value's plain text, never its markup (issue 34 item 2). */
export function richTextCell(field: FieldDefinition, row: StoredRow): Cell {
  const value = row[field.enName];
  if (isBlank(value)) return null;
  const text = htmlToText(value);
  return text ? neutralise(text) : null;
}

/** Import: a cell's text becomes escaped paragraphs (a spreadsheet never carries markup in). */
export function importRichText(field: FieldDefinition, cell: ImportedCell): CellResult {
  return { values: { [field.enName]: textToHtml(cell.text) } };
}

/**
 * Text family: input and textarea (spec 01 §5: maxLength word limit, fixLength, textarea 3 rows),
 * and richText (issue 34: HTML stored as text; the list and export show its plain text, print its
 * cleaned HTML).
 */
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
  richText: {
    family: 'text',
    component: 'RichText',
    schemaType: 'string',
    props: (f) => defined({ placeholder: f.placeholder, height: 700 }),
    cell: 'richText',
    // Sorting HTML sorts by markup; a substring search on it still finds the words.
    sortable: false,
    search: 'text',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: richTextCheck,
    exportCell: richTextCell,
    importCell: importRichText,
    sample: (f, s) => textToHtml(sampleText(f, s)),
  },
} satisfies FamilySpecs<'input' | 'textarea' | 'richText'>;
