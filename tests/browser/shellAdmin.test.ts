/**
 * The shell's administration extras in Chromium: layout settings under `features` and
 * 初始化用户配置, the avatar through authenticated downloads, user import, and the server's
 * needPerfect flag.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { resolve } from 'node:path';
import { downloadBytes, signIn, type BrowserApp } from './support/browserApp';
import { useSignedOutPage } from './support/adminSession';
import { launchChromium } from './support/launchChromium';
import { openMenu, resetBrowser, userMenu } from './support/shellActions';

let app: BrowserApp;
let page: Page;
useSignedOutPage((s) => ({ app, page } = s));

const DEFAULT_TENANT = '华建工程有限公司';
/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/. */
const shotsDir = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

/** The stored user config of `userName` in DEFAULT, read through the API. */
async function storedConfig(userName: string): Promise<Record<string, unknown>> {
  const token = await app.server.login('DEFAULT', userName);
  return (await app.server.request({ method: 'GET', url: '/api/user/config/get', token })).json().data;
}

/** The theme colour the page applies (AppRoot sets it on the root element). */
function themeColour(p: Page): Promise<string> {
  return p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fw-theme').trim().toLowerCase());
}

let configAdminToken: string | undefined;

/**
 * Set a system config value of DEFAULT through the API. The admin signs in once: a sign-in while
 * sys.password.force.update is on would be limited to changing the seeded password (needPerfect).
 */
async function setConfig(key: string, value: string): Promise<void> {
  configAdminToken ??= await app.server.login('DEFAULT');
  const token = configAdminToken;
  const cfg = (await app.server.request({ method: 'GET', url: '/api/system/config/list', token, query: { configKey: key } })).json().rows[0];
  const res = await app.server.request({ method: 'POST', url: '/api/system/config/edit', token, body: { configId: cfg.configId, configName: cfg.configName, configKey: cfg.configKey, configValue: value } });
  expect(res.statusCode).toBe(200);
}

describe('layout settings key and 初始化用户配置', () => {
  it('staff saves a theme colour under features; user 1 resets everyone; staff reloads to the defaults', async () => {
    await signIn(page, app.url, DEFAULT_TENANT, 'staff');
    await userMenu(page, '布局设置');
    // Only user 1 is offered the reset of everyone's layout.
    await page.getByText('重置配置').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '初始化用户配置' }).count()).toBe(0);
    await page.locator('.ant-color-picker-trigger').first().click();
    await page.locator('.ant-color-picker-hex-input input').fill('ff0000');
    await page.getByText('保存成功').first().waitFor();
    await expect.poll(() => themeColour(page)).toBe('#ff0000');
    expect((await storedConfig('staff')).features).toMatchObject({ theme: '#ff0000' });
    await page.reload();
    await page.getByLabel('用户菜单').waitFor();
    await expect.poll(() => themeColour(page)).toBe('#ff0000');

    // The administrator (user id 1) in a browser of their own.
    const adminBrowser = await launchChromium(inject('chromiumEndpoint'));
    try {
      const admin = await adminBrowser.context.newPage();
      await signIn(admin, app.url, DEFAULT_TENANT, 'admin');
      const adminToken = await app.server.login('DEFAULT');
      expect((await app.server.request({ method: 'GET', url: '/api/getInfo', token: adminToken })).json().user.userId).toBe(1);
      await userMenu(admin, '布局设置');
      await admin.getByRole('button', { name: '初始化用户配置' }).click();
      const confirm = admin.locator('.ant-modal-confirm', { hasText: '确定要初始化所有用户的布局配置吗？' });
      if (shotsDir) {
        await admin.locator('.ant-dropdown').waitFor({ state: 'hidden' });
        await confirm.getByRole('button', { name: '取消' }).or(confirm.getByRole('button', { name: '取 消' })).waitFor();
        await admin.screenshot({ path: `${shotsDir}/17-settings-init.png`, animations: 'disabled' });
      }
      await confirm.getByRole('button', { name: '确定' }).or(confirm.getByRole('button', { name: '确 定' })).click();
      await admin.getByText('初始化成功').waitFor();
    } finally {
      await adminBrowser.close();
    }
    expect((await storedConfig('staff')).features).toBeUndefined();
    await page.reload();
    await page.getByLabel('用户菜单').waitFor();
    await expect.poll(() => themeColour(page)).toBe('#1890ff');
  });

  it('adopts settings saved under the old layoutSetting key once, moving them to features', async () => {
    const token = await app.server.login('DEFAULT', 'staff');
    const put = await app.server.request({ method: 'POST', url: '/api/user/config/layoutSetting/edit', token, body: { sideTheme: 'theme-light', tagsView: true } });
    expect(put.statusCode).toBe(200);
    await signIn(page, app.url, DEFAULT_TENANT, 'staff');
    await expect.poll(() => page.locator('.ant-layout-sider').getAttribute('class')).toContain('ant-layout-sider-light');
    await expect.poll(async () => (await storedConfig('staff')).features).toMatchObject({ sideTheme: 'theme-light' });
    await expect.poll(async () => 'layoutSetting' in (await storedConfig('staff'))).toBe(false);
  });
});

describe('avatar', () => {
  it('uploads a PNG on /user/profile; after a reload the header shows it, fetched with the token', async () => {
    await signIn(page, app.url, '宏远建设集团');
    await page.goto(`${app.url}/user/profile`);
    await page.getByText('个人信息').waitFor();
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 24;
      canvas.height = 16;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#c03';
      ctx.fillRect(0, 0, 24, 16);
      return canvas.toDataURL('image/png').split(',')[1];
    });
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await page.getByText('修改成功').waitFor();
    const headerImg = page.getByLabel('用户菜单').locator('img');
    const profileImg = page.getByLabel('点击上传头像').locator('img');
    for (const img of [headerImg, profileImg]) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(24);
    }
    await page.reload();
    await page.getByLabel('用户菜单').waitFor();
    for (const img of [headerImg, profileImg]) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth).catch(() => 0)).toBe(24);
      await expect.poll(() => img.getAttribute('src')).toMatch(/^blob:/);
    }
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/18-profile-avatar.png` });
    // The stored address itself needs the token: without it the server refuses.
    const token = await app.server.login('T2');
    const avatar: string = (await app.server.request({ method: 'GET', url: '/api/getInfo', token })).json().user.avatar;
    expect(avatar).toMatch(/^\/api\/common\/download\?fileName=/);
    expect((await app.server.request({ method: 'GET', url: avatar })).statusCode).toBe(401);
  });
});

describe('user import', () => {
  const HEADERS = ['登录名称*', '用户名称*', '部门编号', '手机号码', '邮箱', '性别', '状态', '角色'];
  function sheet(rows: string[][]): Buffer {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, ...rows]), '用户数据');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  }
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('downloads the template, imports two users, and refuses a sheet with a bad row as a whole', async () => {
    const errorsBefore = app.errors.length;
    await signIn(page, app.url, DEFAULT_TENANT);
    await openMenu(page, '系统管理', '用户管理');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '用户导入' });
    await dialog.getByText('提示：仅允许导入“xls”或“xlsx”格式文件！').waitFor();
    await expect.poll(() => dialog.getByText('是否更新已经存在的用户数据').isVisible()).toBe(true);

    // The template: its header row is what the test fills.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载模板' }).click()]);
    const template = XLSX.read(await downloadBytes(download), { type: 'buffer' });
    const header = XLSX.utils.sheet_to_json<string[]>(template.Sheets[template.SheetNames[0]], { header: 1 })[0];
    expect(header).toEqual(HEADERS);

    // Another file type is refused in the browser with the hint.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await page.locator('.ant-message-notice', { hasText: '仅允许导入' }).waitFor();
    await expect.poll(() => dialog.locator('.ant-upload-list-item').count()).toBe(0);

    await dialog.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: XLSX_TYPE,
      buffer: sheet([
        ['imp_one', '导入一', '', '13800001001', '', '男', '正常', ''],
        ['imp_two', '导入二', '', '13800001002', 'two@example.com', '女', '正常', ''],
      ]),
    });
    await dialog.locator('.ant-upload-list-item', { hasText: 'users.xlsx' }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const result = page.locator('.ant-modal-confirm', { hasText: '导入结果' });
    await result.waitFor();
    await expect.poll(() => result.textContent()).toContain('恭喜您，数据已全部导入成功！共 2 条（新增 2 条，更新 0 条）');
    await result.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-table-row', { hasText: 'imp_one' }).waitFor();
    await page.locator('.ant-table-row', { hasText: 'imp_two' }).waitFor();

    // A bad third line refuses the whole sheet: the dialog lists it, nobody is added.
    await page.getByRole('button', { name: '导入' }).click();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'more.xlsx',
      mimeType: XLSX_TYPE,
      buffer: sheet([
        ['imp_three', '导入三', '', '', '', '男', '正常', ''],
        ['imp_four', '', '', '', '', '男', '正常', ''],
      ]),
    });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('第3行：用户名称不能为空').waitFor();
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/16-user-import.png` });
    await expect.poll(() => page.locator('.ant-modal-confirm', { hasText: '导入结果' }).count()).toBe(0);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    const token = await app.server.login('DEFAULT');
    const found = (await app.server.request({ method: 'GET', url: '/api/system/user/list', token, query: { userName: 'imp_' } })).json();
    expect(found.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['imp_one', 'imp_two']);
    // The refused sheet's 400 is the only console error.
    expect(app.errors.slice(errorsBefore).filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});

describe('needPerfect from the server', () => {
  it('forces /user/profile when the server says so, and not when it does not', async () => {
    const token = await app.server.login('DEFAULT');
    // A strong password set by an administrator: only the server knows it must be changed.
    const created = await app.server.request({ method: 'POST', url: '/api/system/user', token, body: { userName: 'forced', nickName: '须改密', password: 'Strong2026x' } });
    expect(created.statusCode).toBe(200);
    await setConfig('sys.password.force.update', 'true');
    try {
      await signIn(page, app.url, DEFAULT_TENANT, 'forced', 'Strong2026x');
      const warning = page.locator('.ant-modal-confirm', { hasText: '请先修改密码' });
      await warning.waitFor();
      await page.waitForURL(/\/user\/profile\?tab=password$/);
      await warning.getByRole('button', { name: '去修改' }).click();
      await page.getByRole('tab', { name: '首页' }).click();
      await page.waitForURL(/\/user\/profile\?tab=password$/);
      // A password the user chooses that the policy allows (8 characters, two classes) but the old
      // client judged weak (no digit): the server no longer asks (sys.password.check is off).
      await page.getByPlaceholder('请输入旧密码').fill('Strong2026x');
      await page.getByPlaceholder('请输入新密码').fill('abcdefg!');
      await page.getByPlaceholder('请确认新密码').fill('abcdefg!');
      await page.getByRole('button', { name: '保存' }).filter({ visible: true }).click();
      await page.getByText('修改成功').waitFor();
      await page.getByRole('tab', { name: '首页' }).click();
      await page.waitForURL(/\/index$/);

      await resetBrowser(page, app.url);
      // The old client judged 'abcdefg!' weak by itself and forced a change; the server does not.
      await signIn(page, app.url, DEFAULT_TENANT, 'forced', 'abcdefg!');
      await page.getByText('欢迎').waitFor();
      await expect.poll(() => page.locator('.ant-modal-confirm', { hasText: '请先修改密码' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/index');
    } finally {
      await setConfig('sys.password.force.update', 'false');
    }
  });
});
