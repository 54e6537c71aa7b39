/**
 * 菜单管理 in Chromium (issue 19 item 3): the administrator adds a form-list menu (component Auto)
 * for a form under 业务表单, sees it in the sidebar at once, and opens the list through it.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startBrowserApp, type BrowserApp } from './support/browserApp';
import { openGroup, openMenu, resetBrowser } from './support/shellActions';

/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/. */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

const FORM = { enName: 'mn_web', cnName: '巡检记录', fields: [{ enName: 'title', label: '巡检项目', funcType: 'input' }] };

let app: BrowserApp;
let page: Page;
let token: string;

async function api(method: string, url: string, body?: unknown) {
  const res = await app.server.request({ method, url, token, body });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  page.setDefaultTimeout(15_000);
  token = await app.server.login('DEFAULT');
  await api('POST', '/api/flowable/form', FORM);
  await api('POST', '/api/auto/mn_web/add', { formName: 'mn_web', data: { title: '一号泵房' } });
});
afterAll(async () => {
  await app?.close();
});

describe('菜单管理', () => {
  it('adds an Auto menu for a form; the sidebar shows it and opens the list', async () => {
    // A retry starts signed out, as the first attempt did.
    await resetBrowser(page, app.url);
    await signIn(page, app.url, '华建工程有限公司');
    await openMenu(page, '系统管理', '菜单管理');
    const business = page.locator('tr.ant-table-row', { hasText: '业务表单' }).first();
    await business.waitFor();
    await business.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '添加菜单' });
    await dialog.waitFor();
    // A new menu under a directory is a 菜单 (C) of kind 表单列表 with 同时生成按钮权限 ticked.
    await expect.poll(() => dialog.getByRole('radio', { name: '菜单', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => dialog.getByRole('radio', { name: '表单列表' }).isChecked()).toBe(true);
    // Search as a user does: the dropdown is a virtual list, and with the demo's forms this
    // form's option is below the rows it draws.
    await dialog.locator('#menuDialog_formName').click({ force: true });
    await dialog.locator('#menuDialog_formName').fill('mn_web');
    await page.locator('.ant-select-item-option', { hasText: '巡检记录 (mn_web)' }).click();
    await expect.poll(() => dialog.locator('#menuDialog_menuName').inputValue()).toBe('巡检记录');
    await expect.poll(() => dialog.locator('#menuDialog_path').inputValue()).toBe('/auto/mn_web');
    await dialog.locator('#menuDialog_icon').click({ force: true });
    await dialog.locator('#menuDialog_icon').fill('tool');
    await page.locator('.ant-select-item-option', { hasText: /^tool$/ }).first().click();
    await expect.poll(() => dialog.getByRole('checkbox').isChecked()).toBe(true);
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/menus-dialog.png` });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The tree shows the new menu with its button entries.
    const row = page.locator('tr.ant-table-row', { hasText: '巡检记录' });
    await row.first().waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: 'auto:mn_web:export' }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/menus.png` });

    // The sidebar took the change without a reload; the entry opens the list.
    await openGroup(page, '业务表单');
    await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '巡检记录' }).click();
    await page.locator('[data-testid="record-list"][data-form="mn_web"]').waitFor();
    await page.locator('[data-row-key]', { hasText: '一号泵房' }).first().waitFor();
    await expect.poll(() => page.url()).toMatch(/\/auto\/mn_web/);

    // The server answers the same menu to the next getRouters of any session.
    const menus = (await api('GET', '/api/system/menu/list')).data as { menuName: string; formName: string; icon: string }[];
    expect(menus.find((m) => m.formName === 'mn_web')).toMatchObject({ menuName: '巡检记录', icon: 'tool' });
  });
});
