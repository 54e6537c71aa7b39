/**
 * The cockpit 管理驾驶舱 (issue 33): /guanlijiashicang shows its KPI numbers and charts drawn by
 * ECharts; 下载图片 saves a chart as PNG and 导出数据 a workbook of the panels (SheetJS loaded in
 * the built client); a click on the largest bar of 各类合同金额 opens 合同台账's list filtered to
 * that contract type.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession, type AdminSession } from './support/adminSession';
import { downloadBytes, type BrowserApp } from './support/browserApp';

/** Set FW_SCREENSHOTS=1 to refresh this file's picture in docs/screenshots/. */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

let app: BrowserApp;
let page: Page;
let session: AdminSession;
const bytesOf = downloadBytes;

beforeAll(async () => {
  session = await startAdminSession({ timeout: 15_000 });
  ({ app, page } = session);
});
afterAll(async () => {
  await app?.close();
});

describe('管理驾驶舱', () => {
  it('draws its charts and opens the list of a clicked bar', async () => {
    const cockpit = await session.api('GET', '/api/dashboard/key/guanlijiashicang');
    const data = await session.api('GET', `/api/dashboard/${cockpit.data.id}/data`);
    const byType = data.data.panels.find((p: { id: string }) => p.id === 'contract-by-type');
    const top = byType.points[0];
    const count = await session.api('POST', '/api/auto/contract_ledger/list', { pageNum: 1, pageSize: 1, initFilter: top.listFilter, exactTotal: true });

    // A fresh start: no list state of an earlier attempt.
    await page.goto(`${app.url}/404`);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${app.url}/guanlijiashicang`);
    await page.getByRole('heading', { name: '管理驾驶舱' }).waitFor();
    const kpi = page.locator('[data-panel="contract-count"]');
    await expect.poll(() => kpi.textContent()).toContain(String(data.data.panels.find((p: { id: string }) => p.id === 'contract-count').value));
    const chart = page.locator('[data-panel="contract-by-type"] [data-chart="bar"]');
    // ECharts loads on first use, then draws into a canvas.
    await chart.locator('canvas').waitFor();
    await page.locator('[data-panel="wbs-by-state"] table').waitFor();
    if (SHOTS) {
      await page.locator('[data-panel="purchase-urgency"] canvas').waitFor();
      await page.screenshot({ path: `${SHOTS}/dashboard-cockpit.png`, fullPage: true });
    }

    // 下载图片: the chart's PNG, named after its panel; 导出数据: one sheet per panel.
    const [image] = await Promise.all([page.waitForEvent('download'), page.locator('[data-panel="contract-by-type"]').getByRole('button', { name: '下载图片' }).click()]);
    expect(image.suggestedFilename()).toBe('各类合同金额.png');
    expect((await bytesOf(image)).subarray(1, 4).toString()).toBe('PNG');
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出数据' }).click()]);
    expect(sheet.suggestedFilename()).toMatch(/^管理驾驶舱_\d{8}\.xlsx$/);
    const book = XLSX.read(await bytesOf(sheet), { type: 'buffer' });
    expect(book.SheetNames).toHaveLength(cockpit.data.panels.length);
    expect(XLSX.utils.sheet_to_json(book.Sheets['各类合同金额'], { header: 1 })[1]).toEqual([top.label, top.value]);

    // The bars are sorted largest first: the first category's bar reaches the chart's middle.
    // Its exact x depends on the axis labels' width, so the click moves right until it lands.
    const box = (await chart.boundingBox())!;
    for (let x = box.x + 10; x < box.x + box.width / 2 && !page.url().includes('/auto/'); x += 8) {
      await page.mouse.click(x, box.y + box.height / 2);
    }
    await expect.poll(() => page.url()).toContain('/auto/contract_ledger?initFilter=');
    expect(decodeURIComponent(page.url())).toContain(JSON.stringify(top.listFilter));
    await page.locator('[data-testid="record-list"][data-form="contract_ledger"]').waitFor();
    await page.getByText(`共 ${count.total} 条`).waitFor();
    // Every row shown is of the clicked type.
    await page.locator('[data-row-key]').first().waitFor();
    const types = await page.locator('[data-row-key] [data-column="contract_type"]').allTextContents();
    expect(count.total).toBeGreaterThan(0);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t.includes(top.label))).toBe(true);
  });

  it('opens the named page 项目进度看板: a gauge drawn, project bars, a click opens the project’s board', async () => {
    await page.goto(`${app.url}/xmjdkb`);
    await page.getByRole('heading', { name: '项目进度看板' }).waitFor();
    await page.locator('[data-panel="avg-progress"] [data-chart="gauge"] canvas').waitFor();
    const rows = page.locator('[data-panel="projects-progress"] [data-item]');
    await expect.poll(() => rows.count()).toBe(3);
    const id = await rows.first().getAttribute('data-item');
    await rows.first().locator('a').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/xmjdkb/${id}`);
    await page.getByRole('heading', { name: '项目看板' }).waitFor();
    await expect.poll(() => page.locator('[data-panel="project"] [data-item]').count()).toBe(1);
    await page.locator('[data-panel="contract-by-type"]').waitFor();
  });
});
