/**
 * The demo's print templates (issue 27 item 1): every demo form (views over other forms aside) gets one template, 标准打印, with
 * an HTML body and a Word document, so 打印 (and 下载Word in the print view) works out of the box.
 * One template per form, not two: the toolbar's 打印 link names no template, and with two it would
 * have to ask which (spec 01 §5). Both are written from the form's columns (toColumns), so the
 * placeholders are exactly the form's: `{{enName}}` for each value, a table row per sub-form row
 * (`data-each` in HTML, `{{#sub}}…{{/sub}}` in Word), the status and the QR code (HTML only).
 */
import type { Kysely } from 'kysely';
import PizZip from 'pizzip';
import { toColumns, type ColumnModel } from '../../../../schema-adapters/index.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import type { Database } from '../../db/types.js';
import { sanitizeTemplateHtml } from '../../print/sanitizeTemplate.js';
import { insertTemplate, setTemplateDocx } from '../../print/templateRepository.js';

/** The name of the demo template of every demo form. */
export const DEMO_TEMPLATE_NAME = '标准打印';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeXml = escapeHtml;

/** Value columns (not sub-forms) and sub-form columns of a form, in the form's order. */
function split(def: FormDefinition): { values: ColumnModel[]; subs: ColumnModel[] } {
  const columns = toColumns(def);
  return { values: columns.filter((c) => c.cell !== 'subForm'), subs: columns.filter((c) => c.cell === 'subForm' && c.children?.length) };
}

/** Pairs of label / value cells, two pairs a row, so a long form stays on few pages. */
function pairs<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += 2) out.push(items.slice(i, i + 2));
  return out;
}

/** The HTML body: title, a bordered label/value table, one table per sub-form, the QR code. */
export function demoTemplateHtml(def: FormDefinition): string {
  const { values, subs } = split(def);
  const rows = pairs(values).map((pair) => `<tr>${pair.map((c) => `<th>${escapeHtml(c.header)}</th><td>{{${c.key}}}</td>`).join('')}${pair.length < 2 ? '<th></th><td></td>' : ''}</tr>`);
  const subTables = subs.map((s) => {
    const children = s.children ?? [];
    return `<h3>${escapeHtml(s.header)}</h3><table border="1" class="demo-print"><tr><th>序号</th>${children.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('')}</tr>`
      + `<tr data-each="${escapeHtml(s.key)}"><td>{{$index}}</td>${children.map((c) => `<td>{{${c.key}}}</td>`).join('')}</tr></table>`;
  });
  return `<style>.demo-print { width: 100%; } .demo-print th { background: #f5f5f5; text-align: left; white-space: nowrap; } .demo-print th, .demo-print td { padding: 4px 6px; }</style>`
    + `<h2 style="text-align:center">${escapeHtml(def.cnName)}</h2>`
    + `<p>记录号 {{id}}，状态 {{状态}}</p>`
    + `<table border="1" class="demo-print">${rows.join('')}</table>`
    + subTables.join('')
    + `<p style="text-align:right">{{$qrcode}}</p>`;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const run = (text: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
const para = (text: string, opts: { bold?: boolean; center?: boolean } = {}) => `<w:p>${opts.center ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : ''}${run(text, opts.bold)}</w:p>`;
const cell = (text: string, bold = false) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${para(text, { bold })}</w:tc>`;
const BORDERS = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((s) => `<w:${s} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`).join('');
const table = (rows: string[]) => `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${BORDERS}</w:tblBorders></w:tblPr>${rows.map((r) => `<w:tr>${r}</w:tr>`).join('')}</w:tbl>`;

/** The Word document: the same content as the HTML body (without the QR code, which Word lacks). */
export function demoTemplateDocx(def: FormDefinition): Buffer {
  const { values, subs } = split(def);
  const body = [
    para(def.cnName, { bold: true, center: true }),
    para('记录号 {{id}}，状态 {{状态}}'),
    table(pairs(values).map((pair) => pair.map((c) => cell(c.header, true) + cell(`{{${c.key}}}`)).join('') + (pair.length < 2 ? cell('') + cell('') : ''))),
    ...subs.flatMap((s) => {
      const children = s.children ?? [];
      // The loop tags open in the row's first cell and close in its last: docxtemplater repeats the row.
      const loop = [cell(`{{#${s.key}}}{{$index}}`), ...children.map((c, i) => cell(`{{${c.key}}}${i === children.length - 1 ? `{{/${s.key}}}` : ''}`))];
      return [para(s.header, { bold: true }), table([[cell('序号', true), ...children.map((c) => cell(c.header, true))].join(''), loop.join('')])];
    }),
    para(''),
  ].join('');
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="850" w:right="850" w:bottom="850" w:left="850" w:header="425" w:footer="425" w:gutter="0"/></w:sectPr></w:body></w:document>`);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Stores the demo template (HTML body cleaned as a save cleans it, and Word document) of one demo form. */
export async function addDemoPrintTemplate(db: Kysely<Database>, tenantId: number, def: FormDefinition): Promise<void> {
  const id = await insertTemplate(db, tenantId, {
    formName: def.enName, name: DEMO_TEMPLATE_NAME, paper: 'A4', orientation: 'portrait',
    marginTop: 15, marginRight: 15, marginBottom: 15, marginLeft: 15,
    header: '{{$form}}', footer: '打印时间 {{$printTime}}', body: sanitizeTemplateHtml(demoTemplateHtml(def)), layout: null,
  }, 'admin');
  await setTemplateDocx(db, tenantId, id, demoTemplateDocx(def), `${def.cnName}.docx`, 'admin');
}
