/** Home modules 我的日程, 滚动公告 and 常用功能 (most visited menus) against the real server. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, type BrowserApp } from './support/browserApp';
import { useSignedOutPage } from './support/adminSession';

let app: BrowserApp;
let page: Page;
useSignedOutPage((s) => ({ app, page } = s));

const card = (title: string) => page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: title }) });

async function selectModules(...names: string[]): Promise<void> {
  await page.getByRole('button', { name: /模块设置/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '勾选要在首页显示的模块' });
  await dialog.waitFor();
  for (const name of names) await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('我的日程', () => {
  it('is chosen in 模块设置, adds an entry through the dialog and shows it after a reload', async () => {
    // The seeded state, also when a retry follows an attempt that stopped midway: no one's own module choice, no entries.
    await app.server.db.deleteFrom('home_modules').where('user_id', '<>', 0).execute();
    await app.server.db.deleteFrom('user_calendar').execute();
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await card('个人信息').waitFor();
    await expect.poll(() => card('我的日程').count()).toBe(0);
    await selectModules('我的日程');
    await card('我的日程').waitFor();
    await card('我的日程').getByRole('button', { name: /新增日程/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增日程' });
    await dialog.waitFor();
    // An empty title is refused before anything is sent.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('标题不能为空').waitFor();
    await dialog.getByPlaceholder('请输入标题').fill('项目周例会');
    await dialog.getByPlaceholder('请输入内容').fill('三楼会议室');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    // By its title: antd's ellipsis measures the entry's text in aria-hidden copies for a moment, so the text alone may match thrice.
    const entry = (name: string) => page.getByTestId(`calendar-day-${day}`).getByTitle(name, { exact: true });
    await entry('项目周例会').waitFor();
    await page.reload();
    await entry('项目周例会').waitFor();
    const rows = await app.server.db.selectFrom('user_calendar').select(['title', 'content']).execute();
    expect(rows).toEqual([{ title: '项目周例会', content: '三楼会议室' }]);
    // Editing through the entry.
    await entry('项目周例会').click();
    const edit = page.locator('.ant-modal', { hasText: '修改日程' });
    await edit.waitFor();
    await edit.getByPlaceholder('请输入标题').fill('项目周例会（改期）');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('修改成功').waitFor();
    await entry('项目周例会（改期）').click();
    await edit.getByRole('button', { name: /删\s*除/ }).click();
    await page.locator('.ant-modal-confirm', { hasText: '是否确认删除该日程？' }).getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => page.getByText('项目周例会（改期）').count()).toBe(0);
    await expect.poll(() => app.server.db.selectFrom('user_calendar').select('id').execute()).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

describe('滚动公告', () => {
  it("shows the tenant's current announcements, one line at a time, and lists them all under reduced motion", async () => {
    await signIn(page, app.url, '宏远建设集团');
    await card('个人信息').waitFor();
    await selectModules('滚动公告');
    const ticker = card('滚动公告').getByTestId('announce-ticker');
    await ticker.getByText('欢迎使用宏远建设集团业务表单平台', { exact: false }).waitFor();
    await expect.poll(() => ticker.textContent()).not.toContain('华建工程有限公司');
    // The ticker moves on by itself.
    await expect.poll(() => ticker.locator('[aria-hidden="false"]').textContent(), { timeout: 10_000 }).toContain('例行维护');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await expect.poll(() => ticker.locator('[aria-hidden]').count()).toBe(0);
      await expect.poll(() => ticker.locator('> div').count()).toBe(3);
    } finally {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
    expect(app.errors).toEqual([]);
  });
});

describe('公告管理', () => {
  it('lets the admin add an announcement the ticker then shows, and delete it again', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await card('个人信息').waitFor();
    await selectModules('滚动公告');
    const ticker = card('滚动公告').getByTestId('announce-ticker');
    await ticker.getByText('欢迎使用华建工程有限公司', { exact: false }).waitFor();
    await card('滚动公告').getByText('管理').click();
    const admin = page.locator('.ant-modal', { hasText: '公告管理' });
    const rows = admin.locator('.ant-table-tbody tr.ant-table-row');
    // The seeded three, or more when a retry follows an attempt that stopped before its delete.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const before = await rows.count();
    const text = `端午节放假安排：6月19日至21日（${Date.now() % 100_000}）`;
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增公告' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('公告内容不能为空').waitFor();
    await dialog.getByPlaceholder('请输入公告内容').fill(text);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    await expect.poll(() => rows.count()).toBe(before + 1);
    await admin.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => ticker.textContent()).toContain(text);
    await card('滚动公告').getByText('管理').click();
    const row = admin.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page.locator('.ant-modal-confirm', { hasText: '是否确认删除公告编号为' }).getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => rows.count()).toBe(before);
    await admin.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => ticker.textContent()).not.toContain(text);
    expect(app.errors).toEqual([]);
  });
});

describe('常用功能', () => {
  it('lists every menu page before the first visit, then the most visited menus first', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'liuyang');
    const shortcuts = card('常用功能').getByTestId('shortcuts').locator('.ant-card-meta-title');
    // No visits yet: the menu pages in sidebar order, so 消息中心 (the last top-level entry) is not first.
    await expect.poll(() => shortcuts.count()).toBeGreaterThan(2);
    await expect.poll(() => shortcuts.first().textContent()).not.toBe('消息中心');
    const sidebarItem = page.locator('.ant-layout-sider .ant-menu-item', { hasText: '消息中心' });
    for (let i = 0; i < 2; i++) {
      await sidebarItem.click();
      await page.waitForURL(/\/msg\/detail\?menuId=\d+$/);
      await page.getByRole('tab', { name: '首页' }).click();
      await page.waitForURL(/\/index$/);
    }
    await expect.poll(() => shortcuts.allTextContents()).toEqual(['消息中心']);
    await expect.poll(() => card('常用功能').getByText('访问 2 次').count()).toBe(1);
    // Another page once: it follows.
    await page.goto(`${app.url}/auto/contract_ledger`);
    await page.getByRole('tab', { name: '合同台账' }).waitFor();
    await page.getByRole('tab', { name: '首页' }).click();
    await expect.poll(() => shortcuts.allTextContents()).toEqual(['消息中心', '合同台账']);
    await page.reload();
    await expect.poll(() => shortcuts.allTextContents()).toEqual(['消息中心', '合同台账']);
    const counts = await app.server.db.selectFrom('menu_visits').select('visit_count').orderBy('visit_count', 'desc').execute();
    expect(counts.map((c) => c.visit_count)).toEqual([2, 1]);
    // The shortcut opens the page.
    await shortcuts.first().click();
    await page.waitForURL(/\/msg\/detail\?menuId=\d+$/);
    expect(app.errors).toEqual([]);
  });
});
