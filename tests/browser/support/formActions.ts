/** Helpers over the generated form pages for browser tests (form*.test.ts). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_PASSWORD, type BrowserApp } from './browserApp';

/** The form item of a field, found by its label. */
export function item(root: Page | Locator, label: string): Locator {
  // A `has` locator is matched inside each candidate, so it must be built from the page, not the root.
  const page = 'page' in root && typeof root.page === 'function' ? (root as Locator).page() : (root as Page);
  return root.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?${label}[:：]?$`) }) }).first();
}

/** Types into a text or number field. */
export async function fill(page: Page | Locator, label: string, value: string): Promise<void> {
  const input = item(page, label).locator('input, textarea').first();
  await input.fill(value);
  await input.blur();
}

/** Picks an option of a select field by its text. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await item(page, label).locator('.ant-select-selector').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * Waits until no select's option list is open. A list closes with an animation and, until it has,
 * covers the fields below it: on a busy machine the next click landed on the closing options.
 */
export async function noOpenList(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** Picks a date (typed in the field format, confirmed with Enter). */
export async function pickDate(page: Page, label: string, value: string): Promise<void> {
  const input = item(page, label).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Signs the browser in with an API token (the sign-in screen has its own tests). */
export async function useToken(app: BrowserApp, page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: app.url }]);
}

/** A JSON call on the test server with the token; throws on a non-200 answer. */
export async function api<T = any>(app: BrowserApp, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await app.server.request({ method, url, token, body });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/**
 * Sets a system parameter (参数设置) of the token's tenant, adding the key the first time: safe to
 * run again, as a retried test does.
 */
export async function setConfig(app: BrowserApp, token: string, configKey: string, configValue: string, configName = configKey): Promise<void> {
  const { rows } = await api<{ rows: { configId: number; configKey: string; configName: string }[] }>(app, token, 'GET', `/api/system/config/list?configKey=${encodeURIComponent(configKey)}&pageSize=10`);
  const found = rows.find((r) => r.configKey === configKey);
  if (found) await api(app, token, 'POST', '/api/system/config/edit', { configId: found.configId, configName: found.configName, configKey, configValue });
  else await api(app, token, 'POST', '/api/system/config', { configName, configKey, configValue });
}

/** Drops the page's session and signs the DEFAULT tenant's user in with an API token. */
export async function useUser(app: BrowserApp, page: Page, userName: string, password = TEST_PASSWORD): Promise<void> {
  await page.context().clearCookies();
  await useToken(app, page, await app.server.login('DEFAULT', userName, password));
}
