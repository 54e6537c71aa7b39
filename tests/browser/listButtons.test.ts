/**
 * Custom buttons in the list (issue 17 item 4, spec 01 §2.2, §8): a toolbar button whose warn
 * pre-check lists the records with 继续操作, then the action's result in the list; the row
 * button hidden by rightShowCon once it no longer holds; a failing action shown as a notice; a
 * cell coloured by its field's colorRules; a saved sub-form row kept by a deleteSub check.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFormMenu } from '../../src/server/services/seed/seedMenus';
import { startBrowserApp, type BrowserApp } from './support/browserApp';

const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

const FORM = {
  enName: 'btn_web',
  cnName: '按钮订单',
  fields: [
    { enName: 'title', label: '订单名称', funcType: 'input', required: true },
    { enName: 'amount', label: '金额', funcType: 'number', colorRules: [{ when: '${amount} > 100', color: 'red' }] },
    { enName: 'state', label: '审核状态', funcType: 'input' },
  ],
  buttons: [
    {
      id: 1, name: '审核', topShow: true, rightShow: true, selection: 'multiple', rightShowCon: "${state} != '已审核'",
      checks: [{ when: '${amount} > 100', action: 'warn', errorTips: '订单「${title}」金额超过 100' }],
      actions: [{ kind: 'setValues', values: { state: { expr: "'已审核'" } } }],
    },
    { id: 2, name: '清空名称', topShow: true, selection: 'single', actions: [{ kind: 'setValues', values: { title: '' } }] },
  ],
};

let app: BrowserApp;
let page: Page;
let token: string;
const ids: Record<string, number> = {};

async function api(method: string, url: string, body?: unknown) {
  const res = await app.server.request({ method, url, token, body });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const row = (name: string) => page.locator(`[data-row-key="${ids[name]}"]`);
const cell = (name: string, column: string) => row(name).locator(`[data-column="${column}"]`);

beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  page.setDefaultTimeout(15_000);
  token = await app.server.login('DEFAULT');
  await api('POST', '/api/flowable/form', FORM);
  for (const [title, amount] of [['大单', 500], ['小单', 20]] as const) {
    ids[title] = (await api('POST', '/api/auto/btn_web/add', { formName: 'btn_web', data: { title, amount } })).data.id;
  }
  const tenant = await app.server.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
  await addFormMenu(app.server.db, tenant.id, { enName: 'btn_web', cnName: '按钮订单' });
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: app.url }]);
  await page.goto(`${app.url}/auto/btn_web`);
  await page.locator('[data-testid="record-list"][data-form="btn_web"]').waitFor();
  await row('大单').waitFor();
});
afterAll(async () => {
  await app?.close();
});

describe('custom buttons', () => {
  it('warns with a bullet list and 继续操作, then shows the action result and hides the row button', async () => {
    const toolbarButton = page.getByTestId('list-toolbar').getByRole('button', { name: '审核', exact: true });
    // selection 'multiple': disabled until a row is selected.
    await expect.poll(() => toolbarButton.isDisabled()).toBe(true);
    await expect.poll(() => cell('大单', 'state').innerText()).not.toContain('已审核');
    await expect.poll(() => row('大单').locator('[data-column="$actions"] a', { hasText: '审核' }).count()).toBe(1);
    await row('大单').locator('[aria-label="选择"]').check();
    await row('小单').locator('[aria-label="选择"]').check();
    await toolbarButton.click();
    const dialog = page.locator('.ant-modal-confirm', { hasText: '系统提示' });
    // Only the record over 100 is listed: the rule ran on the server over both.
    await expect.poll(() => dialog.getByTestId('button-check-list').locator('li').allInnerTexts()).toEqual(['订单「大单」金额超过 100']);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-custom-button-warn.png` });
    await dialog.getByRole('button', { name: '继续操作' }).click();
    await expect.poll(() => cell('大单', 'state').innerText()).toBe('已审核');
    await expect.poll(() => cell('小单', 'state').innerText()).toBe('已审核');
    // rightShowCon `${state} != '已审核'` no longer holds: the row button is gone.
    await expect.poll(() => row('大单').locator('[data-column="$actions"] a', { hasText: '审核' }).count()).toBe(0);
  });

  it('colours a cell by its colour rule (item 5)', async () => {
    await expect.poll(() => cell('大单', 'amount').locator('[data-color]').getAttribute('data-color')).toBe('#f5222d');
    expect(await cell('小单', 'amount').locator('[data-color]').count()).toBe(0);
  });

  it('shows a failing action (当前按钮脚本执行异常) as a notice and changes nothing', async () => {
    await page.reload();
    await row('小单').waitFor();
    const box = row('小单').locator('[aria-label="选择"]');
    if (!(await box.isChecked())) await box.check();
    if (await row('大单').locator('[aria-label="选择"]').isChecked()) await row('大单').locator('[aria-label="选择"]').uncheck();
    await page.getByTestId('list-toolbar').getByRole('button', { name: '清空名称', exact: true }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: '当前按钮脚本执行异常' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('订单名称不能为空');
    expect((await api('GET', `/api/auto/btn_web/${ids['小单']}`)).data.title).toBe('小单');
    // The refused call's 400 is logged by Chromium itself; nothing else went wrong on the page.
    expect(app.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });

  it('check/deleteSub: a saved sub-form row under a stop rule stays, with the server text (item 5)', async () => {
    await api('POST', '/api/flowable/form', {
      enName: 'ds_web',
      cnName: '发货单',
      fields: [
        { enName: 'title', label: '单号', funcType: 'input' },
        { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
      ],
      feature: { formChecks: [{ scene: 'deleteSub', subForm: 'lines', when: "${item} == '钢材'", action: 'stop', errorTips: '「${item}」已发货，不能删除' }] },
    });
    const id = (await api('POST', '/api/auto/ds_web/add', { formName: 'ds_web', data: { title: 'D1', lines: [{ item: '钢材' }, { item: '木材' }] } })).data.id;
    await page.goto(`${app.url}/auto/ds_web/${id}`);
    const table = page.getByRole('table', { name: '明细' });
    await table.locator('input[value="钢材"]').waitFor();
    await table.getByRole('button', { name: '删除行' }).first().click();
    const dialog = page.locator('.ant-modal-confirm', { hasText: '「钢材」已发货，不能删除' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    expect(await table.locator('input[value="钢材"]').count()).toBe(1);
    // The row without a holding rule goes at once.
    await table.getByRole('button', { name: '删除行' }).nth(1).click();
    await expect.poll(() => table.locator('input[value="木材"]').count()).toBe(0);
  });
});
