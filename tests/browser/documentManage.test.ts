/**
 * 文档管理 (issue 34 item 1), one full cycle in a real browser: new folders, a file dropped onto
 * the drag-upload area, moving it to another folder through the tree picker, and granting a user
 * download on it in the permission dialog. Names are unique, so a retry meets no earlier state.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAdminPage } from './support/adminSession';
import { animationsSettled, type BrowserApp } from './support/browserApp';
import { openMenu } from './support/shellActions';

let app: BrowserApp;
let page: Page;
useAdminPage((s) => ({ app, page } = s));

const toolbar = (name: string) => page.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });
const tree = () => page.getByTestId('resource-tree');
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

async function openDialog(title: string | RegExp): Promise<Locator> {
  const dialog = page.locator('.ant-modal', { hasText: title });
  await dialog.waitFor();
  await animationsSettled(page);
  return dialog;
}

async function newFolder(name: string): Promise<void> {
  await toolbar('新建文件夹').click();
  const dialog = await openDialog('新建文件夹');
  await dialog.getByPlaceholder('请输入名称').fill(name);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await tree().getByText(name, { exact: true }).waitFor();
}

describe('document library', () => {
  it('creates folders, uploads by drag and drop, moves the file and grants a user download on it', async () => {
    const suffix = Date.now().toString(36);
    const source = `项目资料${suffix}`;
    const archive = `归档${suffix}`;
    const fileName = `施工方案${suffix}.txt`;
    await page.goto(`${app.url}/index`);
    await openMenu(page, '系统管理', '文档管理');
    await tree().getByText('全部文档').waitFor();
    await newFolder(source);
    await tree().getByText('全部文档').click();
    await newFolder(archive);

    // Into the first folder, and drop a file onto the drag area.
    await tree().getByText(source, { exact: true }).click();
    await expect.poll(() => page.getByTestId('resource-path').textContent()).toContain(source);
    await toolbar('上传').click();
    const upload = await openDialog(`上传到：${source}`);
    const area = upload.locator('.ant-upload-drag .ant-upload-btn');
    const dropped = await page.evaluateHandle((name) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['第一版施工方案'], name, { type: 'text/plain' }));
      return dt;
    }, fileName);
    await area.dispatchEvent('dragenter', { dataTransfer: dropped });
    await area.dispatchEvent('dragover', { dataTransfer: dropped });
    await area.dispatchEvent('drop', { dataTransfer: dropped });
    await upload.locator('.ant-upload-list-item-done', { hasText: fileName }).waitFor();
    await upload.locator('.ant-modal-close').click();
    await upload.waitFor({ state: 'hidden' });
    const row = rows().filter({ hasText: fileName });
    await expect.poll(() => row.textContent()).toContain('V1');

    // Move it to the other folder through the target picker.
    await row.locator('.ant-checkbox-input').check();
    await toolbar('移动').click();
    const move = await openDialog('移动 1 项');
    await move.locator('.ant-select-selector').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: archive }).click();
    await move.getByRole('button', { name: /确\s*定/ }).click();
    await move.waitFor({ state: 'hidden' });
    await expect.poll(() => rows().filter({ hasText: fileName }).count()).toBe(0);
    await tree().getByText(archive, { exact: true }).click();
    const moved = rows().filter({ hasText: fileName });
    await moved.waitFor();

    // Grant 张工 download on the file in the permission dialog; it is there when the dialog opens again.
    await moved.locator('.ant-checkbox-input').check();
    await toolbar('权限').click();
    let perms = await openDialog(`权限设置：${fileName}`);
    await perms.getByRole('button', { name: '添加授权' }).click();
    const entry = perms.getByTestId('resource-entry').last();
    await entry.locator('.ant-select', { hasText: '请选择人员' }).click();
    await page.keyboard.type('张工');
    await page.locator('.ant-select-item-option', { hasText: '张工（staff）' }).click();
    await entry.locator('.ant-select', { hasText: '查看' }).click();
    await page.locator('.ant-select-item-option', { hasText: '下载' }).last().click();
    await perms.getByRole('button', { name: /确\s*定/ }).click();
    await perms.waitFor({ state: 'hidden' });
    await page.getByText('保存成功').first().waitFor();

    await toolbar('权限').click();
    perms = await openDialog(`权限设置：${fileName}`);
    const saved = perms.getByTestId('resource-entry');
    await expect.poll(() => saved.count()).toBe(1);
    await expect.poll(() => saved.textContent()).toContain('张工（staff）');
    await expect.poll(() => saved.textContent()).toContain('下载');
    expect(app.errors).toEqual([]);
  });
});
