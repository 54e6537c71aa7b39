/**
 * 角色管理's 数据权限 (issue 35) in Chromium: a new role gets 自定数据权限 with a department
 * checked in the tree; reopened, the tree shows it checked (roleDeptTreeselect); switched to
 * 仅本人数据权限, the tree goes and the server keeps no department. Rules are in
 * tests/api/records/dataScope.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startAdminSession, type AdminSession } from './support/adminSession';
import type { BrowserApp } from './support/browserApp';
import { animationsSettled } from './support/browserApp';
import { openMenu } from './support/shellActions';

let app: BrowserApp;
let page: Page;
let api: AdminSession['api'];

beforeAll(async () => {
  ({ app, page, api } = await startAdminSession({ timeout: 20_000 }));
});
afterAll(async () => {
  await app?.close();
});

/**
 * Picks `text` in the dialog's 数据权限 select; opens the list again when a click was lost to an
 * animation (a spinner of the table behind can keep the page from settling).
 */
async function chooseScope(dialog: Locator, text: string): Promise<void> {
  const item = dialog.locator('.ant-form-item', { hasText: '数据权限' });
  const chosen = () => item.locator('.ant-select-selection-item').innerText();
  await expect.poll(async () => {
    if ((await chosen()) === text) return text;
    await item.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).click({ timeout: 3_000 }).catch(() => undefined);
    return chosen();
  }, { timeout: 20_000 }).toBe(text);
}

describe('角色管理 数据权限', () => {
  it('sets a custom department scope, shows it again, and changes it to 仅本人', async () => {
    // Unique per attempt, so a retry never meets the first attempt's role.
    const key = `ds${Date.now().toString(36)}`;
    const depts = (await api('GET', '/api/system/dept/list')).data as { deptId: number; deptName: string }[];
    const p1 = depts.find((d) => d.deptName === '项目一部')!.deptId;
    await page.goto(`${app.url}/index`);
    await openMenu(page, '系统管理', '角色管理');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '添加角色' });
    await dialog.waitFor();
    await animationsSettled(page);
    await dialog.getByLabel('角色名称').fill(`范围${key}`);
    await dialog.getByLabel('权限字符').fill(key);
    await chooseScope(dialog, '自定数据权限');
    const tree = dialog.getByTestId('role-dept-tree');
    await tree.getByText('项目一部').waitFor();
    await tree.locator('.ant-tree-treenode', { hasText: '项目一部' }).locator('.ant-tree-checkbox').click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = async () => ((await api('GET', `/api/system/role/list?roleKey=${key}`)).rows[0]);
    await expect.poll(async () => (await stored())?.dataScope).toBe('2');
    expect((await stored()).deptIds).toEqual([p1]);

    // Reopened: the department is checked again; 仅本人 hides the tree and clears the departments.
    await page.locator('.ant-table-row', { hasText: key }).getByRole('button', { name: '修改' }).click();
    const edit = page.locator('.ant-modal', { hasText: '修改角色' });
    await edit.waitFor();
    await expect.poll(() => edit.getByTestId('role-dept-tree').locator('.ant-tree-treenode-checkbox-checked').allInnerTexts()).toEqual(['项目一部']);
    await chooseScope(edit, '仅本人数据权限');
    await expect.poll(() => edit.getByTestId('role-dept-tree').count()).toBe(0);
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await stored()).dataScope).toBe('5');
    expect((await stored()).deptIds).toEqual([]);
  });
});
