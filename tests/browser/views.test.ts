/**
 * A type-2 view in Chromium (issue 19 item 4): the demo view 白条入库汇总 over 白条入库 and
 * 外购白条入库 lists the rows of both with the virtual column 单件重量, searches across both,
 * and 详情 of a row opens the source record on its own form's detail page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession, type AdminSession } from './support/adminSession';
import type { BrowserApp } from './support/browserApp';

let app: BrowserApp;
let page: Page;
let api: AdminSession['api'];
type Row = Record<string, any>;

const VIEW = 'auto_tzbk_btgl_all';

beforeAll(async () => {
  ({ app, page, api } = await startAdminSession({ timeout: 20_000 }));
}, 300_000);
afterAll(async () => {
  await app?.close();
});

const rowKeys = () => page.locator('[data-row-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key') ?? ''));
const columnTexts = (key: string) => page.locator(`[data-row-key] [data-column="${key}"]`).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

describe('the demo view 白条入库汇总', () => {
  it('lists both sources, searches across them, and 详情 opens the source record', async () => {
    await page.goto(`${app.url}/auto/${VIEW}`);
    await page.locator(`[data-testid="record-list"][data-form="${VIEW}"]`).waitFor();
    await page.locator('[data-row-key]').first().waitFor();
    await expect.poll(async () => (await rowKeys()).every((k) => /^\d+@auto_tzbk_btgl_(btrk|wgbtrk)$/.test(k))).toBe(true);
    await page.getByRole('columnheader', { name: '单件重量' }).first().waitFor();
    await expect.poll(async () => (await columnTexts('unit_weight')).some((t) => t !== '')).toBe(true);

    // Search 品种 across both sources: the rows the API finds for the same search.
    const all: Row[] = (await api('POST', `/api/auto/${VIEW}/list`, { pageNum: 1, pageSize: 1000 })).rows;
    const word = String(all.find((r) => r.data_table === 'auto_tzbk_btgl_wgbtrk')!.pz);
    const expected: Row[] = (await api('POST', `/api/auto/${VIEW}/list`, { pageNum: 1, pageSize: 1000, searchConList: [{ enName: 'pz', funcType: 'input', pz: word, searchType: 'like' }] })).rows;
    await page.locator('[role="columnheader"][data-column="pz"]').locator('[aria-label^="搜索"]').first().click();
    const panel = page.locator('[data-testid="search-panel-pz"]');
    await panel.locator('input[aria-label^="搜索"]').fill(word);
    await panel.locator('input[aria-label^="搜索"]').press('Enter');
    await expect.poll(async () => (await rowKeys()).sort()).toEqual(expected.slice(0, 10).map((r) => r.id).sort());

    const target = expected.find((r) => r.data_table === 'auto_tzbk_btgl_wgbtrk')!;
    const sourceId = String(target.id).split('@')[0];
    await page.locator(`[data-row-key="${target.id}"] [data-column="$actions"] a`, { hasText: '详情' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/auto/auto_tzbk_btgl_wgbtrk/detail${sourceId}`);
    await page.getByText(String(target.pz)).first().waitFor();
    expect(app.errors).toEqual([]);
  });
});
