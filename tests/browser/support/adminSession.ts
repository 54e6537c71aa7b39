/**
 * The usual start of a browser test file: the app, one page, and the DEFAULT tenant's admin
 * signed in through the API (the sign-in screen has its own tests), plus the seeding helpers
 * such files share; or, for files whose tests sign in through the screen, the app and a page
 * cleared before each test (`useSignedOutPage`).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Page } from 'playwright-core';
import { addFormMenu } from '../../../src/server/services/seed/seedMenus';
import { startBrowserApp, type BrowserApp } from './browserApp';
import { api, useToken } from './formActions';
import { resetBrowser } from './shellActions';

/** The app of a test file and its one page. */
export interface BrowserSession {
  app: BrowserApp;
  page: Page;
}

export interface AdminSession extends BrowserSession {
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
  const { app, page } = await startSession(timeout);
  const token = await app.server.login('DEFAULT');
  if (signedIn) await useToken(app, page, token);
  return { app, page, token, api: (method, url, body) => api(app, token, method, url, body) };
}

/**
 * For a file whose tests share one signed-in admin page: registers its hooks. The app starts and
 * the admin signs in (startAdminSession) before the file's tests; the app closes after them. `use`
 * receives the session once started, for the file's variables: `useAdminPage((s) => ({ app, page } = s));`
 */
export function useAdminPage(use: (session: AdminSession) => void, options: { timeout?: number; signedIn?: boolean } = {}): void {
  let session: AdminSession | undefined;
  beforeAll(async () => {
    session = await startAdminSession(options);
    use(session);
  });
  afterAll(async () => {
    await session?.app.close();
  });
}

/** The app and one page, with `timeout` as the page's default when given. */
async function startSession(timeout?: number): Promise<BrowserSession> {
  const app = await startBrowserApp();
  const page = await app.newPage();
  if (timeout) page.setDefaultTimeout(timeout);
  return { app, page };
}

/**
 * For a file whose tests each sign in through the sign-in screen: registers its hooks. The app
 * and one page start before the file's tests and close after them; before each test the page's
 * cookies and storage are cleared, so no test starts inside another's session. No one is signed
 * in through the API. `use` receives the app and page once started, for the file's variables:
 * `useSignedOutPage((s) => ({ app, page } = s));`
 */
export function useSignedOutPage(use: (session: BrowserSession) => void, { timeout }: { timeout?: number } = {}): void {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await startSession(timeout);
    use(session);
  });
  afterAll(async () => {
    await session?.app.close();
  });
  beforeEach(async () => {
    if (session) await resetBrowser(session.page, session.app.url);
  });
}

/** Adds each form's list menu to the DEFAULT tenant's sidebar, as the seed does for the demo forms. */
export async function addFormMenus(app: BrowserApp, ...forms: { enName: string; cnName: string }[]): Promise<void> {
  const tenant = await app.server.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
  for (const { enName, cnName } of forms) await addFormMenu(app.server.db, tenant.id, { enName, cnName });
}
