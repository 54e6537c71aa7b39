/** Print templates and printing (issue 17 item 1, docs/api-print.md) over HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

let a: RecordsApp;
const ids: number[] = [];

const FORM = {
  enName: 'pt_contract',
  cnName: '打印合同',
  fields: [
    { enName: 'contract_name', label: '合同名称', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2, suffix: '元' },
    { enName: 'sign_date', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '采购', value: 'p' }, { label: '销售', value: 's' }] },
    { enName: 'note', label: '备注', funcType: 'textarea' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'qty', label: '数量', funcType: 'number', precision: 1 },
    ] },
  ],
};

const BODY = `<style>td{border:1px solid #000}</style><h1 onclick="alert(1)">{{合同名称}}</h1><script>alert('x')</script>
<p>金额：{{amount}}；签订：{{签订日期}}；类别：{{类别}}（{{kind$view}}）；备注：{{备注}}</p><img src="x" onerror="alert(1)">
<table><tbody><tr data-each="明细"><td>{{$index}}</td><td>{{品名}}</td><td>{{qty}}</td><td>{{合同名称}}</td></tr></tbody></table>
<ul>{{#lines}}<li>{{item}}×{{数量}}</li>{{/lines}}</ul><div class="qr">{{$qrcode}}</div><p>{{不存在}}</p>`;

const template = (extra: Record<string, unknown> = {}) => ({ formName: 'pt_contract', name: '合同打印', paper: 'A4', orientation: 'portrait', marginTop: 20, marginRight: 15, marginBottom: 20, marginLeft: 15, header: '{{$form}}', footer: '打印人自用', body: BODY, ...extra });

beforeAll(async () => {
  a = await recordsApp();
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', FORM)).status).toBe(200);
  const rows = [
    { contract_name: '钢材采购合同', amount: 1234.5, sign_date: '2026-10-07', kind: 'p', note: '第一行\n<b>第二行</b>', lines: [{ item: '螺纹钢', qty: 3 }, { item: '盘条', qty: 1.25 }] },
    { contract_name: '水泥合同', amount: 0, kind: 's', lines: [] },
    { contract_name: '砂石合同', amount: 88, kind: 's', lines: [{ item: '砂', qty: 10 }] },
  ];
  for (const data of rows) {
    const r = await a.call(a.admin, 'POST', '/api/auto/pt_contract/add', { formName: 'pt_contract', data });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    ids.push(r.json.data.id);
  }
});
afterAll(async () => a?.close());

let templateId = 0;

describe('templates (administrators of 表单配置)', () => {
  it('saves a body cleaned of script and event handlers', async () => {
    const r = await a.call(a.admin, 'POST', '/api/print/template', template());
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    templateId = r.json.data.id;
    const t = (await a.call(a.admin, 'GET', `/api/print/template/${templateId}`)).json.data;
    expect(t).toMatchObject({ formName: 'pt_contract', name: '合同打印', paper: 'A4', orientation: 'portrait', marginTop: 20, header: '{{$form}}' });
    expect(t.body).not.toMatch(/<script|onerror|onclick|alert\(/i);
    expect(t.body).toContain('<h1>{{合同名称}}</h1>');
    expect(t.body).toContain('data-each="明细"');
    expect(t.body).toContain('<style>td{border:1px solid #000}</style>');
  });

  it('refuses a duplicate name, an unknown form, a bad paper and unknown fields', async () => {
    expect((await a.call(a.admin, 'POST', '/api/print/template', template())).status).toBe(409);
    expect((await a.call(a.admin, 'POST', '/api/print/template', template({ formName: 'no_such_form' }))).status).toBe(404);
    expect((await a.call(a.admin, 'POST', '/api/print/template', template({ name: '别名', paper: 'A3' }))).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/print/template', template({ name: '别名', script: 'x' }))).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/print/template', template({ name: '别名', marginTop: 500 }))).status).toBe(400);
  });

  it('lists per form, edits and deletes', async () => {
    const added = await a.call(a.admin, 'POST', '/api/print/template', template({ name: '临时', body: '<p>{{合同名称}}</p>', paper: 'A5', orientation: 'landscape' }));
    expect(added.status).toBe(200);
    const list = await a.call(a.admin, 'GET', '/api/print/template/list?formName=pt_contract');
    expect(list.json.rows.map((t: any) => t.name).sort()).toEqual(['临时', '合同打印']);
    const edit = await a.call(a.admin, 'POST', '/api/print/template/edit', { ...template({ name: '临时2', body: '<p onmouseover="x()">{{id}}</p>' }), id: added.json.data.id });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    const t = (await a.call(a.admin, 'GET', `/api/print/template/${added.json.data.id}`)).json.data;
    expect(t).toMatchObject({ name: '临时2', body: '<p>{{id}}</p>' });
    expect((await a.call(a.admin, 'POST', '/api/print/template/delete', [added.json.data.id])).status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/print/template/${added.json.data.id}`)).status).toBe(404);
    expect((await a.call(a.admin, 'POST', '/api/print/template/delete', [added.json.data.id])).status).toBe(404);
  });

  it('previews an unsaved body with labels, or with a record', async () => {
    const sample = await a.call(a.admin, 'POST', '/api/print/template/preview', { formName: 'pt_contract', body: '<p>{{合同名称}}</p><p data-each="明细">{{品名}}</p><img src=x onerror=alert(1)>' });
    expect(sample.status, JSON.stringify(sample.json)).toBe(200);
    expect(sample.json.data.sheets[0].html).toBe('<p>［合同名称］</p><p>［品名］</p><img>');
    const real = await a.call(a.admin, 'POST', '/api/print/template/preview', { formName: 'pt_contract', body: '<p>{{合同名称}}</p>', recordId: ids[1] });
    expect(real.json.data.sheets[0].html).toBe('<p>水泥合同</p>');
  });
});

describe('rendering a record', () => {
  it('fills labels and enNames with display formats, $view, sub-form rows and the QR code; cleans again', async () => {
    const r = await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [ids[0]] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const { html } = r.json.data.sheets[0];
    expect(r.json.data).toMatchObject({ formTitle: '打印合同', template: { name: '合同打印', paper: 'A4', marginTop: 20 } });
    expect(html).toContain('<h1>钢材采购合同</h1>');
    // The demo seed turns on sys.thousand.separator.enabled.
    expect(html).toContain('金额：1,234.50元；签订：2026-10-07；类别：采购（采购）');
    // A value is text: the record's markup is escaped, line breaks kept.
    expect(html).toContain('备注：第一行<br>&lt;b&gt;第二行&lt;/b&gt;');
    expect(html).toContain('<tr><td>1</td><td>螺纹钢</td><td>3.0</td><td>钢材采购合同</td></tr><tr><td>2</td><td>盘条</td><td>1.3</td><td>钢材采购合同</td></tr>');
    expect(html).toContain('<li>螺纹钢×3.0</li><li>盘条×1.3</li>');
    expect(html).toMatch(/<img class="fw-qrcode" alt="二维码" width="96" height="96" src="data:image\/png;base64,[A-Za-z0-9+/=]+">/);
    expect(html).toContain('{{不存在}}');
    expect(html).not.toMatch(/<script|onerror|onclick/i);
  });

  it('a template stored before cleaning (written around the API) is cleaned when rendered', async () => {
    await a.db.updateTable('print_templates' as any).set({ body: '<p>{{合同名称}}</p><img src=x onerror="alert(1)"><script>alert(2)</script>' } as any).where('id', '=', templateId).execute();
    const r = await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [ids[1]] });
    expect(r.json.data.sheets[0].html).toBe('<p>水泥合同</p><img>');
    expect((await a.call(a.admin, 'POST', '/api/print/template/edit', { ...template(), id: templateId })).status).toBe(200);
  });

  it('picks the only template by itself, or asks for a name among several (spec 01 §5 messages)', async () => {
    const only = await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { ids: [ids[1]] });
    expect(only.status).toBe(200);
    const second = await a.call(a.admin, 'POST', '/api/print/template', template({ name: '简版', body: '<p>{{id}}</p>' }));
    const none = await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { ids: [ids[1]] });
    expect(none).toMatchObject({ status: 400, json: { msg: '地址错误，请配置模版名称信息' } });
    const byName = await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { templateName: '简版', ids: [ids[1]] });
    expect(byName.json.data.sheets[0].html).toBe(`<p>${ids[1]}</p>`);
    expect(await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [] })).toMatchObject({ status: 400, json: { msg: '地址错误，请配置id信息' } });
    expect((await a.call(a.admin, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [999999] })).status).toBe(404);
    const names = await a.call(a.admin, 'GET', '/api/print/form/pt_contract/templates');
    expect(names.json.data.map((t: any) => t.name).sort()).toEqual(['合同打印', '简版']);
    expect(names.json.data[0]).not.toHaveProperty('body');
    await a.call(a.admin, 'POST', '/api/print/template/delete', [second.json.data.id]);
  });
});

describe('PDF, batch and history', () => {
  it('a batch of three records is one PDF of at least three pages at the template paper size; history counts each record', async () => {
    const res = await a.request({ method: 'POST', url: '/api/print/form/pt_contract/pdf', token: a.admin, body: { templateId, ids } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('打印合同-合同打印.pdf'));
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round(width / 72 * 25.4)).toBe(210);
    expect(Math.round(height / 72 * 25.4)).toBe(297);
    const history = await a.call(a.admin, 'GET', `/api/print/form/pt_contract/history/${ids[2]}`);
    expect(history.json.data).toHaveLength(1);
    expect(history.json.data[0]).toMatchObject({ templateName: '合同打印', kind: 'pdf', userName: 'admin' });
  }, 60_000);

  it('A5 landscape gives a turned A5 page', async () => {
    const t = await a.call(a.admin, 'POST', '/api/print/template', template({ name: 'A5横向', paper: 'A5', orientation: 'landscape', body: '<p>{{合同名称}}</p>' }));
    const res = await a.request({ method: 'POST', url: '/api/print/form/pt_contract/pdf', token: a.admin, body: { templateId: t.json.data.id, ids: [ids[1]] } });
    const page = (await PDFDocument.load(res.rawPayload)).getPage(0).getSize();
    expect([Math.round(page.width / 72 * 25.4), Math.round(page.height / 72 * 25.4)]).toEqual([210, 148]);
    await a.call(a.admin, 'POST', '/api/print/template/delete', [t.json.data.id]);
  }, 60_000);

  it('the print view reports a print: one history row per record, and no operation log', async () => {
    const logsBefore = (await a.call(a.admin, 'GET', '/api/system/operlog/list?pageSize=1')).json.total;
    const r = await a.call(a.admin, 'POST', '/api/print/form/pt_contract/printed', { templateId, ids: [ids[0], ids[1]] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const h = (await a.call(a.admin, 'GET', `/api/print/form/pt_contract/history/${ids[0]}`)).json.data;
    expect(h.map((e: any) => e.kind)).toEqual(['print', 'pdf']);
    expect((await a.call(a.admin, 'POST', '/api/print/form/pt_contract/printed', { templateId, ids: [424242] })).status).toBe(404);
    expect((await a.call(a.admin, 'GET', '/api/system/operlog/list?pageSize=1')).json.total).toBe(logsBefore);
  }, 60_000);
});

describe('tenant and permission', () => {
  it('another tenant sees no template, cannot print and gets no history', async () => {
    expect((await a.call(a.admin2, 'GET', '/api/print/template/list')).json.rows.map((t: { id: number }) => t.id)).not.toContain(templateId);
    expect((await a.call(a.admin2, 'GET', '/api/print/template/list?formName=pt_contract')).json.rows).toEqual([]);
    expect((await a.call(a.admin2, 'GET', `/api/print/template/${templateId}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/print/template/edit', { ...template(), id: templateId })).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/print/template/delete', [templateId])).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [ids[0]] })).status).toBe(404);
    expect((await a.call(a.admin2, 'GET', `/api/print/form/pt_contract/history/${ids[0]}`)).json.data).toEqual([]);
  });

  it('printing needs auto:{form}:print; templates need the form-configuration permissions', async () => {
    const reader = await a.userWith('ptreader', ['auto:pt_contract:query']);
    const printer = await a.userWith('ptprinter', ['auto:pt_contract:query', 'auto:pt_contract:print']);
    const designer = await a.userWith('ptdesigner', ['flowable:form:list', 'flowable:form:edit']);
    expect((await a.call(reader.token, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [ids[0]] })).status).toBe(403);
    expect((await a.call(reader.token, 'GET', '/api/print/form/pt_contract/templates')).status).toBe(403);
    expect((await a.call(printer.token, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [ids[0]] })).status).toBe(200);
    expect((await a.call(printer.token, 'GET', '/api/print/form/pt_contract/templates')).status).toBe(200);
    expect((await a.call(printer.token, 'GET', '/api/print/template/list')).status).toBe(403);
    expect((await a.call(printer.token, 'POST', '/api/print/template', template({ name: '越权' }))).status).toBe(403);
    expect((await a.call(designer.token, 'GET', '/api/print/template/list')).status).toBe(200);
    expect((await a.call(designer.token, 'POST', '/api/print/template/edit', { ...template(), id: templateId })).status).toBe(200);
    expect((await a.call(designer.token, 'POST', '/api/print/form/pt_contract/render', { templateId, ids: [ids[0]] })).status).toBe(403);
    expect((await a.call(reader.token, 'GET', `/api/print/form/pt_contract/history/${ids[0]}`)).status).toBe(200);
  });
});
