/**
 * The schema preview (/preview) in Chromium: every fixture of fixtures/forms renders its form in
 * every mode and its list columns without a console error; a pasted definition shows its problems.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { startAdminSession } from './support/adminSession';

/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/. */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;
const FIXTURES = resolve(import.meta.dirname, '../../fixtures/forms');
const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).map((f) => ({ name: f.replace(/\.json$/, ''), def: JSON.parse(readFileSync(resolve(FIXTURES, f), 'utf8')) }));

let app: BrowserApp;
let page: Page;

beforeAll(async () => {
  ({ app, page } = await startAdminSession());
  await page.goto(`${app.url}/preview`);
  await page.getByRole('combobox', { name: '选择示例定义' }).waitFor();
});
afterAll(async () => {
  await app?.close();
});

describe('schema preview', () => {
  it('renders every fixture in add, edit, detail and flow mode with its list columns, without console errors', async () => {
    for (const { name, def } of fixtures) {
      await page.getByRole('combobox', { name: '选择示例定义' }).click({ force: true });
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `（${name}）` }).click();
      // The preview re-mounts for the new definition: a mode click before that lands on the old one.
      await expect.poll(() => page.locator('.fw-preview .ant-card-head-title', { hasText: `${def.cnName} · ` }).count(), { timeout: 15_000 }).toBe(1);
      for (const mode of ['新增', '编辑', '详情', '流程']) {
        await page.locator('.ant-segmented-item', { hasText: mode }).click();
        await expect.poll(() => page.locator('.fw-preview .ant-card-head-title', { hasText: `${def.cnName} · ${mode}` }).count(), { timeout: 15_000 }).toBe(1);
        const labels = async () => (await page.locator('.fw-record-form .ant-formily-item-label').allTextContents()).join('|');
        const firstValued = def.fields.find((f: any) => !['groupTitle', 'divider', 'button', 'qrCode'].includes(f.funcType) && !f.hideCondition && f.isShow !== false);
        if (firstValued) await expect.poll(labels).toContain(firstValued.label);
      }
      const headers = async () => (await page.locator('.fw-preview .ant-table-thead th').allTextContents()).join('|');
      await expect.poll(headers).toContain(def.fields.find((f: any) => !['groupTitle', 'divider'].includes(f.funcType)).label);
      if (SHOTS && name === 'purchase_request') await page.screenshot({ path: `${SHOTS}/form-preview.png`, fullPage: true });
    }
    expect(app.errors).toEqual([]);
  });

  it('shows the problems of a pasted definition', async () => {
    await page.getByRole('textbox', { name: '表单定义 JSON' }).fill(JSON.stringify({ enName: 'Bad Name', cnName: '坏', fields: [{ enName: 'a', label: 'A', funcType: 'nope' }] }));
    await expect.poll(() => page.locator('.fw-preview-problems li').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.fw-preview-problems').textContent()).toContain('表单英文名');
    await page.getByRole('textbox', { name: '表单定义 JSON' }).fill('{ not json');
    await expect.poll(() => page.locator('.fw-preview-problems').textContent()).toContain('JSON 格式错误');
  });
});
