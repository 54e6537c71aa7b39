/**
 * What a new user saw wrong in lists and form pages (issue 12 items 3, 4, 7, 8, 9, 10, 12), in
 * Chromium on the seeded demo: constant-list labels instead of ids (with no flash of the id on
 * the detail page), cascader paths as labels, full-row dividers, read-only views and voided
 * records, the clamped custom page size, and one display per value in sub-form table and drawer.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSession, type AdminSession } from './support/adminSession';
import type { BrowserApp } from './support/browserApp';
import { item } from './support/formActions';
import { openList as openListOf } from './support/listPages';

let app: BrowserApp;
let page: Page;
let api: AdminSession['api'];
type Row = Record<string, any>;

const rowsOf = async (form: string): Promise<Row[]> => (await api('POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1000 })).rows;
const openList = (form: string) => openListOf(app, page, form);

beforeAll(async () => {
  ({ app, page, api } = await startAdminSession({ timeout: 20_000 }));
}, 300_000);
afterAll(async () => {
  await app?.close();
});

/** The texts of the rendered body cells of a column. */
const columnTexts = (key: string) => page.locator(`[data-row-key] [data-column="${key}"]`).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
// Buttons with a text (the keyword box's search button is an icon).
const toolbarButtons = () => page.getByTestId('list-toolbar').locator('button').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, '')).filter(Boolean));
const rowActions = (id: unknown) => page.locator(`[data-row-key="${id}"] [data-column="$actions"] a`).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

describe('labels instead of stored codes', () => {
  it('shows the 级别 of both stock-in lists as 一级/二级/三级/等外, never the constant ids', async () => {
    const labels = ['一级', '二级', '三级', '等外'];
    for (const form of ['auto_tzbk_btgl_btrk', 'auto_tzbk_btgl_wgbtrk']) {
      const rows = await rowsOf(form);
      expect(rows.some((r) => r.jb != null)).toBe(true);
      await openList(form);
      await expect.poll(async () => (await columnTexts('jb')).filter((t) => t !== '').length).toBeGreaterThan(0);
      await expect.poll(async () => (await columnTexts('jb')).every((t) => t === '' || labels.includes(t))).toBe(true);
    }
  });

  it('the detail page shows 级别 as its label without ever showing the id first', async () => {
    const row = (await rowsOf('auto_tzbk_btgl_btrk')).find((r) => r.jb != null) as Row;
    // Record every text the page ever shows that looks like a constant id of 级别 (4534–4537).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __ids: string[] }).__ids = seen;
      new MutationObserver(() => {
        for (const el of Array.from(document.querySelectorAll('.ant-formily-item-control'))) {
          const t = (el.textContent ?? '').trim();
          if (/^453[4-7]$/.test(t)) seen.push(t);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${app.url}/auto/auto_tzbk_btgl_btrk/detail${row.id}`);
    await expect.poll(async () => (await item(page, '级别').locator('.ant-formily-item-control').textContent())?.trim()).toMatch(/^(一级|二级|三级|等外)$/);
    expect(await page.evaluate(() => (window as unknown as { __ids: string[] }).__ids)).toEqual([]);
  });

  it('shows cascader paths as labels joined with " / " (普通货品 货品分类, 采购申请 物资类别)', async () => {
    await openList('auto_pthp');
    await expect.poll(async () => (await columnTexts('category')).filter((t) => t.includes(' / ')).length).toBeGreaterThan(0);
    const goods = await columnTexts('category');
    expect(goods.filter((t) => t !== '').every((t) => /^(钢材|五金) \/ (螺纹钢|盘圆|型钢|紧固件|工具)$/.test(t))).toBe(true);
    await openList('purchase_request');
    await expect.poll(async () => (await columnTexts('category')).filter((t) => t !== '').length).toBeGreaterThan(0);
    const requests = await columnTexts('category');
    expect(requests.some((t) => /^(建筑材料|机械设备) \/ /.test(t))).toBe(true);
    expect(requests.join(' ')).not.toMatch(/[a-z]/);
  });
});

describe('form layout', () => {
  it('puts the 付款与附件 divider and the 基本信息 title on a row of their own, in add, edit and detail', async () => {
    const id = (await rowsOf('contract_ledger'))[0].id;
    for (const path of ['/auto/contract_ledger/add', `/auto/contract_ledger/${id}`, `/auto/contract_ledger/detail${id}`]) {
      await page.goto(`${app.url}${path}`);
      const grid = page.locator('.fw-record-form .ant-formily-grid-layout').first();
      await grid.waitFor();
      const divider = page.locator('.ant-divider', { hasText: '付款与附件' });
      await divider.waitFor();
      const title = page.locator('.fw-group-title', { hasText: '基本信息' });
      await expect.poll(async () => {
        const g = await grid.boundingBox();
        const d = await divider.boundingBox();
        const t = await title.boundingBox();
        if (!g || !d || !t) return 'not laid out';
        const full = (b: { x: number; width: number }) => Math.abs(b.x - g.x) < 2 && b.width > g.width * 0.95;
        return `${path}: divider ${full(d) ? 'full' : 'partial'}, title ${full(t) ? 'full' : 'partial'}`;
      }).toBe(`${path}: divider full, title full`);
    }
  });
});

describe('read-only data', () => {
  it('a type-2 view offers only 详情 and 导出, and its pages are read-only', async () => {
    const view = await rowsOf('contract_payment_view');
    await openList('contract_payment_view');
    // Views are read-only: detail and export stay (issue 12 item 8), 导入 and every write go.
    await expect.poll(toolbarButtons).toEqual(['详情', '导出']);
    await expect.poll(() => rowActions(view[0].id)).toEqual(['详情']);
    await page.goto(`${app.url}/auto/contract_payment_view/${view[0].id}`);
    await page.getByTestId('form-read-only').getByText('视图数据为只读，不能修改').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /(^|\s)保\s*存$/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.fw-record-form input:not([disabled]):not([readonly])').count()).toBe(0);
  });

  it('a voided record keeps 详情 and 删除 but loses 修改 and 作废, and its edit page is read-only', async () => {
    const uuid = (await api('GET', '/api/auto/uuid/get')).data;
    const id = (await api('POST', '/api/auto/auto_pthp/add', { formName: 'auto_pthp', data: { goods_code: 'VOID-01', goods_name: '作废后只读货品' }, uuid })).data.id;
    await api('POST', '/api/auto/auto_pthp/invalid/', [id]);
    await openList('auto_pthp');
    await page.locator(`[data-row-key="${id}"]`).waitFor();
    await expect.poll(() => rowActions(id)).toEqual(['详情', '删除']);
    await page.locator(`[data-row-key="${id}"] [aria-label="选择"]`).check();
    const toolbar = page.getByTestId('list-toolbar');
    await expect.poll(() => toolbar.getByRole('button', { name: /^修\s*改$/ }).isDisabled()).toBe(true);
    await expect.poll(() => toolbar.getByRole('button', { name: /作\s*废/ }).isDisabled()).toBe(true);
    await expect.poll(() => toolbar.getByRole('button', { name: /删\s*除/ }).isDisabled()).toBe(false);
    await expect.poll(() => toolbar.getByRole('button', { name: /详\s*情/ }).isDisabled()).toBe(false);

    await page.goto(`${app.url}/auto/auto_pthp/${id}`);
    await page.getByTestId('form-read-only').getByText('已作废的数据不能修改').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /(^|\s)保\s*存$/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.fw-record-form input:not([disabled]):not([readonly])').count()).toBe(0);
  });
});

describe('custom page size', () => {
  it('clamps 5000 to 1000, applies it and says so', async () => {
    await openList('auto_pthp');
    const sizeBox = page.getByLabel('自定义每页条数');
    await sizeBox.fill('5000');
    await sizeBox.press('Enter');
    await page.locator('.ant-message').getByText('每页条数须在1到1000之间，已按1000条显示').waitFor();
    await expect.poll(() => page.getByTestId('list-pager').locator('.ant-pagination-options-size-changer .ant-select-selection-item').textContent()).toBe('1000 条/页');
    await expect.poll(() => sizeBox.inputValue()).toBe('1000');
    await sizeBox.fill('7');
    await sizeBox.press('Enter');
    await expect.poll(() => page.locator('[data-row-key]').count()).toBe(7);
  });
});

describe('one display per value', () => {
  it('a sub-form row reads the same in the detail table and in 查看明细; empty and hidden dates both show -', async () => {
    const contracts = await rowsOf('contract_ledger');
    let target: { id: number; payments: Row[] } | undefined;
    for (const c of contracts) {
      const d = (await api('GET', `/api/auto/contract_ledger/${c.id}`)).data;
      if ((d.payments ?? []).some((p: Row) => !p.paid) && (d.payments ?? []).some((p: Row) => p.paid)) { target = { id: c.id, payments: d.payments }; break; }
    }
    expect(target).toBeDefined();
    const { id, payments } = target as { id: number; payments: Row[] };
    await page.goto(`${app.url}/auto/contract_ledger/detail${id}`);
    const table = page.locator('.fw-subform table');
    await table.locator('tr.fw-subform-row').first().waitFor();
    const headers = await table.getByRole('columnheader').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
    const tableCells = () => table.locator('tr.fw-subform-row').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    const col = (name: string) => headers.indexOf(name);
    const unpaid = payments.findIndex((p) => !p.paid);
    const ratio = payments[0].pay_ratio as number;
    await expect.poll(async () => (await tableCells())[0]?.[col('付款比例')]).toBe(`${ratio.toFixed(2)}%`);
    await expect.poll(async () => (await tableCells())[unpaid]?.[col('实际付款日期')]).toBe('-');
    const inTable = await tableCells();

    await page.getByRole('button', { name: '查看明细' }).click();
    const drawer = page.locator('.ant-drawer-content', { has: page.locator('.ant-drawer-title', { hasText: /^搜索$/ }) });
    await drawer.locator('tr.ant-table-row').first().waitFor();
    const drawerHeaders = await drawer.locator('.ant-table-thead th').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
    const drawerCells = await drawer.locator('tr.ant-table-row').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
    for (const name of ['计划付款日期', '付款比例', '付款金额', '实际付款日期']) {
      const a = inTable.map((r) => r[col(name)]);
      const b = drawerCells.map((r) => r[drawerHeaders.indexOf(name)]);
      expect([name, b]).toEqual([name, a]);
    }
  });
});
