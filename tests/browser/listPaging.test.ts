/**
 * Paging the generated list in Chromium (spec 01 §2.2, §9): page size 1000 on a form of 5,000+
 * rows renders through the virtualised body, scrolls to the last row, selects the whole page
 * (totals then come from the selection), scrolls back to the top after paging, custom sizes.
 * The 5,000 rows are created through the records API by this test.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browserApp';

/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/. */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;
const FORM = 'auto_pthp';
const EXTRA_ROWS = 5000;

let app: BrowserApp;
let page: Page;
let token: string;

async function api(method: string, url: string, body?: unknown) {
  const res = await app.server.request({ method, url, token, body });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Adds `n` goods through POST /api/auto/{form}/add, a few requests at a time. */
async function addGoods(n: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await api('POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { goods_code: `BULK-${String(i).padStart(5, '0')}`, goods_name: `批量货品${i}`, price: (i % 97) + 0.5, stock: i % 50 } });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  page.setDefaultTimeout(15_000);
  token = await app.server.login('DEFAULT');
  await addGoods(EXTRA_ROWS);
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: app.url }]);
}, 600_000);
afterAll(async () => {
  await app?.close();
});

const scroller = () => page.getByTestId('record-list-scroller');
/** The options of the open page-size select (antd Pagination's size changer). */
const sizeOptions = () => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

describe('list screen: paging 1000 rows of 5,000', () => {
  it('shows 1000 rows through the virtualised body, scrolls to the last, selects the page and totals the selection', async () => {
    const all = await api('POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1000 });
    expect(all.total).toBeGreaterThanOrEqual(EXTRA_ROWS);
    const ids: string[] = all.rows.map((r: { id: number }) => String(r.id));

    await page.goto(`${app.url}/auto/${FORM}`);
    await page.locator('[data-row-key]').first().waitFor();
    await page.getByTestId('list-pager').locator('.ant-pagination-options-size-changer').click();
    await sizeOptions().filter({ hasText: '1000 条/页' }).click();
    await expect.poll(() => page.getByRole('table').getAttribute('aria-rowcount')).toBe('1000');
    await page.getByTestId('list-total').getByText(`共 ${all.total} 条`).waitFor();
    // Virtualised: far fewer row elements than rows.
    await expect.poll(() => page.locator('[data-row-key]').count()).toBeLessThan(100);
    await page.locator(`[data-row-key="${ids[0]}"]`).waitFor();

    await scroller().evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await page.locator(`[data-row-key="${ids[999]}"]`).waitFor();
    await expect.poll(() => page.locator(`[data-row-key="${ids[0]}"]`).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-1000-rows.png` });

    await page.getByLabel('全选本页').check();
    await expect.poll(() => page.locator(`[data-row-key="${ids[999]}"] [aria-label="选择"]`).isChecked()).toBe(true);
    await expect(page.getByTestId('list-toolbar').getByRole('button', { name: /删\s*除/ }).isEnabled()).resolves.toBe(true);
    await expect.poll(() => page.getByTestId('list-toolbar').getByRole('button', { name: /^修\s*改$/ }).isEnabled()).toBe(false);
    const stockSum = all.rows.reduce((s: number, r: { stock: number | null }) => s + Number(r.stock ?? 0), 0);
    const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(stockSum);
    await expect.poll(() => page.locator('[data-total="stock"]').textContent()).toContain(`合计: ${money}`);

    await page.locator(`[data-row-key="${ids[998]}"] [aria-label="选择"]`).uncheck();
    await expect.poll(() => page.getByLabel('全选本页').isChecked()).toBe(false);
    await page.getByLabel('全选本页').uncheck().catch(() => undefined);
  });

  it('scrolls back to the top after paging, and takes a custom page size', async () => {
    const second = await api('POST', `/api/auto/${FORM}/list`, { pageNum: 2, pageSize: 1000 });
    await scroller().evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await expect.poll(() => scroller().evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
    await page.locator('.ant-pagination-item-2').click();
    await page.locator(`[data-row-key="${second.rows[0].id}"]`).waitFor();
    await expect.poll(() => scroller().evaluate((el) => el.scrollTop)).toBe(0);

    await page.getByLabel('自定义每页条数').fill('7');
    await page.getByLabel('自定义每页条数').press('Enter');
    await expect.poll(() => page.locator('[data-row-key]').count()).toBe(7);
  });

  it('pages by keyboard: the size select, 下一页 and 跳至', async () => {
    const pager = page.getByTestId('list-pager');
    const sizes = pager.locator('.ant-pagination-options-size-changer');
    const shownSize = () => sizes.locator('.ant-select-selection-item').textContent();
    await expect.poll(shownSize).toBe('7 条/页');
    await sizes.getByRole('combobox').focus();
    await page.keyboard.press('Enter');
    // Every spec size, and the custom one in its place among them.
    await expect.poll(() => sizeOptions().allTextContents()).toEqual(['7 条/页', '20 条/页', '40 条/页', '60 条/页', '80 条/页', '100 条/页', '200 条/页', '500 条/页', '1000 条/页']);
    // The open select marks the current size; arrows move on, Escape closes and keeps the focus.
    const active = () => page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').textContent();
    await expect.poll(active).toBe('7 条/页');
    await page.keyboard.press('Escape');
    await expect.poll(() => sizeOptions().count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.press('Enter');
    await expect.poll(active).toBe('7 条/页');
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe('20 条/页');
    await page.keyboard.press('Enter');
    await expect.poll(shownSize).toBe('20 条/页');
    await expect.poll(() => page.locator('[data-row-key]').count()).toBe(20);
    await expect.poll(() => pager.locator('li[title="1"]').getAttribute('class')).toContain('active');

    const first = await api('POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 20 });
    const pageOf = async (n: number) => (await api('POST', `/api/auto/${FORM}/list`, { pageNum: n, pageSize: 20 })).rows[0].id;
    await pager.getByTitle('下一页').focus();
    await page.keyboard.press('Enter');
    await page.locator(`[data-row-key="${await pageOf(2)}"]`).waitFor();
    await expect.poll(() => pager.locator('li[title="2"]').getAttribute('class')).toContain('active');

    const jumper = pager.getByLabel('页', { exact: true });
    await jumper.fill('5');
    await jumper.press('Enter');
    await page.locator(`[data-row-key="${await pageOf(5)}"]`).waitFor();
    await expect.poll(() => jumper.inputValue()).toBe('');
    // Beyond the last page: the last page.
    const last = Math.ceil(first.total / 20);
    await jumper.fill('99999');
    await jumper.press('Enter');
    await page.locator(`[data-row-key="${await pageOf(last)}"]`).waitFor();
    await expect.poll(() => pager.getByTitle('下一页').getAttribute('aria-disabled')).toBe('true');
    await pager.getByTitle('向前 5 页').click();
    await page.locator(`[data-row-key="${await pageOf(last - 5)}"]`).waitFor();
  });
});
