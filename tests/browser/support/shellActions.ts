/** Small helpers over the shell's UI for browser tests. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './browserApp';

/** Click a sidebar entry by its text (opening its group first when needed). */
export async function openMenu(page: Page, group: string, item: string): Promise<void> {
  await openGroup(page, group);
  await page.locator('.ant-layout-sider .ant-menu-item', { hasText: item }).click();
}

/**
 * Opens a sidebar group and waits until its items have finished sliding in: a click on an item
 * still moving can miss it (seen under load), and a group already open is left open.
 */
export async function openGroup(page: Page, group: string): Promise<void> {
  const sider = page.locator('.ant-layout-sider');
  const submenu = sider.locator('.ant-menu-submenu', { has: page.locator('.ant-menu-submenu-title', { hasText: group }) }).first();
  if (!((await submenu.getAttribute('class')) ?? '').includes('ant-menu-submenu-open')) await submenu.locator('.ant-menu-submenu-title').first().click();
  await expect.poll(async () => (await submenu.getAttribute('class')) ?? '').toContain('ant-menu-submenu-open');
  await expect.poll(() => sider.locator('[class*="ant-motion-collapse"]').count()).toBe(0);
}

/**
 * Closes a dialog with its 取消 button and waits until it is gone. The click waits for antd's
 * zoom-in to finish: on a loaded machine a click sent while the dialog still grows lands where
 * the button was a frame earlier, and the dialog stays open.
 */
export async function cancelDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await animationsSettled(page);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The texts of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByRole('tab').allTextContents()).map((t) => t.trim());
}

/** Right-click a tab and choose an entry of its context menu. */
export async function tabMenu(page: Page, tab: string, action: '刷新页面' | '关闭当前' | '关闭其他' | '全部关闭'): Promise<void> {
  await page.getByRole('tab', { name: tab }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action }).click();
}

/** Open the user menu in the header and choose an entry. */
export async function userMenu(page: Page, entry: '个人中心' | '布局设置' | '退出登录'): Promise<void> {
  await page.getByLabel('用户菜单').click();
  await page.locator('.ant-dropdown-menu-item', { hasText: entry }).click();
}

/** The Admin-Token cookie of the browser. */
export async function tokenOf(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'Admin-Token')?.value;
}

/** Forget the session: cookies and storage. */
export async function resetBrowser(page: Page, url: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${url}/404`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Types into the header's menu search. The box loads on the first click (a lazy chunk) and takes
 * focus when it mounts: keys typed before that are lost, so wait for its focused input first.
 */
export async function searchMenu(page: Page, text: string): Promise<void> {
  await page.getByLabel('菜单搜索').click();
  await page.locator('input.ant-select-selection-search-input:focus').waitFor();
  await page.keyboard.type(text);
}
