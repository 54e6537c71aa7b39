/** Debian's Chromium through playwright-core, with a fresh profile and HOME/TMPDIR in a temp folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

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

/** A persistent context on a throw-away profile; `close()` also removes the temp folder. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const home = mkdtempSync(join(tmpdir(), 'fw-chromium-'));
  const context = await chromium.launchPersistentContext(join(home, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: home, TMPDIR: home },
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
