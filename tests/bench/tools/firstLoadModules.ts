// Where a page's first-load bytes go (docs/benchmarks.md, "First load"): loads the list and the
// add page of contract_ledger from a build made with `npx vite build --sourcemap --outDir DIR` and
// splits each script's gzip size over its source modules through the map (by their share of the
// raw text), summed per package (antd and Formily per component folder) or client file.
// Usage: npx tsx tests/bench/tools/firstLoadModules.ts DIR   (FILES=1 also lists each script;
// PAGES=cockpit,list picks pages among list, form and cockpit, the 管理驾驶舱 with its five charts drawn)
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium } from '../../browser/support/launchChromium.js';
import { startTestServer } from '../../api/support/testServer.js';
const clientDir = process.argv[2];
const server = await startTestServer({ config: { clientDir } });
const browser = await launchChromium();
const pages: [string, string, (p: any) => Promise<unknown>][] = [
  ['list', '/auto/contract_ledger', (p) => p.locator('[data-row-key]').first().waitFor()],
  ['form', '/auto/contract_ledger/add', (p) => p.getByRole('button', { name: /保\s*存/ }).first().waitFor()],
  ['cockpit', '/guanlijiashicang', async (p) => {
    for (const chart of ['contract-by-type', 'purchase-urgency', 'contract-by-month', 'unpaid-by-type', 'contract-by-region']) await p.locator(`[data-panel="${chart}"] canvas`).waitFor();
  }],
];
const only = process.env.PAGES?.split(',');
for (const [name, path, ready] of pages.filter(([n]) => !only || only.includes(n))) {
  await browser.context.clearCookies();
  await browser.context.addCookies([{ name: 'Admin-Token', value: await server.login('DEFAULT'), url: server.url }]);
  const page = await browser.context.newPage();
  const urls: string[] = [];
  page.on('response', (r: any) => { if (/\.m?js(\?|$)/.test(r.url())) urls.push(r.url()); });
  await page.goto(server.url + path); await ready(page); await page.waitForLoadState('networkidle');
  await page.close();
  const mods = new Map<string, number>(); let total = 0;
  for (const u of urls) {
    const file = clientDir + new URL(u).pathname;
    const code = readFileSync(file, 'utf8');
    const gz = gzipSync(code, { level: 6 }).length; total += gz;
    if (process.env.FILES) console.log('F', name, (gz / 1024).toFixed(1), u.split('/').pop());
    if (!existsSync(file + '.map')) { mods.set(file, (mods.get(file) ?? 0) + gz); continue; }
    const smc = new SourceMapConsumer(JSON.parse(readFileSync(file + '.map', 'utf8')));
    const lines = code.split('\n'); const per = new Map<string, number>();
    const mappings: any[] = [];
    smc.eachMapping((m: any) => mappings.push(m));
    for (let i = 0; i < mappings.length; i++) {
      const m = mappings[i], n = mappings[i + 1];
      let len = 0;
      if (n && n.generatedLine === m.generatedLine) len = n.generatedColumn - m.generatedColumn;
      else len = (lines[m.generatedLine - 1]?.length ?? 0) - m.generatedColumn;
      const src = m.source ?? '?';
      per.set(src, (per.get(src) ?? 0) + len);
    }
    const rawTotal = code.length;
    for (const [s, l] of per) mods.set(s, (mods.get(s) ?? 0) + gz * l / rawTotal);
  }
  const groups = new Map<string, number>();
  for (const [s, b] of mods) {
    const m = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    let k = m ? m[1] : s.replace(/^.*?src\/client\//, 'client/').replace(/^.*?schema-adapters\//, 'adapters/');
    if (m && (m[1] === 'antd' || m[1].startsWith('@formily'))) { const mm = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+\/(?:es|esm|lib)\/[^/]+)/); if (mm) k = mm[1]; }
    groups.set(k, (groups.get(k) ?? 0) + b);
  }
  console.log(`== ${name}: ${urls.length} files, ${(total / 1024).toFixed(0)} KB`);
  for (const [k, b] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 90))) console.log((b / 1024).toFixed(1).padStart(7), k);
}
await browser.close(); await server.close();
