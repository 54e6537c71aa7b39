/**
 * Per-tenant provider settings (issue 31 item 4): a tenant's own tax platform (system parameters
 * sys.invoice.taxPlatform.*) is used for that tenant only, the environment is the default for the
 * others, a provider is never assembled from both; secrets are write-only in every answer of
 * 参数设置; `GET /invoices/providerStatus` names the missing setting in Chinese, and so does each
 * tax-platform call. Two loopback fakes on 127.0.0.1: the tenant's gateway and the installation's.
 */
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { settledJob } from '../support/waitFor.js';
import { startFakeTaxPlatform, type FakeTaxPlatform } from '../support/taxPlatformFake.js';

const ENV = ['TAX_PLATFORM_URL', 'TAX_PLATFORM_APP_KEY', 'TAX_PLATFORM_APP_SECRET', 'INVOICE_VERIFY_URL', 'OCR_SERVICE_URL', 'OCR_SERVICE_KEY'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
const PERIOD = { sjlx: '1', fplxdm: ['01'], cjksrq: '20261001000000', cjjsrq: '20261031235959' };
const SECRET_A = 'tenant-a-secret-7f3';
const SECRET_ENV = 'installation-secret-9c1';
const missing = (name: string, key: string, service = '税务平台服务') => `未配置${service}：缺少“${name}”（系统参数 ${key}），请联系管理员在“参数设置”中填写后再试`;

let a: RecordsApp;
let tenantFake: FakeTaxPlatform;
let envFake: FakeTaxPlatform;

const collect = (token: string) => a.call(token, 'POST', '/api/flowable/form/elephant/vatInvoiceCollection', PERIOD);
/** 发票采集 is a job (ADR 1065): started, then followed to its end; answers the finished job. */
async function collected(token: string): Promise<Record<string, any>> {
  const res = await collect(token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return settledJob(async () => (await a.call(token, 'GET', `/api/jobs/${res.json.data.jobId}`)).json.data);
}
const status = async (token: string) => {
  const res = await a.call(token, 'GET', '/api/invoices/providerStatus');
  expect(res.status).toBe(200);
  return res.json.data as { taxPlatform: string | null; verify: string | null; ocr: string | null };
};
/** Sets (adds or edits) a system parameter of the token's tenant through 参数设置. */
async function setParam(token: string, configKey: string, configValue: string) {
  const list = await a.call(token, 'GET', `/api/system/config/list?pageNum=1&pageSize=50&configKey=${encodeURIComponent(configKey)}`);
  const row = (list.json.rows as { configId: number; configKey: string }[]).find((r) => r.configKey === configKey);
  const res = row
    ? await a.call(token, 'POST', '/api/system/config/edit', { configId: row.configId, configName: configKey, configKey, configValue })
    : await a.call(token, 'POST', '/api/system/config', { configName: configKey, configKey, configValue });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

beforeAll(async () => {
  for (const k of ENV) delete process.env[k];
  tenantFake = await startFakeTaxPlatform({ appKey: 'tenant-a', appSecret: SECRET_A, invoices: [] });
  envFake = await startFakeTaxPlatform({ appKey: 'installation', appSecret: SECRET_ENV, invoices: [] });
  a = await recordsApp();
});
afterAll(async () => {
  await a?.close();
  await tenantFake?.close();
  await envFake?.close();
  for (const k of ENV) {
    delete process.env[k];
    if (saved[k] !== undefined) process.env[k] = saved[k];
  }
});

describe('provider settings per tenant', () => {
  it('without any configuration the status and every call name the missing setting', async () => {
    expect(await status(a.admin)).toEqual({
      taxPlatform: missing('税务平台地址', 'sys.invoice.taxPlatform.url'),
      verify: missing('发票查验服务地址', 'sys.invoice.verify.url', '发票查验服务'),
      ocr: missing('OCR 识别服务地址', 'sys.invoice.ocr.url', 'OCR 识别服务'),
    });
    const res = await collect(a.admin);
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(missing('税务平台地址', 'sys.invoice.taxPlatform.url'));
  });

  it('the environment is the default of a tenant without its own settings', async () => {
    Object.assign(process.env, { TAX_PLATFORM_URL: envFake.url, TAX_PLATFORM_APP_KEY: 'installation', TAX_PLATFORM_APP_SECRET: SECRET_ENV, INVOICE_VERIFY_URL: envFake.url });
    expect(await status(a.admin2)).toMatchObject({ taxPlatform: null, verify: null });
    const job = await collected(a.admin2);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done', result: { added: 0 } });
    expect(envFake.requests.map((r) => r.path)).toEqual(['/invoices/collect']);
  });

  it('a tenant\'s own tax platform serves that tenant only', async () => {
    await setParam(a.admin, 'sys.invoice.taxPlatform.url', tenantFake.url);
    await setParam(a.admin, 'sys.invoice.taxPlatform.appKey', 'tenant-a');
    await setParam(a.admin, 'sys.invoice.taxPlatform.appSecret', SECRET_A);
    envFake.requests.length = 0;
    expect((await collected(a.admin)).status).toBe('done');
    expect(tenantFake.requests.map((r) => r.path)).toEqual(['/invoices/collect']);
    expect(envFake.requests).toEqual([]);
    // The other tenant keeps the installation's platform.
    expect((await collected(a.admin2)).status).toBe('done');
    expect(tenantFake.requests).toHaveLength(1);
    expect(envFake.requests.map((r) => r.path)).toEqual(['/invoices/collect']);
  });

  it('a tenant that set part of a provider gets the message for the rest, never the installation\'s secret', async () => {
    await setParam(a.admin2, 'sys.invoice.taxPlatform.url', tenantFake.url);
    envFake.requests.length = 0;
    tenantFake.requests.length = 0;
    expect((await status(a.admin2)).taxPlatform).toBe(missing('税务平台应用标识', 'sys.invoice.taxPlatform.appKey'));
    const res = await collect(a.admin2);
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(missing('税务平台应用标识', 'sys.invoice.taxPlatform.appKey'));
    expect(tenantFake.requests).toEqual([]);
    expect(envFake.requests).toEqual([]);
    // Cleared, the tenant is back on the installation's platform.
    await setParam(a.admin2, 'sys.invoice.taxPlatform.url', '');
    expect((await status(a.admin2)).taxPlatform).toBeNull();
  });

  it('secrets are write-only: 参数设置 answers 已设置; saving 已设置 keeps the secret, a new value replaces it', async () => {
    const list = await a.call(a.admin, 'GET', '/api/system/config/list?pageNum=1&pageSize=50&configKey=sys.invoice');
    const rows = list.json.rows as { configId: number; configKey: string; configValue: string }[];
    const secret = rows.find((r) => r.configKey === 'sys.invoice.taxPlatform.appSecret')!;
    expect(secret.configValue).toBe('已设置');
    expect(rows.find((r) => r.configKey === 'sys.invoice.taxPlatform.appKey')!.configValue).toBe('tenant-a');
    const detail = await a.call(a.admin, 'GET', `/api/system/config/${secret.configId}`);
    expect(detail.json.data.configValue).toBe('已设置');
    const byKey = await a.call(a.admin, 'GET', '/api/system/config/configKey/sys.invoice.taxPlatform.appSecret');
    expect(byKey.json.data).toBe('已设置');
    const keys = await a.call(a.admin, 'POST', '/api/system/config/configKeys', { keys: ['sys.invoice.taxPlatform.appSecret', 'sys.invoice.taxPlatform.url'] });
    expect(keys.json.data).toEqual({ 'sys.invoice.taxPlatform.appSecret': '已设置', 'sys.invoice.taxPlatform.url': tenantFake.url });
    const exported = await a.app.inject({ method: 'GET', url: '/api/system/config/export?configKey=sys.invoice', headers: { authorization: `Bearer ${a.admin}` } });
    expect(exported.statusCode).toBe(200);
    const book = XLSX.read(exported.rawPayload);
    const sheet = XLSX.utils.sheet_to_csv(book.Sheets[book.SheetNames[0]]);
    expect(sheet).toContain('sys.invoice.taxPlatform.appSecret,已设置');
    for (const body of [list.json, detail.json, byKey.json, keys.json, sheet, (await status(a.admin))]) {
      expect(JSON.stringify(body)).not.toContain(SECRET_A);
    }

    // The edit form sends back what it showed: the stored secret stays and the platform still accepts it.
    await setParam(a.admin, 'sys.invoice.taxPlatform.appSecret', '已设置');
    expect((await collected(a.admin)).status).toBe('done');
    await setParam(a.admin, 'sys.invoice.taxPlatform.appSecret', 'replaced-secret');
    const refused = await collected(a.admin);
    expect(refused).toMatchObject({ status: 'failed', error: '税务平台调用失败：应用密钥错误' });
    await setParam(a.admin, 'sys.invoice.taxPlatform.appSecret', SECRET_A);
  });

  it('provider keys are private: a user without 参数设置 rights reads neither them nor the secret, but sees the status', async () => {
    const { token } = await a.userWith('fp_reader', ['auto:auto_fptz:query']);
    const keys = await a.call(token, 'POST', '/api/system/config/configKeys', { keys: ['sys.invoice.taxPlatform.url', 'sys.invoice.taxPlatform.appSecret'] });
    expect(keys.json.data).toEqual({});
    expect((await a.call(token, 'GET', '/api/system/config/configKey/sys.invoice.taxPlatform.url')).json.data).toBeNull();
    expect(await status(token)).toMatchObject({ taxPlatform: null });
  });
});
