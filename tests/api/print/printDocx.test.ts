/** Word print templates filled by docxtemplater (issue 17 item 1, ADR 0952) over HTTP, on PGlite and PostgreSQL. */
import PizZip from 'pizzip';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

let a: RecordsApp;
const ids: number[] = [];
let templateId = 0;

const FORM = {
  enName: 'pd_contract',
  cnName: 'Word合同',
  fields: [
    { enName: 'contract_name', label: '合同名称', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
  ],
};

const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const cell = (text: string) => `<w:tc><w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p></w:tc>`;

/** A minimal Word document whose body holds `body` (WordprocessingML). */
function docx(body: string): Buffer {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generate({ type: 'nodebuffer' });
}

/** The text of a filled document's body. */
const textOf = (bytes: Buffer | Uint8Array) => (new PizZip(bytes).file('word/document.xml')!.asText().match(/<w:t[^>]*>[^<]*<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('|');

function upload(token: string, id: number, file: Buffer, filename: string) {
  const boundary = '----fwdocx' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return a.app.inject({
    method: 'POST', url: `/api/print/template/${id}/docx`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, file, tail]),
  });
}

const BODY = para('合同：{{合同名称}}，金额 {{amount}}，{{$form}}，未知[{{不存在}}]')
  + `<w:tbl><w:tr>${cell('{{#明细}}{{$index}}')}${cell('{{品名}}')}${cell('{{合同名称}}{{/明细}}')}</w:tr></w:tbl>`;

beforeAll(async () => {
  a = await recordsApp();
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', FORM)).status).toBe(200);
  for (const data of [{ contract_name: '钢材合同', amount: 12.5, lines: [{ item: '螺纹钢' }, { item: '盘条' }] }, { contract_name: '水泥合同', amount: 3, lines: [] }]) {
    ids.push((await a.call(a.admin, 'POST', '/api/auto/pd_contract/add', { formName: 'pd_contract', data })).json.data.id);
  }
  templateId = (await a.call(a.admin, 'POST', '/api/print/template', { formName: 'pd_contract', name: 'Word版', body: '<p>{{合同名称}}</p>' })).json.data.id;
});
afterAll(async () => a?.close());

describe('Word templates', () => {
  it('refuses what is not a .docx or whose tags do not parse', async () => {
    expect((await upload(a.admin, templateId, Buffer.from('not a zip'), 'a.docx')).statusCode).toBe(400);
    expect((await upload(a.admin, templateId, docx(para('x')), 'a.doc')).statusCode).toBe(400);
    const broken = await upload(a.admin, templateId, docx(para('{{#明细}} no end')), 'broken.docx');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toContain('Word 模版无法解析');
  });

  it('fills labels, enNames and sub-form rows; one record is a .docx, several a .zip; history counts them', async () => {
    expect((await upload(a.admin, templateId, docx(BODY), '合同.docx')).statusCode).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/print/template/${templateId}`)).json.data.docxName).toBe('合同.docx');
    const render = await a.call(a.admin, 'POST', '/api/print/form/pd_contract/render', { templateId, ids: [ids[0]] });
    expect(render.json.data.template.hasDocx).toBe(true);
    const one = await a.request({ method: 'POST', url: '/api/print/form/pd_contract/docx', token: a.admin, body: { templateId, ids: [ids[0]] } });
    expect(one.statusCode, one.body.slice(0, 200)).toBe(200);
    expect(one.headers['content-type']).toContain('wordprocessingml');
    expect(textOf(one.rawPayload)).toBe('合同：钢材合同，金额 12.50，Word合同，未知[]|1|螺纹钢|钢材合同|2|盘条|钢材合同');
    const many = await a.request({ method: 'POST', url: '/api/print/form/pd_contract/docx', token: a.admin, body: { templateId, ids } });
    expect(many.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(many.rawPayload));
    expect(Object.keys(files).sort()).toEqual([`Word合同-Word版-${ids[0]}.docx`, `Word合同-Word版-${ids[1]}.docx`]);
    expect(textOf(files[`Word合同-Word版-${ids[1]}.docx`])).toBe('合同：水泥合同，金额 3.00，Word合同，未知[]');
    const history = (await a.call(a.admin, 'GET', `/api/print/form/pd_contract/history/${ids[0]}`)).json.data;
    expect(history.map((h: any) => h.kind)).toEqual(['docx', 'docx']);
  });

  it('another tenant and a user without print get nothing; removing the file gives 404', async () => {
    expect((await upload(a.admin2, templateId, docx(BODY), 'x.docx')).statusCode).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/print/form/pd_contract/docx', { templateId, ids: [ids[0]] })).status).toBe(404);
    const reader = await a.userWith('pdreader', ['auto:pd_contract:query']);
    expect((await a.call(reader.token, 'POST', '/api/print/form/pd_contract/docx', { templateId, ids: [ids[0]] })).status).toBe(403);
    expect((await upload(reader.token, templateId, docx(BODY), 'x.docx')).statusCode).toBe(403);
    expect((await a.call(a.admin, 'POST', `/api/print/template/${templateId}/docx/delete`)).status).toBe(200);
    expect((await a.call(a.admin, 'POST', '/api/print/form/pd_contract/docx', { templateId, ids: [ids[0]] })).status).toBe(404);
  });
});
