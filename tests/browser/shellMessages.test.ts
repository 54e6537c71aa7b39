/** Message centre with the sidebar badge, home-page modules, and WeChat unbind in the settings panel. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsSettled, signIn, type BrowserApp } from './support/browserApp';
import { useSignedOutPage } from './support/adminSession';
import { resetBrowser, userMenu } from './support/shellActions';

/** Set FW_SCREENSHOTS=1 to refresh docs/screenshots/19-messages.png and 20-home-modules.png. */
const shotsDir = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

async function shot(name: string): Promise<void> {
  if (!shotsDir) return;
  await animationsSettled(page);
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

let app: BrowserApp;
let page: Page;
useSignedOutPage((s) => ({ app, page } = s));

async function userId(tenantCode: string, userName: string): Promise<{ tenantId: number; userId: number }> {
  const row = await app.server.db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.id as userId', 'tenants.id as tenantId'])
    .where('tenants.code', '=', tenantCode)
    .where('users.user_name', '=', userName)
    .executeTakeFirstOrThrow();
  return row;
}

const badge = () => page.locator('.ant-layout-sider .ant-menu-item', { hasText: '消息中心' }).locator('.ant-badge-count');
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');

describe('message centre', () => {
  it('lists, filters and marks messages, opens a link, and the sidebar badge follows (99+, hidden at 0)', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'liuyang');
    await expect.poll(() => badge().textContent()).toBe('3');
    await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '消息中心' }).click();
    await page.waitForURL(/\/msg\/detail\?menuId=\d+$/);
    await page.getByRole('tab', { name: '消息中心' }).waitFor();
    await expect.poll(() => rows().count()).toBe(4);
    await shot('19-messages');
    await page.locator('.ant-segmented-item', { hasText: '未读' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    // Mark one read from its row.
    await rows().filter({ hasText: '请完善个人资料' }).getByRole('button', { name: '标为已读' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await expect.poll(() => badge().textContent()).toBe('2');
    await page.locator('.ant-segmented-item', { hasText: '已读' }).click();
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining('请完善个人资料'), expect.stringContaining('系统维护通知')]);
    // Viewing a message shows its content and marks it read; 打开链接 goes to the page it names.
    await page.locator('.ant-segmented-item', { hasText: '全部' }).click();
    await rows().filter({ hasText: '合同台账有新的合同待查看' }).getByText('合同台账有新的合同待查看').click();
    await page.locator('.ant-modal').getByText('新登记了合同').waitFor();
    await expect.poll(() => badge().textContent()).toBe('1');
    await page.getByRole('button', { name: '打开链接' }).click();
    await page.waitForURL(/\/auto\/contract_ledger$/);
    await page.getByRole('tab', { name: '合同台账' }).waitFor();
    // Many unread messages: 99+. The badge is refreshed from the server on reload.
    const me = await userId('DEFAULT', 'liuyang');
    await app.server.db
      .insertInto('messages')
      .values(Array.from({ length: 120 }, (_, i) => ({ tenant_id: me.tenantId, user_id: me.userId, title: `批量消息${i + 1}`, content: '测试' })))
      .execute();
    await page.reload();
    await expect.poll(() => badge().textContent()).toBe('99+');
    await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '消息中心' }).click();
    await page.getByRole('button', { name: '全部已读' }).click();
    await page.getByText('已全部标记为已读').waitFor();
    await expect.poll(() => badge().count()).toBe(0);
    const left = await app.server.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', me.userId).where('is_read', '=', false).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(app.errors).toEqual([]);
  });
});

describe('home modules', () => {
  const card = (title: string) => page.locator('.ant-card-head-title', { hasText: title });

  it('shows the selected modules, saves the own choice across a reload, and follows the admin default until then', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await card('个人信息').waitFor();
    await card('我的消息').waitFor();
    await card('常用功能').waitFor();
    // 我的消息 lists the latest unread messages.
    await page.locator('.ant-card', { has: card('我的消息') }).getByText('请完善个人资料').waitFor();
    await page.getByRole('button', { name: /模块设置/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '勾选要在首页显示的模块' });
    await dialog.waitFor();
    await shot('20-home-modules');
    // Staff may not change the tenant default.
    await expect.poll(() => dialog.getByRole('button', { name: '保存为默认' }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: '常用功能' }).uncheck();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => card('常用功能').count()).toBe(0);
    await page.reload();
    await card('我的消息').waitFor();
    await expect.poll(() => card('常用功能').count()).toBe(0);

    // The admin saves a default without 个人信息; liuyang (no list of his own) follows it, staff keeps his.
    await resetBrowser(page, app.url);
    await signIn(page, app.url, '华建工程有限公司');
    await page.getByRole('button', { name: /模块设置/ }).click();
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: '个人信息' }).uncheck();
    await dialog.getByRole('button', { name: '保存为默认' }).click();
    await page.getByText('已保存为默认模块').waitFor();
    await resetBrowser(page, app.url);
    await signIn(page, app.url, '华建工程有限公司', 'liuyang');
    await card('常用功能').waitFor();
    await expect.poll(() => card('个人信息').count()).toBe(0);
    await resetBrowser(page, app.url);
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await card('个人信息').waitFor();
    await expect.poll(() => card('常用功能').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});

describe('WeChat unbind', () => {
  it('offers 解绑微信 only with an openId and clears it after the confirmation', async () => {
    await signIn(page, app.url, '宏远建设集团');
    await userMenu(page, '布局设置');
    await page.getByRole('button', { name: '重置配置' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: '解绑微信' }).count()).toBe(0);

    const me = await userId('T2', 'admin');
    await app.server.db.updateTable('users').set({ open_id: 'wx-browser-test' }).where('id', '=', me.userId).execute();
    await resetBrowser(page, app.url);
    await signIn(page, app.url, '宏远建设集团');
    await userMenu(page, '布局设置');
    await page.getByRole('button', { name: '解绑微信' }).click();
    await page.getByText('确定要解除微信绑定吗？').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('解绑成功').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '解绑微信' }).count()).toBe(0);
    const row = await app.server.db.selectFrom('users').select('open_id').where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(row.open_id).toBeNull();
    expect(app.errors).toEqual([]);
  });
});
