// List screen bench (issue 6), measured in Debian's Chromium on a real server: a 20-column form
// with 1,200 records (added through the records API), shown 1,000 a page.
// - response → painted rows: from the list response's arrival in the browser to the frame in
//   which the new first row is on screen, for each of 20 sorts (each a fresh query);
// - sort click → painted, and the same minus the server's time (request start → response);
// - scrolling the 1,000-row page 150 px a frame: main-thread busy time per frame (CDP
//   Performance.getMetrics TaskDuration over the frames, wall-clock), the main thread's CPU time
//   per frame (a trace of a second pass) and the rAF frame interval.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { summarize, type BenchResult } from '../run.js';
import { launchChromium } from '../../browser/support/launchChromium.js';
import { startTestServer, type TestServer } from '../../api/support/testServer.js';
import { addFormMenu } from '../../../src/server/services/seed/seedMenus.js';

const FORM = 'bench_list';
const ROWS = 1200;
const options = (vals: string[]) => vals.map((v, i) => ({ label: v, value: v, color: ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96'][i % 4] }));
const FIELDS = [
  ...['title', 'customer', 'code', 'contact', 'phone', 'site'].map((n, i) => ({ enName: n, label: `文本${i + 1}`, funcType: 'input' })),
  ...['amount', 'qty', 'price', 'tax', 'discount'].map((n, i) => ({ enName: n, label: `数字${i + 1}`, funcType: 'number', precision: 2 })),
  { enName: 'category', label: '类别', funcType: 'select', options: options(['材料', '设备', '劳务', '服务']) },
  { enName: 'region', label: '区域', funcType: 'select', options: options(['华东', '华南', '华北', '西南']) },
  { enName: 'level', label: '等级', funcType: 'select', options: options(['一级', '二级', '三级']) },
  { enName: 'sign_date', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
  { enName: 'ship_date', label: '发货日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
  { enName: 'due_date', label: '到期日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
  { enName: 'done', label: '完成', funcType: 'switch' },
  { enName: 'urgent', label: '加急', funcType: 'switch' },
  { enName: 'remark', label: '备注', funcType: 'textarea' },
];
const SORTABLE = FIELDS.filter((f) => f.funcType !== 'switch').map((f) => f.enName);

async function api(server: TestServer, token: string, method: string, url: string, body?: unknown) {
  const res = await server.request({ method, url, token, body });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

function record(i: number): Record<string, unknown> {
  const day = (k: number) => `2025-${String((k % 12) + 1).padStart(2, '0')}-${String((k % 28) + 1).padStart(2, '0')}`;
  return {
    title: `工程项目合同${i}`, customer: `客户单位${i % 97}`, code: `C${String(i).padStart(6, '0')}`, contact: `联系人${i % 31}`,
    phone: `138${String(i).padStart(8, '0')}`, site: `施工现场${i % 53}号`,
    amount: (i * 7919) % 1000000 / 100, qty: i % 500, price: (i * 31) % 10000 / 10, tax: (i % 17) / 100, discount: (i % 9) / 10,
    category: ['材料', '设备', '劳务', '服务'][i % 4], region: ['华东', '华南', '华北', '西南'][i % 4], level: ['一级', '二级', '三级'][i % 3],
    sign_date: day(i), ship_date: day(i + 5), due_date: day(i + 11), done: i % 2 === 0, urgent: i % 5 === 0, remark: `备注信息${i}`,
  };
}

// Installed before the app: marks when a list request starts and its response arrives, and its first row id.
// (\`__name\`: tsx keeps function names with a helper that page-side code must find too.)
const INIT = `(() => {
  window.__name = (f) => f;
  const marks = (window.__listMarks = []);
  const orig = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = String(typeof input === 'string' ? input : input.url);
    if (!url.endsWith('/list')) return orig(input, init);
    const mark = { start: performance.now() };
    marks.push(mark);
    const res = await orig(input, init);
    mark.response = performance.now();
    res.clone().json().then((j) => { mark.firstId = j.rows && j.rows[0] ? String(j.rows[0].id) : null; mark.count = j.rows ? j.rows.length : 0; });
    return res;
  };
})();`;

/** Clicks a header and measures until the new first row is painted. */
async function sortOnce(page: Page, column: string): Promise<{ total: number; server: number; render: number }> {
  return page.evaluate(async (col) => {
    const w = window as unknown as { __listMarks: { start: number; response?: number; firstId?: string | null }[] };
    const before = w.__listMarks.length;
    const clickAt = performance.now();
    (document.querySelector(`[role="columnheader"][data-column="${col}"] span`) as HTMLElement).click();
    const frame = () => new Promise<number>((r) => requestAnimationFrame((t) => r(t)));
    for (;;) {
      await frame();
      const mark = w.__listMarks[before];
      if (!mark?.response || mark.firstId === undefined) continue;
      const first = document.querySelector('[data-row-key]')?.getAttribute('data-row-key');
      if (first === mark.firstId) {
        // The frame after the DOM holds the rows is the one that paints them.
        await frame();
        const painted = performance.now();
        return { total: painted - clickAt, server: mark.response - mark.start, render: painted - mark.response };
      }
    }
  }, column);
}

/** Scrolls the list 150 px in each of 240 animation frames; the rAF intervals. */
async function scrollLoop(el: HTMLElement): Promise<number[]> {
  const out: number[] = [];
  let last = 0;
  for (let i = 0; i < 240; i++) {
    const t = await new Promise<number>((r) => requestAnimationFrame((x) => r(x)));
    if (last) out.push(t - last);
    last = t;
    el.scrollTop = el.scrollTop + 150 >= el.scrollHeight - el.clientHeight ? 0 : el.scrollTop + 150;
  }
  return out;
}

/**
 * Thread CPU time of the renderer's main thread per frame while `run` scrolls, from a trace
 * (`tdur` of top-level tasks). `TaskDuration` is wall-clock: on a loaded 2-core machine it also
 * counts the time the busy thread waited for a core; this figure does not.
 */
async function mainThreadCpuPerFrame(cdp: CDPSession, run: () => Promise<number[]>): Promise<number> {
  type TraceEvent = { name: string; ph: string; tid: number; tdur?: number };
  const events: TraceEvent[] = [];
  const onData = (d: { value: object[] }) => { events.push(...(d.value as TraceEvent[])); };
  cdp.on('Tracing.dataCollected', onData);
  const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline', transferMode: 'ReportEvents' });
  const frames = (await run()).length;
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', onData);
  // The renderer's main thread is the one that lays out and paints.
  const layouts = new Map<number, number>();
  for (const e of events) if (e.name === 'Layout' || e.name === 'Paint') layouts.set(e.tid, (layouts.get(e.tid) ?? 0) + 1);
  const main = [...layouts].sort((a, b) => b[1] - a[1])[0]?.[0];
  let cpu = 0;
  for (const e of events) if (e.tid === main && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask') cpu += (e.tdur ?? 0) / 1000;
  return cpu / frames;
}

export default async function listRender(): Promise<BenchResult[]> {
  // A private build: other sessions may rebuild dist/client while this runs.
  const clientDir = mkdtempSync(join(tmpdir(), 'fw-bench-client-'));
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], { cwd: resolve(import.meta.dirname, '../../..'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
  const server = await startTestServer({ config: { clientDir } });
  const browser = await launchChromium();
  try {
    const token = await server.login('DEFAULT');
    const info = await api(server, token, 'GET', '/api/getInfo');
    await api(server, token, 'POST', '/api/flowable/form', { enName: FORM, cnName: '列表性能测试', fields: FIELDS, feature: { columnEvalList: [{ enName: 'amount', type: 'both' }] } });
    await addFormMenu(server.db, info.user.tenantId, { enName: FORM, cnName: '列表性能测试' });
    let next = 0;
    await Promise.all(Array.from({ length: 6 }, async () => {
      while (next < ROWS) {
        const i = next++;
        await api(server, token, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: record(i) });
      }
    }));

    await browser.context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await browser.context.addInitScript(INIT);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/auto/${FORM}`);
    await page.locator('[data-row-key]').first().waitFor();
    await page.getByTestId('list-pager').getByRole('button', { name: /条\/页/ }).click();
    await page.getByRole('menuitem', { name: '1000 条/页' }).click();
    await page.waitForFunction(() => document.querySelector('[role="table"]')?.getAttribute('aria-rowcount') === '1000');
    const columns = await page.locator('[role="columnheader"][data-column]').count();

    const total: number[] = [];
    const serverMs: number[] = [];
    const render: number[] = [];
    const clientMs: number[] = [];
    for (const column of SORTABLE) {
      for (let k = 0; k < 2; k++) {
        const r = await sortOnce(page, column);
        total.push(r.total);
        serverMs.push(r.server);
        render.push(r.render);
        clientMs.push(r.total - r.server);
      }
    }

    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const scroller = page.getByTestId('record-list-scroller');
    await scroller.evaluate((el) => { el.scrollTop = 0; });
    const before = (await cdp.send('Performance.getMetrics')).metrics;
    const intervals: number[] = await scroller.evaluate(scrollLoop);
    const after = (await cdp.send('Performance.getMetrics')).metrics;
    const metric = (list: { name: string; value: number }[], name: string) => list.find((m) => m.name === name)?.value ?? 0;
    const busyPerFrame = ((metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1000) / intervals.length;
    // A second pass from the top, traced, for the CPU time.
    await scroller.evaluate(async (el) => { el.scrollTop = 0; for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(r)); });
    const cpuPerFrame = await mainThreadCpuPerFrame(cdp, () => scroller.evaluate(scrollLoop));

    const cols = `${columns} columns (20 fields, 状态, 操作) + selection`;
    return [
      summarize('1,000 rows: list response → rows painted (target < 300 ms)', render, cols),
      summarize('sort click → rows painted, total (server included)', total),
      summarize('sort: server time (request → response)', serverMs),
      summarize('sort: click → painted minus server time (target < 100 ms)', clientMs),
      summarize('scroll 150 px/frame over 1,000 rows: rAF interval', intervals, `main-thread busy ≈ ${busyPerFrame.toFixed(2)} ms/frame wall (TaskDuration), ${cpuPerFrame.toFixed(2)} ms/frame thread CPU (target < 16 ms)`),
    ];
  } finally {
    await browser.close();
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}
