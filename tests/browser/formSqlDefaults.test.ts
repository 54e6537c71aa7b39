/**
 * SQL defaults on the add page (spec 01 §7 init/by/sql): a field with `defaultType: 'sql'` shows
 * the value the server's statement gives when the page opens, the user may change it, and what
 * is saved is what the page shows.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, item } from './support/formActions';
import { startAdminSession } from './support/adminSession';

let app: BrowserApp;
let page: Page;
let token: string;
const call = <T = any>(method: string, url: string, body?: unknown) => api<T>(app, token, method, url, body);

beforeAll(async () => {
  ({ app, page, token } = await startAdminSession());
  await call('POST', '/api/flowable/form', { enName: 'sqlui_codes', cnName: '编号登记', fields: [{ enName: 'code', label: '编号', funcType: 'input' }] });
  await call('POST', '/api/flowable/form', {
    enName: 'sqlui_form', cnName: 'SQL默认值',
    fields: [
      { enName: 'title', label: '标题', funcType: 'input', required: true },
      { enName: 'next_no', label: '下一个序号', funcType: 'number', defaultType: 'sql', defaultValue: '$sql(SELECT count(*) + 1 FROM sqlui_codes)' },
    ],
  });
  for (const code of ['A1', 'B2']) await call('POST', '/api/auto/sqlui_codes/add', { data: { code } });
});
afterAll(async () => {
  await app?.close();
});

describe('a SQL default on the add page', () => {
  it('shows the server’s value when the page opens, and saves what the page shows', async () => {
    await page.goto(`${app.url}/auto/sqlui_form/add`);
    const form = page.locator('.fw-record-form');
    const number = item(form, '下一个序号').locator('input');
    await expect.poll(() => number.inputValue()).toBe('3');
    await item(form, '标题').locator('input').fill('第三份');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect.poll(async () => (await call('POST', '/api/auto/sqlui_form/list', { pageNum: 1, pageSize: 10 })).rows.map((r: any) => [r.title, r.next_no])).toEqual([['第三份', 3]]);
  });
});
