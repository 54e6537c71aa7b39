import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browserApp';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(async () => {
  await app?.close();
});

describe('login page', () => {
  it('loads from the served app, in Chinese, with both tenants to choose from', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/login`);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Formwork 业务表单平台');
    await expect.poll(() => page.title()).toContain('登录');
    await page.getByRole('combobox', { name: '租户' }).click({ force: true });
    const options = page.locator('.ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['华建工程有限公司', '宏远建设集团']));
    expect(await page.getByRole('button', { name: /登\s*录/ }).isVisible()).toBe(true);
    expect(await page.getByText('记住密码').isVisible()).toBe(true);
    expect(app.errors).toEqual([]);
  });

  it('shows the supplier sign-in title on /supplier/login', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/supplier/login`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('供应商登录');
  });

  it('sends an unauthenticated visitor to /login with the page as redirect', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/system/user?x=1`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/system/user?x=1');
  });

  it('shows the 404 page for a public page this client does not have', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/portal/news`);
    await page.waitForURL(/\/404$/);
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  });
});
