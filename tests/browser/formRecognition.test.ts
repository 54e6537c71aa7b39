/**
 * Recognition in the form fields (spec 01 §5, spec 02 §7) in Chromium, against a real fake service
 * (node:http on 127.0.0.1) set as OCR_SERVICE_URL and COMPANY_LOOKUP_URL: an uploaded invoice is
 * stored and read, its values fill the same-name fields by the scan rules (Chinese date → dashes,
 * currency stripped), an invalid date is cleared with its warning; 查询 on a company field fills it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, choose, fill, item, pickDate } from './support/formActions';
import { startLoopbackService, type LoopbackService } from './support/loopbackService';
import { startAdminSession } from './support/adminSession';
import { SAMPLE_ORDINARY } from '../../scripts/invoiceSamples/sampleInvoices';
import { invoicePdf } from '../../src/server/invoices/invoiceDocuments';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let app: BrowserApp;
let page: Page;
let token: string;
let service: LoopbackService;
/** The invoice date the fake OCR reads next. */
let invoiceDate = '2026年03月05日';
/** The invoice number the fake OCR reads next (each test its own: a number already saved is refused as a duplicate). */
let invoiceNo = '87654321';
/** How many invoices reached the fake OCR service. */
let ocrInvoiceCalls = 0;
const saved = { ocr: process.env.OCR_SERVICE_URL, company: process.env.COMPANY_LOOKUP_URL };

beforeAll(async () => {
  service = await startLoopbackService((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/idCard/parse')) res.end(JSON.stringify({ code: 200, data: { name: '张三', sex: '男', nation: '汉', id_number: '110101199003071234', address: '北京市朝阳区建国路1号' } }));
      else if (req.url?.startsWith('/invoice/parse') && ++ocrInvoiceCalls) res.end(JSON.stringify({ result: { fields: { invoice_no: invoiceNo, invoice_date: invoiceDate, amount: '¥1,234.50元', tax: '壹佰元' }, item_list: [] } }));
      else res.end(JSON.stringify({ data: { companyName: '某建设集团有限公司', seller_tax_no: '91110000100000000X' } }));
    });
  });
  const url = service.url;
  process.env.OCR_SERVICE_URL = url;
  process.env.COMPANY_LOOKUP_URL = `${url}/company`;
  ({ app, page, token } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
  await service?.close();
  for (const [key, value] of [['OCR_SERVICE_URL', saved.ocr], ['COMPANY_LOOKUP_URL', saved.company]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const input = (label: string) => item(page, label).locator('input').first();

describe('invoice and company recognition', () => {
  it('an uploaded invoice fills number, date and amount by the scan rules; 查询 fills the company; the record saves', async () => {
    await page.goto(`${app.url}/auto/auto_fptz/add`);
    await item(page, '发票号码').waitFor();
    await item(page, '发票文件').locator('input[type=file]').setInputFiles({ name: '发票.png', mimeType: 'image/png', buffer: PNG });
    await item(page, '发票文件').locator('img').first().waitFor();
    await expect.poll(() => input('发票号码').inputValue()).toBe('87654321');
    await expect.poll(() => input('开票日期').inputValue()).toBe('2026-03-05');
    const shown = async (label: string) => Number((await input(label).inputValue()).replace(/,/g, ''));
    await expect.poll(() => input('金额').inputValue()).toMatch(/^1,234\.50?$/);
    await expect.poll(() => shown('金额')).toBe(1234.5);
    await expect.poll(() => input('税额').inputValue()).not.toBe('');
    await expect.poll(() => shown('税额')).toBe(0);
    await expect.poll(() => item(page, '发票文件').textContent()).not.toContain('识别服务未配置');

    await fill(page, '销售方', '某建设');
    await item(page, '销售方').getByRole('button', { name: '查询' }).click();
    await expect.poll(() => input('销售方').inputValue()).toBe('某建设集团有限公司');
    await expect.poll(() => input('销售方税号').inputValue()).toBe('91110000100000000X');

    await choose(page, '发票类型', '增值税专用发票');
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    const [row] = (await api(app, token, 'POST', '/api/auto/auto_fptz/list', { pageNum: 1, pageSize: 1 })).rows;
    expect(row).toMatchObject({ invoice_no: '87654321', invoice_date: '2026-03-05', seller: '某建设集团有限公司' });
    expect(Number(row.amount)).toBe(1234.5);
    expect(row.invoice_file[0].name).toBe('发票.png');
  });

  it('an invalid recognised date is cleared and warns 日期：{text} 非有效日期，请手动选择', async () => {
    invoiceDate = '2026年02月30日';
    invoiceNo = '87654322';
    await page.goto(`${app.url}/auto/auto_fptz/add`);
    await item(page, '发票号码').waitFor();
    // A date typed before the scan: the invalid recognised one replaces it with nothing.
    await pickDate(page, '开票日期', '2026-01-01');
    await expect.poll(() => input('开票日期').inputValue()).toBe('2026-01-01');
    await item(page, '发票文件').locator('input[type=file]').setInputFiles({ name: '发票2.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.ant-message', { hasText: '日期：2026年02月30日 非有效日期，请手动选择' }).waitFor();
    await expect.poll(() => input('发票号码').inputValue()).toBe('87654322');
    await expect.poll(() => input('开票日期').inputValue()).toBe('');
  });
});

describe('offline invoice recognition (issue 31)', () => {
  it('an invoice PDF is read from its QR code and text layer without the OCR service; a second upload of it is refused', async () => {
    const pdf = Buffer.from(await invoicePdf({ ...SAMPLE_ORDINARY, number: '80100790' }));
    const calls = ocrInvoiceCalls;
    await page.goto(`${app.url}/auto/auto_fptz/add`);
    await item(page, '发票号码').waitFor();
    await item(page, '发票文件').locator('input[type=file]').setInputFiles({ name: '电子发票.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => input('发票号码').inputValue()).toBe('80100790');
    await expect.poll(() => input('发票代码').inputValue()).toBe('011001605111');
    await expect.poll(() => input('开票日期').inputValue()).toBe('2016-10-18');
    await expect.poll(() => input('销售方').inputValue()).toBe('某某餐饮管理有限公司');
    await expect.poll(() => input('销售方税号').inputValue()).toBe('911101057226XXXX4D');
    await expect.poll(() => input('价税合计').inputValue()).toBe('68.79');
    expect(ocrInvoiceCalls).toBe(calls);
    // The demo invoice field maps invoice_type_code:invoice_type (spec 02 §3's source:target pairs).
    await expect.poll(() => item(page, '发票类型').textContent()).toContain('增值税电子普通发票');
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();

    await page.goto(`${app.url}/auto/auto_fptz/add`);
    await item(page, '发票号码').waitFor();
    await item(page, '发票文件').locator('input[type=file]').setInputFiles({ name: '电子发票.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.locator('.ant-message', { hasText: '发票号码 80100790 已录入发票台账' }).waitFor();
    expect(await input('发票号码').inputValue()).toBe('');
  });
});

describe('ID-card recognition', () => {
  // The definition names no field mapping: recognised keys fill the fields of the same name.
  const DEF = {
    enName: 'id_card_demo',
    cnName: '身份证登记',
    fields: [
      { enName: 'id_images', label: '身份证照片', funcType: 'idCard', span: 24 },
      { enName: 'name', label: '姓名', funcType: 'input', required: true, span: 12 },
      { enName: 'ethnicity', label: '民族', funcType: 'input', span: 12 },
      { enName: 'id_number', label: '身份证号', funcType: 'input', span: 12 },
      { enName: 'address', label: '住址', funcType: 'input', span: 12 },
    ],
  };

  it('an uploaded ID-card image is stored and read; name, ethnicity, number and address land in the form and save', async () => {
    await api(app, token, 'POST', '/api/flowable/form', DEF);
    await page.goto(`${app.url}/auto/id_card_demo/add`);
    await item(page, '身份证照片').waitFor();
    await expect.poll(() => item(page, '身份证照片').textContent()).not.toContain('识别服务未配置');
    await item(page, '身份证照片').locator('input[type=file]').setInputFiles({ name: '身份证正面.png', mimeType: 'image/png', buffer: PNG });
    await item(page, '身份证照片').locator('img').first().waitFor();
    await expect.poll(() => input('姓名').inputValue()).toBe('张三');
    await expect.poll(() => input('民族').inputValue()).toBe('汉');
    await expect.poll(() => input('身份证号').inputValue()).toBe('110101199003071234');
    await expect.poll(() => input('住址').inputValue()).toBe('北京市朝阳区建国路1号');
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    const [row] = (await api(app, token, 'POST', '/api/auto/id_card_demo/list', { pageNum: 1, pageSize: 1 })).rows;
    expect(row).toMatchObject({ name: '张三', ethnicity: '汉', id_number: '110101199003071234', address: '北京市朝阳区建国路1号' });
    expect(row.id_images[0].name).toBe('身份证正面.png');
  });
});

describe('console', () => {
  it('no console errors (besides the duplicate invoice\'s own 409 answer)', () => {
    expect(app.errors.filter((e) => /status of 409 \(Conflict\)/.test(e))).toHaveLength(1);
    expect(app.errors.filter((e) => !/status of 409 \(Conflict\)/.test(e))).toEqual([]);
  });
});
