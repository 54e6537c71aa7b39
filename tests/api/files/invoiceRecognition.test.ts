/**
 * Invoice recognition without any outside service (issue 31 item 1) and duplicate refusal (item
 * 2): a PDF generated here is read from its QR code and text layer and stored; an unreadable
 * image without OCR configured is a clear 400; an invoice already in the tenant's 发票台账 is
 * refused at recognition and at save with the existing record named; another tenant is not
 * affected. Verification (checkStatus/checkError) against a fake platform on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DIGITAL, SAMPLE_ORDINARY } from '../../../scripts/invoiceSamples/sampleInvoices.js';
import { invoicePdf, invoiceXml, type InvoiceDocument } from '../../../src/server/invoices/invoiceDocuments.js';
import { createTestApp, type TestApp } from '../support/testServer.js';

let t: TestApp;
let dataDir: string;
const tokens: Record<string, string> = {};
const savedOcr = process.env.OCR_SERVICE_URL;
let platform: Server;
let platformUrl: string;
const queries: Record<string, string>[] = [];

function multipart(token: string, filename: string, content: Buffer, type: string) {
  const boundary = '----fwinv' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } };
}

async function parse(token: string, filename: string, content: Buffer, type = 'application/pdf', query = '') {
  const body = multipart(token, filename, content, type);
  const res = await t.app.inject({ method: 'POST', url: `/api/ocr/invoice/parse${query}`, payload: body.payload, headers: body.headers });
  return { status: res.statusCode, body: res.json() };
}

const pdfOf = async (inv: InvoiceDocument) => Buffer.from(await invoicePdf(inv));

/** Saves a 发票台账 record from a recognition answer, as the form does. */
async function saveLedger(token: string, parsed: { body: any }, extra: Record<string, unknown> = {}) {
  const f = parsed.body.result.fields;
  const data = {
    invoice_code: f.invoice_code, invoice_no: f.invoice_no, invoice_type: f.invoice_type_code, invoice_date: f.invoice_date, seller: f.seller,
    seller_tax_no: f.seller_tax_no, amount: Number(f.amount), tax: Number(f.tax), total: Number(f.total),
    invoice_file: [{ name: parsed.body.invoice.name, url: parsed.body.url, fileName: parsed.body.fileName, size: parsed.body.size }], ...extra,
  };
  const res = await t.request({ method: 'POST', url: '/api/auto/auto_fptz/add', token, body: { formName: 'auto_fptz', data } });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  delete process.env.OCR_SERVICE_URL;
  delete process.env.INVOICE_VERIFY_URL;
  // A fake national platform: one number passes, one is unknown, one meets a platform failure.
  platform = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const q = JSON.parse(body) as Record<string, string>;
      queries.push(q);
      if (q.fphm === '80100713') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, msg: '平台维护中' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(q.fphm === '80100711' ? { code: 200, data: { valid: true } } : { code: 200, data: { valid: false, message: '查无此票' } }));
    });
  });
  await new Promise<void>((done) => platform.listen(0, '127.0.0.1', done));
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/verify`;
  dataDir = mkdtempSync(join(tmpdir(), 'fw-inv-'));
  t = await createTestApp({ config: { dataDir } });
  tokens.DEFAULT = await t.login('DEFAULT');
  tokens.T2 = await t.login('T2');
  tokens.staff = await t.login('DEFAULT', 'staff');
});
afterAll(async () => {
  await t?.close();
  delete process.env.INVOICE_VERIFY_URL;
  platform?.closeAllConnections();
  await new Promise((done) => platform?.close(done));
  rmSync(dataDir, { recursive: true, force: true });
  if (savedOcr !== undefined) process.env.OCR_SERVICE_URL = savedOcr;
});

describe('POST /api/ocr/invoice/parse without an OCR service', () => {
  it('reads a generated invoice PDF (QR code + text layer), stores it and answers spec 02 §3\'s shape', async () => {
    const res = await parse(tokens.DEFAULT, '发票.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100701' }));
    expect(res.status).toBe(200);
    const { body } = res;
    expect(body.result.source).toBe('qr');
    expect(body.result.fields).toMatchObject({
      invoice_type_code: '10', invoice_type_name: '增值税电子普通发票', invoice_code: '011001605111', invoice_no: '80100701', invoice_date: '2016-10-18',
      check_code: '85342965681116380258', amount: '64.90', tax: '3.89', total: '68.79',
      seller: '某某餐饮管理有限公司', seller_tax_no: '911101057226XXXX4D', buyer: '某某科技有限公司', buyer_tax_no: '91110108MA01ZZZZ3C',
    });
    expect(body.result.item_list).toEqual([{ name: '*餐饮服务*餐费', unit: '次', quantity: '1', price: '64.90', amount: '64.90', tax_rate: '6%', tax: '3.89' }]);
    expect(body.invoice).toMatchObject({ name: '发票.pdf', url: body.url, checkStatus: null, checkError: null });
    expect(body.result.fields.check_status).toBeUndefined();
    expect(body.data).toMatchObject({ fileName: body.fileName, url: body.url, result: body.result });
    const file = await t.app.inject({ method: 'GET', url: body.url, headers: { authorization: `Bearer ${tokens.DEFAULT}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reads a 全电 XML', async () => {
    const res = await parse(tokens.DEFAULT, 'invoice.xml', Buffer.from(invoiceXml(SAMPLE_DIGITAL)), 'text/xml');
    expect(res.status).toBe(200);
    expect(res.body.result.source).toBe('xml');
    expect(res.body.result.fields).toMatchObject({ invoice_type_code: '31', invoice_no: '23442000000014209621', total: '9585.00', buyer: '某某建设工程有限公司' });
    expect(res.body.result.fields.invoice_code).toBeUndefined();
    expect(res.body.result.item_list).toHaveLength(2);
  });

  it('a 全电 invoice (20-digit number, no code) saves into the demo 发票台账 with its own type; a number of another length is refused', async () => {
    const res = await parse(tokens.T2, 'invoice.xml', Buffer.from(invoiceXml(SAMPLE_DIGITAL)), 'text/xml');
    const saved = await saveLedger(tokens.T2, res);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = (await t.request({ method: 'GET', url: `/api/auto/auto_fptz/${saved.body.data.id ?? saved.body.id}`, token: tokens.T2 })).json().data;
    expect(row).toMatchObject({ invoice_no: '23442000000014209621', invoice_type: '31' });
    expect(row.invoice_code ?? null).toBeNull();
    const wrong = await saveLedger(tokens.T2, res, { invoice_no: '2344200000001420962' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('发票号码应为8位或20位数字（全电发票20位，海关缴款书为18位数字加“-L”和2位序号），当前为“2344200000001420962”');
  });

  it('an image without a readable invoice QR code is a 400 that says what is missing; the status still offers invoices', async () => {
    const res = await parse(tokens.DEFAULT, 'scan.png', Buffer.from('PNGDATA-123'), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('未能识别发票');
    expect(res.body.msg).toContain('OCR_SERVICE_URL');
    const empty = await parse(tokens.DEFAULT, 'empty.pdf', Buffer.alloc(0));
    expect(empty.body.msg).toBe('请选择要识别的发票文件');
    const status = await t.request({ method: 'GET', url: '/api/common/recognition/status', token: tokens.DEFAULT });
    expect(status.json().data).toMatchObject({ invoice: true, idCard: false });
  });
});

describe('duplicate invoices (issue 31 item 2)', () => {
  const invoice = { ...SAMPLE_ORDINARY, number: '80100702' };

  it('a recognised invoice already in 发票台账 is refused with the record named; saving it twice is refused too', async () => {
    const first = await parse(tokens.DEFAULT, 'a.pdf', await pdfOf(invoice));
    expect(first.status).toBe(200);
    const saved = await saveLedger(tokens.DEFAULT, first);
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;

    const again = await parse(tokens.staff, 'b.pdf', await pdfOf(invoice));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`发票号码 80100702 已录入发票台账（记录编号 ${id}，销售方 某某餐饮管理有限公司，开票日期 2016-10-18，录入人 admin），不能重复录入`);

    const copy = await saveLedger(tokens.staff, first);
    expect(copy.status).toBe(409);
    expect(copy.body.msg).toContain(`记录编号 ${id}`);

    // The same number under another invoice code is another invoice.
    const other = await saveLedger(tokens.DEFAULT, first, { invoice_code: '011001605112' });
    expect(other.status).toBe(200);
    // An edit of the record itself may re-read its own invoice.
    expect((await parse(tokens.DEFAULT, 'c.pdf', await pdfOf(invoice), 'application/pdf', `?recordId=${id}`)).status).toBe(200);
  });

  it('an edit that turns a record into a copy of another invoice is refused', async () => {
    const parsed = await parse(tokens.DEFAULT, 'd.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100703' }));
    const saved = await saveLedger(tokens.DEFAULT, parsed);
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const detail = await t.request({ method: 'GET', url: `/api/auto/auto_fptz/${id}`, token: tokens.DEFAULT });
    const version = detail.json().data.version;
    const edit = await t.request({ method: 'POST', url: `/api/auto/auto_fptz/edit/${id}`, token: tokens.DEFAULT, body: { formName: 'auto_fptz', version, data: { invoice_no: '80100702' } } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toContain('发票号码 80100702 已录入发票台账');
  });

  it('two saves of one invoice at the same moment: one is stored, the other refused', async () => {
    const parsed = await parse(tokens.DEFAULT, 'e.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100704' }));
    const both = await Promise.all([saveLedger(tokens.DEFAULT, parsed), saveLedger(tokens.staff, parsed)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('another tenant recognises and saves the same invoice: ledgers are per tenant', async () => {
    const res = await parse(tokens.T2, 'a.pdf', await pdfOf(invoice));
    expect(res.status).toBe(200);
    expect((await saveLedger(tokens.T2, res)).status).toBe(200);
    expect((await parse(tokens.T2, 'a.pdf', await pdfOf(invoice))).status).toBe(409);
  });
});

describe('verification with the national platform (INVOICE_VERIFY_URL)', () => {
  it('without a provider the invoice is unchecked: checkStatus and checkError null', async () => {
    const res = await parse(tokens.DEFAULT, 'a.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100710' }));
    expect(res.body.invoice).toMatchObject({ checkStatus: null, checkError: null });
    expect(queries).toHaveLength(0);
  });

  it('passed → 1; unknown to the platform → -1 with its message; a platform failure → unchecked, saying why', async () => {
    process.env.INVOICE_VERIFY_URL = platformUrl;
    try {
      const passed = await parse(tokens.DEFAULT, 'a.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100711' }));
      expect(passed.body.invoice).toMatchObject({ checkStatus: 1, checkError: null });
      // The verdict fills the ledger's 查验结果 too.
      expect(passed.body.result.fields).toMatchObject({ check_status: '1' });
      expect(passed.body.result.fields.check_error).toBeUndefined();
      expect(queries.at(-1)).toEqual({ fplxdm: '10', fpdm: '011001605111', fphm: '80100711', kprq: '20161018', je: '64.90', jym: '380258', jshj: '68.79' });

      const failed = await parse(tokens.DEFAULT, 'b.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100712' }));
      expect(failed.status).toBe(200);
      expect(failed.body.invoice).toMatchObject({ checkStatus: -1, checkError: '查无此票' });
      expect(failed.body.data.invoice.checkStatus).toBe(-1);
      expect(failed.body.result.fields).toMatchObject({ check_status: '-1', check_error: '查无此票' });

      const down = await parse(tokens.DEFAULT, 'c.pdf', await pdfOf({ ...SAMPLE_ORDINARY, number: '80100713' }));
      expect(down.status).toBe(200);
      expect(down.body.invoice).toMatchObject({ checkStatus: null, checkError: '查验服务调用失败：平台维护中' });
      expect(down.body.result.fields.check_status).toBeUndefined();

      const digital = await parse(tokens.DEFAULT, 'd.xml', Buffer.from(invoiceXml(SAMPLE_DIGITAL)), 'text/xml');
      expect(queries.at(-1)).toMatchObject({ fplxdm: '31', fpdm: '', fphm: '23442000000014209621', jym: '', jshj: '9585.00' });
      expect(digital.body.invoice.checkStatus).toBe(-1);
    } finally {
      delete process.env.INVOICE_VERIFY_URL;
    }
  });
});
