/**
 * Tabs and breadcrumbs of the form pages (spec 02 §2.4; issue 12 items 1, 5, 6): a copy opens a
 * 新增… tab, a saved new record turns its add tab into the record's 编辑… tab (one record, one
 * tab), and the breadcrumb names the menu trail of the form's list plus the page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, choose, fill, item } from './support/formActions';
import { tabTitles } from './support/shellActions';
import { startAdminSession } from './support/adminSession';

let app: BrowserApp;
let page: Page;
let token: string;

const call = <T = any>(method: string, url: string, body?: unknown) => api<T>(app, token, method, url, body);
const crumbs = async () => (await page.locator('.ant-breadcrumb .ant-breadcrumb-link').allTextContents()).map((t) => t.trim());

async function addByApi(form: string, data: Record<string, unknown>): Promise<number> {
  const uuid = (await call('GET', '/api/auto/uuid/get')).data;
  return (await call('POST', `/api/auto/${form}/add`, { formName: form, data, uuid })).data.id;
}

beforeAll(async () => {
  ({ app, page, token } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
});

describe('form page tabs', () => {
  it('copying from a detail page opens a 新增 tab beside the 查看 tab', async () => {
    const id = await addByApi('auto_pthp', { goods_code: 'HP-TAB-COPY', goods_name: '标签复制货品' });
    await page.goto(`${app.url}/auto/auto_pthp/detail${id}`);
    await page.locator('.fw-record-form', { hasText: '标签复制货品' }).waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '查看普通货品']);
    // The definition is cached by now, so the add page titles itself in the same commit as the move.
    await page.locator('.fw-form-actions').getByRole('button', { name: /^复\s*制$/ }).click();
    await expect.poll(() => item(page, '货品名称').locator('input').inputValue()).toBe('标签复制货品');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '查看普通货品', '新增普通货品']);
  });

  it('after saving a new record the add tab becomes the record’s 编辑 tab, and no second tab opens', async () => {
    await page.goto(`${app.url}/auto/contract_ledger/add`);
    await item(page, '合同名称').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '新增合同台账']);
    await fill(page, '合同名称', '标签测试合同');
    await choose(page, '合同类型', '施工合同');
    await fill(page, '乙方单位', '标签测试公司');
    await fill(page, '合同金额', '100');
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    await page.waitForURL(/\/auto\/contract_ledger\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const saved = (await call('GET', `/api/auto/contract_ledger/${id}`)).data;
    expect(saved.contract_name).toBe('标签测试合同');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '编辑合同台账']);
    // The tab is the record's: clicking it stays on the edit page.
    await page.getByRole('tab', { name: '编辑合同台账' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/auto/contract_ledger/${id}`);
  });
});

describe('breadcrumb', () => {
  it('names the menu trail of the form plus the page on add, edit and detail pages', async () => {
    const id = await addByApi('contract_ledger', { contract_name: '面包屑合同', contract_type: 'construction', party_b: '某公司', sign_date: '2026-01-05', amount: 1 });
    await page.goto(`${app.url}/auto/contract_ledger/add`);
    await expect.poll(crumbs).toEqual(['首页', '业务表单', '合同台账', '新增']);
    await page.goto(`${app.url}/auto/contract_ledger/${id}`);
    await expect.poll(crumbs).toEqual(['首页', '业务表单', '合同台账', '编辑']);
    await page.goto(`${app.url}/auto/contract_ledger/detail${id}`);
    await expect.poll(crumbs).toEqual(['首页', '业务表单', '合同台账', '查看']);
  });

  it('names the schema preview', async () => {
    await page.goto(`${app.url}/preview`);
    await page.getByRole('combobox', { name: '选择示例定义' }).waitFor();
    await expect.poll(crumbs).toEqual(['首页', '表单预览']);
  });

  it('no console errors', () => {
    expect(app.errors).toEqual([]);
  });
});
