/**
 * Export and import from the list toolbar in Chromium (spec 01 §2.4, §2.5; issue 14): the 导出选择
 * choices, the job's progress and the download of the selected rows or of the whole search; the
 * import dialog's template and sub-form template, the parse preview, the error report and the
 * success message. Downloaded files are read back with SheetJS, independent of the writer.
 */
import type { Download, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFormMenus, startAdminSession, type AdminSession } from './support/adminSession';
import { downloadBytes, type BrowserApp } from './support/browserApp';
import { openList as openListOf } from './support/listPages';

const FORM = {
  enName: 'io_web',
  cnName: '网页订单',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] },
    { enName: 'files', label: '附件', funcType: 'upload' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'price', label: '单价', funcType: 'number' },
    ] },
  ],
};

let app: BrowserApp;
let page: Page;
let api: AdminSession['api'];
const ids: number[] = [];

async function sheetRows(download: Download): Promise<Record<string, unknown[][]>> {
  const wb = XLSX.read(await downloadBytes(download));
  return Object.fromEntries(wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json(wb.Sheets[n], { header: 1, defval: null }) as unknown[][]]));
}

function workbook(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const openList = () => openListOf(app, page, 'io_web');

beforeAll(async () => {
  ({ app, page, api } = await startAdminSession({ timeout: 15_000 }));
  await api('POST', '/api/flowable/form', FORM);
  for (const [i, t] of ['一号单', '二号单', '三号单'].entries()) {
    ids.push((await api('POST', '/api/auto/io_web/add', { formName: 'io_web', data: { title: t, amount: (i + 1) * 10, kind: i % 2 ? 'b' : 'a', lines: [{ item: `件${i}`, price: i }] } })).data.id);
  }
  await addFormMenus(app, FORM);
});
afterAll(async () => {
  await app?.close();
});

describe('export from the list', () => {
  it('offers main fields and sub-forms (no file fields without enableExportFile), shows progress and downloads the selected rows by line', async () => {
    await openList();
    await page.locator(`[data-row-key="${ids[1]}"] [aria-label="选择"]`).check();
    await page.getByRole('button', { name: '导出', exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: '导出选择' });
    await dialog.getByTestId('export-choices').waitFor();
    // The width as set (a bounding box would catch the opening animation's scale).
    expect(await dialog.evaluate((el) => getComputedStyle(el).width)).toBe('520px');
    await dialog.getByText('将导出选中的 1 条数据').waitFor();
    const main = dialog.getByTestId('export-group-main');
    expect(await main.locator('.ant-checkbox-group .ant-checkbox-wrapper').allInnerTexts()).toEqual(['标题', '金额', '类别', '状态', '记录ID']);
    const sub = dialog.getByTestId('export-group-lines');
    expect(await sub.locator('.ant-checkbox-group .ant-checkbox-wrapper').allInnerTexts()).toEqual(['品名', '单价']);
    expect(await dialog.getByRole('button', { name: '取 消' }).isVisible()).toBe(true);
    // Only 标题 of the main form, the whole sub-form, one line per sub-row.
    await main.getByText('金额').click();
    await main.getByText('类别').click();
    await main.getByText('状态').click();
    await main.getByText('记录ID').click();
    await sub.getByText('明细').click();
    await dialog.getByRole('switch', { name: '按行导出' }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByTestId('export-progress').waitFor();
    await dialog.locator('.ant-progress').waitFor();
    await dialog.getByText('导出完成，共 1 条数据').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载文件' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^网页订单_\d{14}\.xlsx$/);
    expect(Object.values(await sheetRows(download))[0]).toEqual([['标题', '明细-品名', '明细-单价'], ['二号单', '件1', 1]]);
    await dialog.getByRole('button', { name: '关 闭' }).click();
  });

  it('exports every row of the current search when nothing is selected', async () => {
    await openList();
    await page.getByRole('button', { name: '导出', exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: '导出选择' });
    await dialog.getByText('将导出当前查询条件下的全部数据').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('导出完成，共 3 条数据').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载文件' }).click()]);
    const rows = Object.values(await sheetRows(download))[0];
    // 状态 is exported by default (issue 27 item 4), and 记录ID on a form without a serial number (item 2).
    expect(rows[0]).toEqual(['标题', '金额', '类别', '状态', '记录ID']);
    expect(rows.slice(1)).toEqual([['三号单', 30, '甲', '已审核', ids[2]], ['二号单', 20, '乙', '已审核', ids[1]], ['一号单', 10, '甲', '已审核', ids[0]]]);
  });
});

describe('import into the list', () => {
  it('gives the templates, previews a file, reports a bad one, and imports a good one', async () => {
    await openList();
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: '网页订单导入' });
    await dialog.getByText('提示：仅允许导入“xls”或“xlsx”格式文件！').waitFor();
    expect(await dialog.evaluate((el) => getComputedStyle(el).width)).toBe('400px');

    const [tpl] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载模板' }).click()]);
    const tplSheets = await sheetRows(tpl);
    expect(Object.values(tplSheets)[0][0]).toEqual(['*标题', '金额', '类别', '附件']);
    // The sub-form's sheet follows, keyed by the main row's ordinal.
    expect(tplSheets['明细']?.[0]).toEqual(['主表序号', '品名', '单价']);
    await dialog.getByRole('button', { name: '子表单模板' }).click();
    const picker = dialog.getByTestId('subform-template-picker');
    await picker.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '明细' }).click();
    const [subTpl] = await Promise.all([page.waitForEvent('download'), picker.getByRole('button', { name: '下载' }).click()]);
    expect(Object.values(await sheetRows(subTpl))[0][0]).toEqual(['主表序号', '品名', '单价']);
    await picker.getByRole('button', { name: '取消' }).click();

    // A bad file: the problems, the error report, and 确 定 stays off.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/octet-stream', buffer: workbook([['标题', '金额', '类别'], ['坏单', 'abc', '丙']]) });
    const preview = dialog.getByTestId('import-preview');
    await preview.getByText('第 2 行「金额」：「金额」须为数字').waitFor();
    await preview.getByText('第 2 行「类别」：「类别」没有选项“丙”').waitFor();
    expect(await dialog.getByRole('button', { name: '确 定' }).isDisabled()).toBe(true);
    const [report] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: '下载错误报告' }).click()]);
    expect(Object.values(await sheetRows(report))[0]).toContainEqual([2, '金额', 'abc', '「金额」须为数字']);

    // A good file: its rows previewed, then imported, and the list shows them.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: workbook([['标题', '金额', '类别'], ['导入一', 5, '乙'], ['导入二', 6, '甲']]) });
    await preview.getByText('解析成功，共 2 条数据').waitFor();
    await preview.locator('.ant-table-row', { hasText: '导入一' }).waitFor();
    await dialog.getByRole('button', { name: '确 定' }).click();
    const result = page.locator('.ant-modal', { hasText: '导入结果' });
    await result.getByText('成功导入 2 条数据').waitFor();
    await result.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('[data-row-key]').count(), { timeout: 15_000 }).toBe(5);
    await page.locator('[data-row-key]', { hasText: '导入二' }).waitFor();
  });

  it('新增或更新 by 记录ID: the parse says how many rows add and how many update, and the import does so (issue 27 item 2)', async () => {
    await openList();
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.locator('.ant-modal', { hasText: '网页订单导入' });
    await dialog.getByTestId('import-mode').waitFor();
    await dialog.getByTestId('import-mode').getByText('新增或更新').click();
    // No serial number on this form: the key is the record id the export writes.
    await expect.poll(() => dialog.locator('[data-testid="import-mode"] .ant-select-selection-item').innerText()).toBe('记录ID');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'upsert.xlsx', mimeType: 'application/octet-stream', buffer: workbook([['标题', '金额', '类别', '记录ID'], ['一号单改', 11, '甲', ids[0]], ['新增单', 7, '乙', null]]) });
    const preview = dialog.getByTestId('import-preview');
    await preview.getByText('解析成功，共 2 条数据：新增 1 条，更新 1 条').waitFor();
    await dialog.getByRole('button', { name: '确 定' }).click();
    const result = page.locator('.ant-modal', { hasText: '导入结果' });
    await result.getByText('成功导入 2 条数据：新增 1 条，更新 1 条').waitFor();
    await result.getByRole('button', { name: '确定' }).click();
    await page.locator(`[data-row-key="${ids[0]}"]`, { hasText: '一号单改' }).waitFor();
    await page.locator('[data-row-key]', { hasText: '新增单' }).waitFor();
    await expect.poll(() => page.locator('[data-row-key]', { hasText: '一号单' }).count()).toBe(1);
  });
});
