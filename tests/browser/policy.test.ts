/**
 * 制度发布 (issue 34 items 2 and 3), one full cycle: the admin writes a policy in the rich-text
 * editor (TipTap, loaded on first use), saves and publishes it to a user, and that user finds it
 * in 消息中心 and opens it with its formatting. Titles are unique, so a retry meets no earlier state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAdminPage } from './support/adminSession';
import { animationsSettled, type BrowserApp } from './support/browserApp';
import { useUser } from './support/formActions';
import { openMenu } from './support/shellActions';

let app: BrowserApp;
let page: Page;
useAdminPage((s) => ({ app, page } = s));

describe('policy publishing', () => {
  it('writes a policy in the rich-text editor, publishes it, and the recipient reads it from 消息中心', async () => {
    const title = `安全生产制度${Date.now().toString(36)}`;
    await page.goto(`${app.url}/index`);
    await openMenu(page, '系统管理', '制度发布');
    await page.getByRole('button', { name: '新 增' }).or(page.getByRole('button', { name: '新增' })).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增制度' });
    await dialog.waitFor();
    await dialog.getByPlaceholder('请输入制度标题').fill(title);

    // The editor arrives as its own chunk; then type, with a heading and bold text.
    const editor = dialog.locator('.fw-rich-text-content');
    await editor.waitFor();
    await animationsSettled(page);
    await editor.click();
    await dialog.getByRole('button', { name: '标题2' }).click();
    await page.keyboard.type('第一章 总则');
    await page.keyboard.press('Enter');
    await page.keyboard.type('进入现场必须');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('佩戴安全帽');
    await expect.poll(() => editor.locator('h2').textContent()).toBe('第一章 总则');
    await expect.poll(() => editor.locator('strong').textContent()).toBe('佩戴安全帽');

    await dialog.getByRole('button', { name: '保存并发布' }).click();
    const publish = page.locator('.ant-modal', { hasText: `发布制度：${title}` });
    await publish.waitFor();
    await animationsSettled(page);
    await publish.locator('.ant-form-item', { hasText: '通知人员' }).locator('.ant-select-selector').click();
    await page.keyboard.type('张工');
    await page.locator('.ant-select-item-option', { hasText: '张工（staff）' }).click();
    await publish.getByRole('button', { name: /发\s*布/ }).click();
    await page.getByText('发布成功，已通知 1 人').waitFor();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: title });
    await expect.poll(() => row.textContent()).toContain('已发布');

    // The recipient: the message in 消息中心, and its link opens the policy with its formatting.
    await useUser(app, page, 'staff');
    await page.goto(`${app.url}/index`);
    await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '消息中心' }).click();
    const message = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: `制度发布：${title}` });
    await message.getByText(`制度发布：${title}`).click();
    const shown = page.locator('.ant-modal', { hasText: '佩戴安全帽' });
    await shown.waitFor();
    // Playwright's click waits for the button to stop moving (the message page keeps a spinner running, so no animationsSettled here).
    await shown.getByRole('button', { name: '打开链接' }).click();
    await page.waitForURL(/\/policy\/view\?id=\d+$/);
    await page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => page.locator('.fw-rich-text-view strong').textContent()).toBe('佩戴安全帽');
    await expect.poll(() => page.locator('.fw-rich-text-view h2').textContent()).toBe('第一章 总则');
    expect(app.errors).toEqual([]);
  });
});
