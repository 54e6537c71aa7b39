/**
 * A real server (fresh seeded database, built client) plus a browser context of its own on the
 * run's Chromium (launchChromium.ts). Collects console errors and page errors so tests can assert
 * there were none.
 */
import { inject } from 'vitest';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { startTestServer, TEST_PASSWORD, type TestAppOptions, type TestServer } from '../../api/support/testServer';
import { launchChromium } from './launchChromium';

export { TEST_PASSWORD };

export interface BrowserApp {
  server: TestServer;
  url: string;
  context: BrowserContext;
  /** A fresh page that records console errors into `errors`. */
  newPage(): Promise<Page>;
  /** Console errors and uncaught exceptions seen on any page so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Start the server (with configuration overrides, e.g. an SMS gateway) and the browser. */
export async function startBrowserApp(options: TestAppOptions = {}): Promise<BrowserApp> {
  const server = await startTestServer({ ...options, config: { ...options.config, clientDir: inject('clientDir') } });
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  try {
    browser = await launchChromium(inject('chromiumEndpoint'));
  } catch (err) {
    await server.close();
    throw err;
  }
  const errors: string[] = [];
  return {
    server,
    url: server.url,
    context: browser.context,
    errors,
    async newPage() {
      const page = await browser.context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Sign in through the login form and wait for the layout. */
export async function signIn(page: Page, url: string, tenantName: string, username = 'admin', password = TEST_PASSWORD): Promise<void> {
  await page.goto(`${url}/login`);
  await chooseTenant(page, tenantName);
  await page.getByPlaceholder('账号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByLabel('用户菜单').waitFor();
}

/** Pick a tenant in the login form's select (the browser's own, ADR 0403) by its name. */
export async function chooseTenant(page: Page, tenantName: string): Promise<void> {
  const select = page.getByRole('combobox', { name: '租户' });
  await select.locator('option', { hasText: tenantName }).waitFor({ state: 'attached' });
  await select.selectOption({ label: tenantName });
}

/** Waits until no CSS animation or transition runs (antd's enter animations), e.g. before a screenshot. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * The bytes of a finished download. Read through playwright's stream, not `download.path()`: the
 * file sits with the run's shared Chromium, and playwright gives no path on a connected browser.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
