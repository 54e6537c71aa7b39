/**
 * Debian's Chromium through playwright-core, with HOME/TMPDIR in a temp folder.
 *
 * The browser project launches one Chromium for the whole run (`launchChromiumServer`, from
 * tests/browser/globalSetup.ts) and each file connects to it and opens contexts of its own:
 * starting Chromium cost every one of the 37 files 1–3 s (more under load). A context has its own
 * cookies, storage, permissions and cache, so files share nothing but the process. Outside that
 * project (no endpoint given: the bench suites, a script) the caller gets a browser of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserServer } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CONTEXT_OPTIONS = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' };

/** Chromium as a server other processes connect to; `close()` also removes its temp folder. */
export async function launchChromiumServer(): Promise<{ server: BrowserServer; close(): Promise<void> }> {
  const home = mkdtempSync(join(tmpdir(), 'fw-chromium-'));
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: home, TMPDIR: home },
  }).catch((err: unknown) => {
    rmSync(home, { recursive: true, force: true });
    throw err;
  });
  return {
    server,
    async close() {
      await server.close().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh context (1,440 × 900, zh-CN): on the Chromium at `endpoint` when given (a server of
 * `launchChromiumServer`), else on a browser launched for it. `close()` closes what it opened.
 */
export async function launchChromium(endpoint?: string): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (endpoint) {
    const browser: Browser = await chromium.connect(endpoint);
    const context = await browser.newContext(CONTEXT_OPTIONS).catch(async (err: unknown) => {
      await browser.close().catch(() => undefined);
      throw err;
    });
    return {
      context,
      async close() {
        await context.close().catch(() => undefined);
        await browser.close().catch(() => undefined);
      },
    };
  }
  const home = mkdtempSync(join(tmpdir(), 'fw-chromium-'));
  const context = await chromium.launchPersistentContext(join(home, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: home, TMPDIR: home },
    ...CONTEXT_OPTIONS,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
