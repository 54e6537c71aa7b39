/**
 * Recognition calls (spec 02 §3, §7) against a real fake service: a node:http server on
 * 127.0.0.1 set as OCR_SERVICE_URL / COMPANY_LOOKUP_URL. Not configured → 400 识别服务未配置
 * (an invoice the document itself does not give: 未能识别发票…; offline reading: invoiceRecognition.test.ts);
 * the service's answers forwarded (ethnicity of an ID card, the invoice parse shape with the image
 * stored); its failures (error status, bad JSON, timeout) → clear Chinese messages, never a 500.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';

let t: TestApp;
let dataDir: string;
let token: string;
let service: Server;
let serviceUrl: string;
const seen: { method: string; url: string; body: string }[] = [];
/** What the fake service does next: 'ok', 'error', 'garbage' or 'slow'. */
let mode = 'ok';
const saved = { ocr: process.env.OCR_SERVICE_URL, company: process.env.COMPANY_LOOKUP_URL, timeout: process.env.RECOGNITION_TIMEOUT_MS };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks).toString('latin1')));
  });
}

function multipart(field: string, filename: string, content: Buffer | string, type = 'image/png') {
  const boundary = '----fwocr' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } };
}

const parse = (kind: 'idCard' | 'invoice', name = 'scan.png', content = 'PNGDATA-123') => {
  const body = multipart('file', name, content);
  return t.app.inject({ method: 'POST', url: `/api/ocr/${kind}/parse`, payload: body.payload, headers: body.headers });
};
const lookup = (keyword: string) => t.app.inject({ method: 'GET', url: `/api/common/company/creditInfoQuery?keyword=${encodeURIComponent(keyword)}`, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  service = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method ?? '', url: req.url ?? '', body });
    if (mode === 'slow') return; // never answers: the caller's timeout must end the call
    if (mode === 'garbage') { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>oops</html>'); return; }
    if (mode === 'error') { res.writeHead(500, { 'content-type': 'application/json' }); res.end(JSON.stringify({ code: 500, msg: '图片模糊' })); return; }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.startsWith('/ocr/idCard/parse')) res.end(JSON.stringify({ code: 200, data: { name: '李四', sex: '男', nation: '汉', idNumber: '110101199001011234', address: '北京市东城区' } }));
    else if (req.url?.startsWith('/ocr/invoice/parse')) res.end(JSON.stringify({ result: { fields: { invoice_no: '12345678', invoice_date: '2026年03月05日', amount: '¥1,234.50' }, item_list: [{ name: '钢筋', amount: '1000' }] } }));
    else if (req.url?.startsWith('/company')) res.end(JSON.stringify({ data: { companyName: '某建设集团有限公司', creditCode: '91110000100000000X', legalPerson: '王五' } }));
    else { res.writeHead(404); res.end('{}'); }
  });
  await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'fw-ocr-'));
  t = await createTestApp({ config: { dataDir } });
  token = await t.login('DEFAULT');
});
afterEach(() => {
  mode = 'ok';
  delete process.env.OCR_SERVICE_URL;
  delete process.env.COMPANY_LOOKUP_URL;
  delete process.env.RECOGNITION_TIMEOUT_MS;
});
afterAll(async () => {
  await t?.close();
  service?.closeAllConnections();
  await new Promise((done) => service?.close(done));
  rmSync(dataDir, { recursive: true, force: true });
  for (const [key, value] of [['OCR_SERVICE_URL', saved.ocr], ['COMPANY_LOOKUP_URL', saved.company], ['RECOGNITION_TIMEOUT_MS', saved.timeout]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('not configured', () => {
  it('each call answers 400 识别服务未配置 and the status says off (invoices are read offline: an unreadable one says so)', async () => {
    for (const res of [await parse('idCard'), await lookup('建设')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('识别服务未配置');
    }
    const invoice = await parse('invoice');
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().msg).toContain('未能识别发票');
    const status = await t.app.inject({ method: 'GET', url: '/api/common/recognition/status', headers: { authorization: `Bearer ${token}` } });
    expect(status.json().data).toMatchObject({ idCard: false, invoice: true, business: false });
  });
});

describe('configured', () => {
  it('an ID card is forwarded as multipart and answers its fields with ethnicity', async () => {
    process.env.OCR_SERVICE_URL = `${serviceUrl}/ocr`;
    const res = await parse('idCard', 'id.png', 'IDCARD-BYTES');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '李四', ethnicity: '汉', idNumber: '110101199001011234' });
    const call = seen.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.body).toContain('IDCARD-BYTES');
    expect(call.body).toContain('filename="id.png"');
  });

  it('an invoice answers the parse shape (file stored, result fields and items) and the image can be downloaded', async () => {
    process.env.OCR_SERVICE_URL = `${serviceUrl}/ocr/`;
    const res = await parse('invoice', 'fp.png', 'INVOICE-BYTES');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, invoice: { name: 'fp.png', checkStatus: null }, result: { fields: { invoice_no: '12345678', invoice_date: '2026年03月05日' }, item_list: [{ name: '钢筋' }] } });
    expect(body.url).toBe(body.invoice.url);
    const file = await t.app.inject({ method: 'GET', url: `/api/common/download?fileName=${encodeURIComponent(body.fileName)}`, headers: { authorization: `Bearer ${token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('INVOICE-BYTES');
  });

  it('the company lookup forwards the keyword and answers the company fields; an empty keyword is a 400', async () => {
    process.env.COMPANY_LOOKUP_URL = `${serviceUrl}/company/lookup`;
    const res = await lookup('某建设');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ companyName: '某建设集团有限公司', creditCode: '91110000100000000X' });
    expect(decodeURIComponent(seen.at(-1)!.url)).toBe('/company/lookup?keyword=某建设');
    expect((await lookup('  ')).json().msg).toBe('请输入企业名称');
  });

  it('a missing file is a 400, not a call', async () => {
    process.env.OCR_SERVICE_URL = serviceUrl;
    const before = seen.length;
    const body = multipart('other', 'x.png', 'x');
    const res = await t.app.inject({ method: 'POST', url: '/api/ocr/idCard/parse', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请选择要识别的图片');
    expect(seen.length).toBe(before);
  });
});

describe('service failures', () => {
  it('an error answer shows the service message', async () => {
    process.env.OCR_SERVICE_URL = serviceUrl;
    mode = 'error';
    const res = await parse('idCard');
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('识别失败：图片模糊');
  });

  it('an answer that is not JSON, a refused connection and a timeout each have their message', async () => {
    process.env.COMPANY_LOOKUP_URL = serviceUrl;
    mode = 'garbage';
    expect((await lookup('甲')).json().msg).toBe('识别服务返回内容无法解析');
    process.env.COMPANY_LOOKUP_URL = 'http://127.0.0.1:1';
    const refused = await lookup('甲');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().msg).toBe('识别服务无法连接，请稍后重试');
    process.env.COMPANY_LOOKUP_URL = serviceUrl;
    process.env.RECOGNITION_TIMEOUT_MS = '300';
    mode = 'slow';
    const slow = await lookup('甲');
    expect(slow.statusCode).toBe(504);
    expect(slow.json().msg).toBe('识别服务响应超时，请稍后重试');
  });
});
