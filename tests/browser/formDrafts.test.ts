/**
 * Drafts on the form pages in Chromium (spec 01 §4; the seed enables sys.form.stash.enabled):
 * 暂存 saves the record as a draft (sys_status -1 in the list API) without the required rules,
 * and 提交 pushes it — approved (1) on a form without a flow, in process (0) on a flow form.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, fill, item, pickDate } from './support/formActions';
import { startAdminSession } from './support/adminSession';

let app: BrowserApp;
let page: Page;
let token: string;
type Row = Record<string, any>;

const call = <T = any>(method: string, url: string, body?: unknown) => api<T>(app, token, method, url, body);

async function find(form: string, field: string, value: string): Promise<Row | undefined> {
  const rows = (await call('POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1000 })).rows as Row[];
  return rows.find((r) => r[field] === value);
}

async function press(name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
  await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor({ state: 'detached' });
}

beforeAll(async () => {
  ({ app, page, token } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
});

describe('暂存 then 提交', () => {
  it('a form without a flow: the draft is -1, pushed it is 1', async () => {
    await page.goto(`${app.url}/auto/auto_pthp/add`);
    await item(page, '货品名称').waitFor();
    await fill(page, '货品名称', '草稿货品');
    await press('暂存');
    const draft = await find('auto_pthp', 'goods_name', '草稿货品');
    expect(draft).toBeDefined();
    expect(Number(draft!.sys_status)).toBe(-1);
    // The add page became the draft's edit page; completing it and pushing submits the same record.
    await expect.poll(() => page.url()).toContain(`/auto/auto_pthp/${draft!.id}`);
    await fill(page, '货品编码', 'CG-DRAFT-1');
    await press('提交');
    const pushed = await find('auto_pthp', 'goods_name', '草稿货品');
    expect(pushed!.id).toBe(draft!.id);
    expect(Number(pushed!.sys_status)).toBe(1);
    expect(pushed!.goods_code).toBe('CG-DRAFT-1');
  });

  it('a flow form: the draft is -1, pushed it is in process (0)', async () => {
    await page.goto(`${app.url}/auto/purchase_request/add`);
    await item(page, '申请事由').waitFor();
    await fill(page, '申请事由', '草稿采购申请');
    await press('暂存');
    const draft = await find('purchase_request', 'title', '草稿采购申请');
    expect(draft).toBeDefined();
    expect(Number(draft!.sys_status)).toBe(-1);
    await expect.poll(() => page.url()).toContain(`/auto/purchase_request/${draft!.id}`);
    await fill(page, '预算金额', '3000');
    await pickDate(page, '需求日期', '2026-12-01');
    await press('提交');
    const pushed = await find('purchase_request', 'title', '草稿采购申请');
    expect(pushed!.id).toBe(draft!.id);
    expect(Number(pushed!.sys_status)).toBe(0);
  });
});

describe('console', () => {
  it('no console errors', () => {
    expect(app.errors).toEqual([]);
  });
});
