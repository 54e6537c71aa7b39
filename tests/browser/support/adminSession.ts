/**
 * The usual start of a browser test file: the app, one page, and the DEFAULT tenant's admin
 * signed in through the API (the sign-in screen has its own tests), plus the seeding helpers
 * such files share.
 */
import type { Page } from 'playwright-core';
import { addFormMenu } from '../../../src/server/services/seed/seedMenus';
import { startBrowserApp, type BrowserApp } from './browserApp';
import { api, useToken } from './formActions';

export interface AdminSession {
  app: BrowserApp;
  page: Page;
  /** The DEFAULT tenant admin's token. */
  token: string;
  /** A JSON call with that token; throws on a non-200 answer. */
  api<T = any>(method: string, url: string, body?: unknown): Promise<T>;
}

/**
 * Starts the app and opens a page with `timeout` as its default. The page carries the admin's
 * token unless `signedIn` is false (files that switch users set it themselves).
 */
export async function startAdminSession({ timeout, signedIn = true }: { timeout?: number; signedIn?: boolean } = {}): Promise<AdminSession> {
  const app = await startBrowserApp();
  const page = await app.newPage();
  if (timeout) page.setDefaultTimeout(timeout);
  const token = await app.server.login('DEFAULT');
  if (signedIn) await useToken(app, page, token);
  return { app, page, token, api: (method, url, body) => api(app, token, method, url, body) };
}

/** Adds each form's list menu to the DEFAULT tenant's sidebar, as the seed does for the demo forms. */
export async function addFormMenus(app: BrowserApp, ...forms: { enName: string; cnName: string }[]): Promise<void> {
  const tenant = await app.server.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
  for (const { enName, cnName } of forms) await addFormMenu(app.server.db, tenant.id, { enName, cnName });
}
