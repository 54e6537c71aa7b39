/**
 * The PDF of a print: the same HTML document the print view shows, printed by a headless
 * Chromium through playwright-core (ADR 0951: pdf-lib has no HTML layout and cannot embed the
 * installed Noto CJK collections). Chromium is started on the first PDF, kept for the next ones
 * and closed with the app; PDFs are made one at a time so a burst cannot start many renderers.
 * The page loads nothing from the network: every request it would make is aborted (bodies are
 * cleaned and images are embedded data URLs, so nothing is lost; no server-side request forgery).
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { HttpError } from '../http/HttpError.js';

/** Where Chromium lives: CHROMIUM_PATH, else Debian's package. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

let browser: Promise<{ browser: Browser; home: string }> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function launch(): Promise<{ browser: Browser; home: string }> {
  if (!existsSync(chromiumPath())) throw new HttpError(503, '服务器未安装 Chromium，无法生成PDF');
  browser ??= (async () => {
    const home = mkdtempSync(join(tmpdir(), 'fw-pdf-'));
    const b = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ARGS, env: { ...process.env, HOME: home, TMPDIR: home } });
    b.on('disconnected', () => { browser = null; });
    return { browser: b, home };
  })().catch((err) => {
    browser = null;
    throw err;
  });
  return browser;
}

/** The PDF bytes of a whole HTML document whose @page rules give size, margins and numbers. */
export function htmlToPdf(html: string): Promise<Buffer> {
  const run = queue.then(async () => {
    const { browser: b } = await launch();
    const context = await b.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
      return await page.pdf({ preferCSSPageSize: true, printBackground: true });
    } finally {
      await context.close().catch(() => undefined);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Closes the shared Chromium (the app's onClose). */
export async function closePdfBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  if (!current) return;
  const { browser: b, home } = await current.catch(() => ({ browser: null, home: '' }));
  await b?.close().catch(() => undefined);
  if (home) rmSync(home, { recursive: true, force: true });
}
