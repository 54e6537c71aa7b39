/**
 * The cockpit 管理驾驶舱 (issue 33): /guanlijiashicang shows its KPI numbers and charts drawn by
 * ECharts; 下载图片 saves a chart as PNG and 导出数据 a workbook of the panels (SheetJS loaded in
 * the built client); a click on the largest bar of 各类合同金额 (its pixel from the chart's own
 * `convertToPixel`) opens 合同台账's list filtered to that contract type with that count; 能耗监测
 * (/energy-consumption) shows the overview's KPIs; a statistics page marked 公开访问 renders
 * signed out over published records only (ADR 1056), with its KPI numbers, a bar chart and a map,
 * while a page not marked so says 仪表盘不存在或未公开.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession, type AdminSession } from './support/adminSession';
import { useToken } from './support/formActions';
import { resetBrowser } from './support/shellActions';
import { downloadBytes, type BrowserApp } from './support/browserApp';
import { createDemoEnergy, hasEnergyEnterprise } from '../../src/server/energy/repositories/demoPlant';

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
    // 各省合同金额: the China map (loaded with its GeoJSON on first use) draws into a canvas.
    await page.locator('[data-panel="contract-by-region"] [data-chart="map"] canvas').waitFor();
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

    // The first (largest) bar's middle, in the chart's pixels: the chart element carries its ECharts instance (EChart.tsx ChartHost).
    const host = chart.elementHandle();
    await expect.poll(() => chart.evaluate((el) => !!(el as HTMLElement & { echart?: unknown }).echart)).toBe(true);
    const [px, py] = await (await host)!.evaluate((el, v) => {
      const c = (el as HTMLElement & { echart: { convertToPixel(finder: object, value: number[]): number[] } }).echart;
      return c.convertToPixel({ seriesIndex: 0 }, [0, v / 2]);
    }, top.value as number);
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + px, box.y + py);
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

  it('colours 各省合同金额 on the China map; a click on 浙江 opens 浙江省\'s contracts', async () => {
    const cockpit = await session.api('GET', '/api/dashboard/key/guanlijiashicang');
    const data = await session.api('GET', `/api/dashboard/${cockpit.data.id}/data`);
    const zj = data.data.panels.find((p: { id: string }) => p.id === 'contract-by-region').points.find((p: { key: string }) => p.key === '浙江省');
    const count = await session.api('POST', '/api/auto/contract_ledger/list', { pageNum: 1, pageSize: 1, initFilter: zj.listFilter, exactTotal: true });
    expect(count.total).toBeGreaterThan(0);

    await page.goto(`${app.url}/guanlijiashicang`);
    const chart = page.locator('[data-panel="contract-by-region"] [data-chart="map"]');
    await chart.locator('canvas').waitFor();
    // Every panel above has its content (no spinner, the table drawn), so the map no longer moves;
    // it is the cockpit's last row: scrolled into view, so the mouse reaches it.
    await page.locator('[data-panel="wbs-by-state"] table').waitFor();
    await expect.poll(() => page.locator('[data-panel] .ant-spin').count()).toBe(0);
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => chart.evaluate((el) => !!(el as HTMLElement & { echart?: unknown }).echart)).toBe(true);
    // Hangzhou's longitude and latitude, in the map's pixels: only a registered map has them.
    const pixel = await chart.evaluate((el) => (el as HTMLElement & { echart: { convertToPixel(finder: object, value: number[]): number[] | undefined } }).echart.convertToPixel({ seriesIndex: 0 }, [120.15, 29.9]));
    expect(pixel).toHaveLength(2);
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + pixel![0], box.y + pixel![1]);
    await expect.poll(() => page.url()).toContain('/auto/contract_ledger?initFilter=');
    expect(decodeURIComponent(page.url())).toContain(JSON.stringify(zj.listFilter));
    await page.getByText(`共 ${count.total} 条`).waitFor();
  });

  it('能耗监测 shows the overview\'s KPIs', async () => {
    // The demo plant is a step of served databases only (`npm start`), not of the test template.
    const tenant = await app.server.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
    if (!(await hasEnergyEnterprise(app.server.db, Number(tenant.id)))) await createDemoEnergy(app.server.db, Number(tenant.id), new Date(), 7);
    const overview = (await session.api('GET', '/api/energy/qyzl')).data;
    expect(overview.meterCount).toBeGreaterThan(0);
    await page.goto(`${app.url}/energy-consumption`);
    const energy = page.locator('[data-page="energy-consumption"]');
    await energy.waitFor();
    const meters = energy.locator('.ant-statistic').filter({ hasText: '计量点' });
    await expect.poll(() => meters.locator('.ant-statistic-content').textContent()).toBe(String(overview.meterCount));
    for (const k of overview.kinds) await energy.getByText(`${k.name}（${k.unit}）`).waitFor();
    await energy.locator('[data-chart] canvas').first().waitFor();
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

describe('公开访问 (signed out)', () => {
  const FORM = 'pubdash_sales';
  const DEF = {
    enName: FORM,
    cnName: '公开销售统计',
    fields: [
      { enName: 'title', label: '标题', funcType: 'input' },
      { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '工程', value: 'eng' }, { label: '材料', value: 'mat' }] },
      { enName: 'province', label: '省份', funcType: 'select', options: [{ label: '浙江省', value: '浙江省' }, { label: '江苏省', value: '江苏省' }] },
      { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
      { enName: 'pub', label: '是否发布', funcType: 'switch' },
    ],
  };
  const RECORDS = [
    { title: '甲', kind: 'eng', province: '浙江省', amount: 100, pub: true },
    { title: '乙', kind: 'mat', province: '江苏省', amount: 50, pub: true },
    { title: '丙', kind: 'eng', province: '浙江省', amount: 7, pub: true },
    { title: '丁（未发布）', kind: 'mat', province: '江苏省', amount: 1000, pub: false },
  ];

  it('a page marked 公开访问 draws its charts over published records; one not marked says 仪表盘不存在或未公开', async () => {
    await session.api('POST', '/api/flowable/form', DEF);
    for (const data of RECORDS) await session.api('POST', `/api/auto/${FORM}/add`, { formName: FORM, data });
    await session.api('POST', `/api/flowable/form/portal/${FORM}`, {
      enabled: true, section: 'news', titleField: 'title', dateField: null, categoryField: null, fields: ['title', 'kind', 'province', 'amount'],
      publishStatus: null, publishField: 'pub', publishValue: 'true', sort: 0,
    });
    // The shipped 付款统计 page (/payment-statistics, public in spec 02 §2.2) over the portal source, marked 公开访问.
    const shipped = (await session.api('GET', '/api/dashboard/key/payment-statistics')).data;
    await session.api('POST', '/api/dashboard/edit', {
      id: shipped.id, version: shipped.version, name: '公开付款统计', routeKey: 'payment-statistics', refreshSeconds: 60, isPublic: true,
      panels: [
        { id: 'count', title: '公开数量', kind: 'kpi', form: FORM, measure: { op: 'count' } },
        { id: 'total', title: '金额合计', kind: 'kpi', form: FORM, measure: { op: 'sum', field: 'amount' } },
        { id: 'by-kind', title: '各类金额', kind: 'bar', form: FORM, groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } },
        { id: 'by-province', title: '各省金额', kind: 'map', form: FORM, groupBy: { field: 'province' }, measure: { op: 'sum', field: 'amount' } },
      ],
    });

    await resetBrowser(page, app.url);
    try {
      await page.goto(`${app.url}/payment-statistics?tenantCode=DEFAULT`);
      await page.getByRole('heading', { name: '华建工程有限公司 · 公开付款统计' }).waitFor();
      // Published records only: 3 of 4, 157 of 1,157.
      await expect.poll(() => page.locator('[data-panel="count"]').textContent()).toBe('公开数量3');
      await expect.poll(() => page.locator('[data-panel="total"]').textContent()).toBe('金额合计157');
      await page.locator('[data-panel="by-kind"] [data-chart="bar"] canvas').waitFor();
      await page.locator('[data-panel="by-province"] [data-chart="map"] canvas').waitFor();
      // Nothing signed in: no menu, and the page offers 登录.
      expect(await page.getByRole('button', { name: /登\s*录/ }).count()).toBeGreaterThan(0);

      // 报表统计 is shipped private.
      await page.goto(`${app.url}/report-statistics?tenantCode=DEFAULT`);
      await page.getByText('仪表盘不存在或未公开').first().waitFor();
      expect(await page.locator('[data-panel]').count()).toBe(0);
    } finally {
      await useToken(app, page, session.token);
    }
  });
});
