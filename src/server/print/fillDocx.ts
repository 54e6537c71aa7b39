/**
 * A Word (.docx) print template filled with one record by docxtemplater (ADR 0952), with the same
 * names as HTML templates: `{{合同名称}}` / `{{contract_name}}` (the display text), `{{kind$view}}`,
 * `{{id}}`, `{{状态}}`, `{{$form}}`, `{{$printTime}}`, `{{$printUser}}`, and a sub-form's rows as
 * `{{#明细}}…{{/明细}}` (in a table row it repeats the row) with `{{品名}}` and `{{$index}}` inside.
 * docxtemplater's default parser only looks names up (no expressions), so nothing in a template
 * runs; an unknown name prints as nothing.
 */
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { displayText, formatDateValue, SYS_STATUS_OPTIONS, type ColumnModel } from '../../../schema-adapters/index.js';
import { badRequest } from '../http/HttpError.js';

type Row = Record<string, unknown>;

/** The names of one row (record or sub-row): label and enName of every field, plus `$view` companions. */
function rowData(columns: ColumnModel[], row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.cell === 'subForm') {
      const rows = Array.isArray(row[c.key]) ? (row[c.key] as Row[]) : [];
      const list = rows.map((r, i) => ({ ...rowData(c.children ?? [], r), $index: String(i + 1) }));
      out[c.key] = list;
      out[c.header] ??= list;
      continue;
    }
    const text = displayText(c, row);
    out[c.key] = text;
    out[c.header] ??= text;
    const view = row[`${c.key}$view`];
    if (view != null) out[`${c.key}$view`] = Array.isArray(view) ? view.join('、') : String(view);
  }
  return out;
}

/** The values a docx template sees. */
export function docxData(columns: ColumnModel[], record: Row, system: Record<string, string>): Record<string, unknown> {
  const status = SYS_STATUS_OPTIONS.find((o) => String(o.value) === String(record.sys_status))?.label ?? '';
  return {
    ...rowData(columns, record),
    id: String(record.id ?? ''),
    sys_status: status,
    状态: status,
    create_by: String(record.create_by ?? ''),
    create_time: formatDateValue(record.create_time, 'yyyy-MM-dd HH:mm:ss'),
    ...Object.fromEntries(Object.entries(system).map(([k, v]) => [`$${k}`, v])),
  };
}

function open(bytes: Buffer): Docxtemplater {
  try {
    return new Docxtemplater(new PizZip(bytes), { delimiters: { start: '{{', end: '}}' }, paragraphLoop: true, linebreaks: true, nullGetter: () => '', errorLogging: false });
  } catch (err) {
    const errors = (err as { properties?: { errors?: { properties?: { explanation?: string } }[] } }).properties?.errors ?? [];
    const why = errors.map((e) => e.properties?.explanation).filter(Boolean).slice(0, 3).join('；');
    throw badRequest(`Word 模版无法解析${why ? `：${why}` : ''}`);
  }
}

/** Checks an uploaded .docx: a Word document whose tags parse; 400 otherwise. */
export function checkDocx(bytes: Buffer): void {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw badRequest('请上传 .docx 格式的 Word 文件');
  }
  if (!zip.file('word/document.xml')) throw badRequest('请上传 .docx 格式的 Word 文件');
  open(bytes);
}

/** The filled document. */
export function fillDocx(bytes: Buffer, data: Record<string, unknown>): Buffer {
  const doc = open(bytes);
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
