// First load (issue 15, goal 6), measured from real page loads in Debian's Chromium against a
// private production build: the JavaScript each page fetches from a cold start (browser cache
// disabled), in files and in gzip bytes (each file gzipped at level 6, as a server or CDN would
// send it). Targets (issue 29, antd's own components): login ≤ 160 KB, a list page ≤ 400 KB, a form page ≤ 450 KB;
// the cockpit 管理驾驶舱 ≤ 350 KB (issue 33) with every chart drawn, its China map included (ECharts
// and the map's GeoJSON load on first use). FIRST_LOAD_PAGES=cockpit (names: login, list, form,
// cockpit; comma-separated) measures only those pages.
// Beside it, the bytes on the wire of the whole load (every request, headers included, as Chromium's
// network layer counted them) with the server's own compression and caching (issue 28 item 4, ADR 0418):
// cold (cache off) and on a second visit with the browser cache on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { BenchResult } from '../run.js';
import { launchChromium } from '../../browser/support/launchChromium.js';
import { startTestServer } from '../../api/support/testServer.js';

const FORM = 'contract_ledger';

/** Loads `url` in a fresh page with the cache off; answers the scripts it fetched until `ready`. */
async function scriptsOf(newPage: () => Promise<Page>, url: string, ready: (page: Page) => Promise<unknown>, cache = false) {
  const page = await newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cache });
  let wire = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => { wire += e.encodedDataLength; requests++; });
  const bodies: Promise<{ url: string; raw: number; gzip: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(res.url())) return;
    bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b, { level: 6 }).length })));
  });
  const start = performance.now();
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const ms = performance.now() - start;
  const files = await Promise.all(bodies);
  await page.close();
  return { files, ms, wire, requests };
}

export default async function firstLoad(): Promise<BenchResult[]> {
  // A private build: other sessions may rebuild dist/client while this runs.
  const clientDir = mkdtempSync(join(tmpdir(), 'fw-bench-first-load-'));
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], { cwd: resolve(import.meta.dirname, '../../..'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
  const server = await startTestServer({ config: { clientDir } });
  const browser = await launchChromium();
  const out: BenchResult[] = [];
  try {
    const newPage = () => browser.context.newPage();
    const cases: [string, string, (p: Page) => Promise<unknown>, number, boolean][] = [
      ['login page', '/login', (p) => p.getByPlaceholder('账号').waitFor(), 160, false],
      ['list page', `/auto/${FORM}`, (p) => p.locator('[data-row-key]').first().waitFor(), 400, true],
      ['form page (add)', `/auto/${FORM}/add`, (p) => p.getByRole('button', { name: /保\s*存/ }).first().waitFor(), 450, true],
      ['cockpit page', '/guanlijiashicang', async (p) => {
        for (const chart of ['contract-by-type', 'purchase-urgency', 'contract-by-month', 'unpaid-by-type', 'contract-by-region']) await p.locator(`[data-panel="${chart}"] canvas`).waitFor();
      }, 350, true],
    ];
    const only = process.env.FIRST_LOAD_PAGES?.split(',');
    for (const [name, path, ready, targetKb, signedIn] of cases.filter(([n]) => !only || only.includes(n.split(' ')[0]))) {
      await browser.context.clearCookies();
      if (signedIn) await browser.context.addCookies([{ name: 'Admin-Token', value: await server.login('DEFAULT'), url: server.url }]);
      const { files, ms, wire, requests } = await scriptsOf(newPage, `${server.url}${path}`, ready);
      // A second visit in one browser context with its cache on: hashed assets come from the cache.
      const warmPage = await browser.context.newPage();
      await warmPage.goto(`${server.url}${path}`);
      await ready(warmPage);
      await warmPage.waitForLoadState('networkidle');
      await warmPage.close();
      const again = await scriptsOf(newPage, `${server.url}${path}`, ready, true);
      const gzipKb = files.reduce((s, f) => s + f.gzip, 0) / 1024;
      const rawKb = files.reduce((s, f) => s + f.raw, 0) / 1024;
      const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 3)
        .map((f) => `${f.url.split('/').pop()} ${(f.gzip / 1024).toFixed(0)} KB`).join(', ');
      out.push({
        name: `${name}: JavaScript of a cold load`, medianMs: ms, p95Ms: ms, iterations: 1,
        notes: `${files.length} files, ${gzipKb.toFixed(0)} KB gzip (${rawKb.toFixed(0)} KB raw); target ≤ ${targetKb} KB ${gzipKb <= targetKb ? '✔' : '✘'}; largest: ${largest}; `
          + `on the wire: ${(wire / 1024).toFixed(0)} KB in ${requests} requests cold, ${(again.wire / 1024).toFixed(0)} KB in ${again.requests} requests on a second visit`,
      });
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
  return out;
}
