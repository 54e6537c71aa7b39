/**
 * Spec 02 §6: elements requiring a permission are removed when the user holds none of them.
 * The seeded staff role may list departments but not add, edit or delete them; admin may.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, type BrowserApp } from './support/browserApp';
import { useSignedOutPage } from './support/adminSession';
import { openMenu } from './support/shellActions';

let app: BrowserApp;
let page: Page;
useSignedOutPage((s) => ({ app, page } = s));

/** Buttons named `name` anywhere in the departments screen. */
function buttons(p: Page, name: string) {
  return p.locator('.ant-layout-content').getByRole('button', { name, exact: true });
}

describe('administration buttons follow permissions', () => {
  it('staff sees the department tree without 新增 / 修改 / 删除', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await openMenu(page, '系统管理', '部门管理');
    await page.locator('.ant-table-row', { hasText: '工程管理部' }).first().waitFor();
    await expect.poll(() => buttons(page, '新增').count()).toBe(0);
    await expect.poll(() => buttons(page, '修改').count()).toBe(0);
    await expect.poll(() => buttons(page, '删除').count()).toBe(0);
    // The screen still offers what the role may do: search.
    await expect.poll(() => buttons(page, '搜索').count()).toBe(1);
  });

  it('admin sees them on the same screen', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'admin');
    await openMenu(page, '系统管理', '部门管理');
    await page.locator('.ant-table-row', { hasText: '工程管理部' }).first().waitFor();
    await expect.poll(() => buttons(page, '新增').count()).toBeGreaterThan(1);
    await expect.poll(() => buttons(page, '修改').count()).toBeGreaterThan(0);
    await expect.poll(() => buttons(page, '删除').count()).toBeGreaterThan(0);
  });
});
