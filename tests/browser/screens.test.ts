import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsSettled, signIn, startBrowserApp, type BrowserApp } from './support/browserApp';
import { cancelDialog, openMenu, resetBrowser, searchMenu, userMenu } from './support/shellActions';

/** Set FW_SCREENSHOTS=1 to refresh docs/screenshots/ from this run. */
const shotsDir = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

let app: BrowserApp;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
});
afterAll(async () => {
  await app?.close();
});

async function shot(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Let antd's enter animations finish so the picture shows the settled screen.
  if (shotsDir) await animationsSettled(page);
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

describe('main screens', () => {
  it('render in Chinese without console errors', async () => {
    // A retry starts signed out, as the first attempt did.
    await resetBrowser(page, app.url);
    await page.goto(`${app.url}/login`);
    await page.locator('h1').waitFor();
    await shot('01-login');
    await signIn(page, app.url, '华建工程有限公司');
    await page.getByText('欢迎').waitFor();
    await page.locator('.ant-card', { hasText: '我的消息' }).getByText('请完善个人资料').waitFor();
    await shot('02-home');
    const screens: [string, string, string, boolean][] = [
      ['用户管理', '用户名称', '03-users', true],
      ['角色管理', '权限字符', '04-roles', true],
      ['部门管理', '部门名称', '05-depts', true],
      ['字典数据', '字典标签', '06-dicts', true],
      ['参数设置', '参数键名', '07-configs', true],
      ['常量管理', '全部常量', '08-constants', true],
      ['操作日志', '系统模块', '14-operlog', false],
      ['表单配置', '英文名', '15-forms', false],
    ];
    for (const [menu, text, name, canAdd] of screens) {
      await openMenu(page, '系统管理', menu);
      await page.locator('.ant-layout-content').getByText(text).first().waitFor();
      await page.locator('.ant-table-row, .ant-empty').first().waitFor();
      if (menu === '常量管理') {
        // 数据类型 reads in Chinese (issue 12: the column showed `string`).
        await expect.poll(() => page.locator('.ant-table-row').first().textContent()).toContain('字符串');
        await expect.poll(() => page.locator('.ant-table-tbody').getByText('string', { exact: true }).count()).toBe(0);
      }
      await shot(name);
      if (!canAdd) continue;
      // Every screen's add dialog opens and closes cleanly too.
      await page.locator('.ant-layout-content').getByRole('button', { name: '新增', exact: true }).first().click();
      await cancelDialog(page, page.locator('.ant-modal-wrap').filter({ visible: true }));
    }
    await openMenu(page, '系统管理', '角色管理');
    await page.locator('.ant-table-row', { hasText: 'staff' }).getByRole('button', { name: '修改' }).click();
    const roleDialog = page.locator('.ant-modal', { hasText: '修改角色' });
    await roleDialog.getByText('操作权限').first().waitFor();
    await shot('13-role-permissions');
    await cancelDialog(page, roleDialog);
    await openMenu(page, '系统管理', '用户管理');
    await page.getByRole('button', { name: '新增' }).click();
    await page.locator('.ant-modal', { hasText: '添加用户' }).waitFor();
    await shot('09-user-dialog');
    await cancelDialog(page, page.locator('.ant-modal', { hasText: '添加用户' }));
    await userMenu(page, '个人中心');
    await page.getByText('个人信息').waitFor();
    await shot('10-profile');
    await userMenu(page, '布局设置');
    await page.getByText('侧边栏主题').waitFor();
    await shot('11-settings');
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
    await searchMenu(page, 'bumen');
    await expect.poll(() => page.locator('input.ant-select-selection-search-input:focus').inputValue()).toBe('bumen');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('部门');
    await page.locator('.ant-select-item-option').first().waitFor();
    await shot('12-menu-search');
    expect(app.errors).toEqual([]);
  });
});
