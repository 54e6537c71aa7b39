/**
 * Fills a cleaned template body with one record (docs/forms.md "Print templates"):
 * - `{{合同名称}}` / `{{contract_name}}`: a main field by label or enName, as the list and detail
 *   pages show it (the adapter's displayText: spec 01 §9 formats, precision and suffix, option
 *   labels, `$view` companions); `{{field$view}}` the stored display companion itself;
 * - `{{$qrcode}}` the record's QR image, `{{$form}}` the form's name, `{{$printTime}}`,
 *   `{{$printUser}}`, `{{id}}`, `{{状态}}` / `{{sys_status}}`, `{{create_by}}`, `{{create_time}}`;
 * - a sub-form's rows: `<tr data-each="明细">…</tr>` repeats that element once per row (the form
 *   inside tables, where the HTML parser moves loose text out of the table), and
 *   `{{#明细}}…{{/明细}}` repeats the enclosed text elsewhere; inside, `{{品名}}` names the row's
 *   fields (falling back to the main record) and `{{$index}}` the row number.
 * Values are HTML-escaped (a richText field's value is its cleaned HTML instead); an unknown placeholder stays as written so an administrator sees it in
 * the preview. The caller cleans the result again.
 */
import { displayText, formatDateValue, SYS_STATUS_OPTIONS, type ColumnModel } from '../../../schema-adapters/index.js';
import { sanitizeRichTextHtml, templateWindow } from './sanitizeTemplate.js';

type Row = Record<string, unknown>;

/** What a fill needs besides the body. */
export interface FillInput {
  columns: ColumnModel[];
  record: Row;
  /** The system placeholders: $form, $printTime, $printUser. */
  system: Record<string, string>;
  /** `<img>` of the record's QR code (built by the caller from a data URL), or ''. */
  qrImage: string;
}

const PLACEHOLDER = /\{\{\s*([^{}#/\s][^{}]*?)\s*\}\}/g;
const BLOCK = /\{\{\s*#\s*([^{}]+?)\s*\}\}([\s\S]*?)\{\{\s*\/\s*\1\s*\}\}/g;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeValue = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

const byName = (columns: ColumnModel[], key: string) => columns.find((c) => c.key === key) ?? columns.find((c) => c.header === key);

function statusText(value: unknown): string {
  return SYS_STATUS_OPTIONS.find((o) => String(o.value) === String(value))?.label ?? (value == null ? '' : String(value));
}

/** The text of `key` in a row, or undefined when the key names nothing. */
function lookup(columns: ColumnModel[], row: Row, key: string): string | undefined {
  if (key.endsWith('$view') && byName(columns, key.slice(0, -5))) {
    const v = row[`${byName(columns, key.slice(0, -5))!.key}$view`];
    return v == null ? '' : Array.isArray(v) ? v.join('、') : String(v);
  }
  const column = byName(columns, key);
  if (column && column.cell !== 'subForm') return displayText(column, row);
  if (key === 'sys_status' || key === '状态') return statusText(row.sys_status);
  if (key === 'create_time' || key === 'update_time') return formatDateValue(row[key], 'yyyy-MM-dd HH:mm:ss');
  if (['id', 'create_by', 'rowIndex'].includes(key) && key in row) return row[key] == null ? '' : String(row[key]);
  return undefined;
}

/** Replaces the placeholders of `html` from the scopes, first to last. */
function fillPlaceholders(html: string, scopes: ((key: string) => string | undefined)[]): string {
  return html.replace(PLACEHOLDER, (whole, key: string) => {
    for (const scope of scopes) {
      const v = scope(key);
      if (v !== undefined) return v;
    }
    return whole;
  });
}

/** The record filled into a cleaned body (see the file comment). */
export function fillTemplate(body: string, input: FillInput): string {
  const { columns, record, system, qrImage } = input;
  const main = (key: string): string | undefined => {
    if (key === '$qrcode') return qrImage;
    if (key.startsWith('$') && key.slice(1) in system) return escapeHtml(system[key.slice(1)]);
    // A richText field prints as its cleaned HTML, not as escaped markup (issue 34 item 2).
    const rich = byName(columns, key);
    if (rich?.cell === 'richText') return typeof record[rich.key] === 'string' ? sanitizeRichTextHtml(record[rich.key] as string) : '';
    const v = lookup(columns, record, key);
    return v === undefined ? undefined : escapeValue(v);
  };
  const subOf = (name: string) => columns.find((c) => c.cell === 'subForm' && (c.key === name || c.header === name));
  const rowsOf = (column: ColumnModel) => (Array.isArray(record[column.key]) ? (record[column.key] as Row[]) : []);
  const fillRows = (column: ColumnModel, inner: string) =>
    rowsOf(column)
      .map((row, i) => {
        const rowScope = (key: string) => (key === '$index' ? String(i + 1) : ((v) => (v === undefined ? undefined : escapeValue(v)))(lookup(column.children ?? [], row, key)));
        return fillPlaceholders(inner, [rowScope, main]);
      })
      .join('');

  // Text blocks first, then repeated elements, then the record itself.
  let html = body.replace(BLOCK, (whole, name: string, inner: string) => {
    const column = subOf(name.trim());
    return column ? fillRows(column, inner) : whole;
  });
  if (html.includes('data-each')) {
    const doc = templateWindow().document;
    const holder = doc.createElement('div');
    holder.innerHTML = html;
    for (const el of Array.from(holder.querySelectorAll('[data-each]'))) {
      // A repeated element inside another one went with it (sub-forms have one level).
      if (!holder.contains(el)) continue;
      const column = subOf((el.getAttribute('data-each') ?? '').trim());
      el.removeAttribute('data-each');
      if (column) el.outerHTML = fillRows(column, el.outerHTML);
    }
    html = holder.innerHTML;
  }
  return fillPlaceholders(html, [main]);
}
