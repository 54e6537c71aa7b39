/**
 * Spec 01 §2.1: the stock-in lists add through the 白条入库 drawer over the list instead of
 * navigating to the add page; after a save the list shows the new record. Both follow from the
 * definition (feature.addMode, feature.rowDensity), set in the demo fixtures.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { fill, item } from './support/formActions';
import { useAdminPage } from './support/adminSession';

let app: BrowserApp;
let page: Page;
useAdminPage((s) => ({ app, page } = s));

const rowCount = () => page.locator('[data-row-key]').count();

describe('stock-in list 新增', () => {
  it('opens the 白条入库 drawer over the list, saves, and the list shows the new record', async () => {
    const form = 'auto_tzbk_btgl_btrk';
    await page.goto(`${app.url}/auto/${form}`);
    const list = page.locator(`[data-testid="record-list"][data-form="${form}"]`);
    await list.waitFor();
    await page.locator('[data-row-key]').first().waitFor();
    // Spec 01 §2.2: the stock-in lists use the smaller row height (the form's feature.rowDensity).
    expect(await page.locator('[data-row-key]').first().evaluate((el) => el.getBoundingClientRect().height)).toBe(28);
    const before = await rowCount();
    await list.getByRole('button', { name: /^新\s*增$/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '白条入库' });
    await item(drawer, '品种').waitFor();
    // Still the list's address: the drawer opened over it, no navigation to the add page.
    expect(new URL(page.url()).pathname).toBe(`/auto/${form}`);
    await drawer.locator('.ant-radio-button-wrapper', { hasText: '一级' }).click();
    await fill(drawer, '品种', '列表新增白条');
    await fill(drawer, '扣前重量', '60');
    await drawer.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    await expect.poll(rowCount, { timeout: 10_000 }).toBe(before + 1);
    expect(app.errors).toEqual([]);
  });
});
