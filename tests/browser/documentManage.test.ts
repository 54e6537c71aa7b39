/**
 * 文档管理 (issue 34 item 1), one full cycle in a real browser: new folders, a file dropped onto
 * the drag-upload area, moving it to another folder through the tree picker, and granting a user
 * download on it in the permission dialog; then the office actions: 预览 of a docx as the server's
 * PDF in the built-in viewer, no 在线编辑 without ONLYOFFICE, and 合并下载 of a docx and a PDF into
 * one PDF (LibreOffice; read back with pdfjs-dist). Names are unique, so a retry meets no earlier state.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAdminPage } from './support/adminSession';
import { animationsSettled, downloadBytes, type BrowserApp } from './support/browserApp';
import { openMenu } from './support/shellActions';
import { docxWithText, pdfPageTexts, pdfWithText, sofficeInstalled } from '../api/support/officeSamples';

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

/** The merge converts the docx with LibreOffice; without soffice that case cannot mean anything. */
const hasSoffice = sofficeInstalled('documentManage.test.ts');

/** Drops `files` (name → bytes) onto the open upload dialog's drag area and waits until each is done. */
async function dropFiles(upload: Locator, files: Record<string, Buffer>): Promise<void> {
  const area = upload.locator('.ant-upload-drag .ant-upload-btn');
  const dropped = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const [name, b64] of list) dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name));
    return dt;
  }, Object.entries(files).map(([name, bytes]) => [name, bytes.toString('base64')] as const));
  for (const type of ['dragenter', 'dragover', 'drop']) await area.dispatchEvent(type, { dataTransfer: dropped });
  for (const name of Object.keys(files)) await upload.locator('.ant-upload-list-item-done', { hasText: name }).waitFor();
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

  it.skipIf(!hasSoffice)('预览 shows a docx as PDF in the built-in viewer; no 在线编辑 without ONLYOFFICE; 合并下载 of a docx and a PDF gives one PDF of both', async () => {
    const suffix = Date.now().toString(36);
    const folder = `合并资料${suffix}`;
    const docName = `A-说明${suffix}.docx`;
    const pdfName = `B-附图${suffix}.pdf`;
    await page.goto(`${app.url}/index`);
    await openMenu(page, '系统管理', '文档管理');
    await tree().getByText('全部文档').click();
    await newFolder(folder);
    await tree().getByText(folder, { exact: true }).click();
    await expect.poll(() => page.getByTestId('resource-path').textContent()).toContain(folder);
    await toolbar('上传').click();
    const upload = await openDialog(`上传到：${folder}`);
    await dropFiles(upload, { [docName]: docxWithText('Library merge docx page'), [pdfName]: await pdfWithText('Library merge PDF page') });
    await upload.locator('.ant-modal-close').click();
    await upload.waitFor({ state: 'hidden' });
    const docRow = rows().filter({ hasText: docName });
    const pdfRow = rows().filter({ hasText: pdfName });
    await docRow.waitFor();
    await pdfRow.waitFor();
    // The test server has no Document Server: 在线编辑 is not offered.
    await expect.poll(() => docRow.getByRole('button', { name: '在线编辑' }).count()).toBe(0);

    // 预览 of the docx: the built-in viewer in a new tab, showing the server's PDF of it.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), docRow.getByRole('button', { name: /预\s*览/ }).click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/online-preview\?resourceId=\d+$/);
    await expect.poll(() => tab.locator('iframe.fw-preview-pdf').getAttribute('src'), { timeout: 60_000 }).toMatch(/^blob:/);
    await tab.getByRole('heading', { name: docName }).waitFor();
    await tab.close();

    // 合并下载 needs a selection; both files become one PDF, the docx converted by LibreOffice.
    await expect.poll(() => toolbar('合并下载').isDisabled()).toBe(true);
    await docRow.locator('.ant-checkbox-input').check();
    await pdfRow.locator('.ant-checkbox-input').check();
    const [merged] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), toolbar('合并下载').click()]);
    expect(merged.suggestedFilename()).toBe(`${folder}.pdf`);
    const texts = await pdfPageTexts(await downloadBytes(merged));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Library merge docx page');
    expect(texts[1]).toContain('Library merge PDF page');
    expect(app.errors).toEqual([]);
  }, 120_000);
});
