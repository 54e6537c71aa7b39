/**
 * No print reaches another address (issue 26 item 6), on PGlite and PostgreSQL. A loopback server
 * counts every request; Chromium loading the raw vectors asks it for many of them (the control),
 * and neither a saved template, nor a body written around the API and then rendered, nor the PDF,
 * nor the cleaned print document opened in Chromium with the network on, asks it for any.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { remoteVectors } from './support/remoteVectors.js';
import { chromiumPath } from '../../../src/server/print/printPdf.js';
import { printDocumentHtml } from '../../../src/shared/print/printLayout.js';

let a: RecordsApp;
let server: Server;
let browser: Browser;
let base = '';
const hits: string[] = [];
let recordId = 0;

const FORM = { enName: 'pr_remote', cnName: '远程引用', fields: [{ enName: 'title', label: '标题', funcType: 'input' }] };
const template = (body: string) => ({ formName: 'pr_remote', name: '远程', paper: 'A4', orientation: 'portrait', marginTop: 10, marginRight: 10, marginBottom: 10, marginLeft: 10, header: '', footer: '', body });

/** Opens HTML in Chromium with the network on and answers once the page and its loads settle. */
async function open(html: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => undefined);
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  server = createServer((req, res) => { hits.push(req.url ?? ''); res.writeHead(404).end(); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  a = await recordsApp();
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', FORM)).status).toBe(200);
  const r = await a.call(a.admin, 'POST', '/api/auto/pr_remote/add', { formName: 'pr_remote', data: { title: '远程测试' } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  recordId = r.json.data.id;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await a?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('remote references in print templates', () => {
  it('the control: Chromium loading the raw vectors does ask the loopback server', async () => {
    // One frame per vector, so a <base> or a refresh affects only its own.
    const frame = (v: string) => `<iframe srcdoc="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>`;
    await open(`<!doctype html><html><body>${remoteVectors(`${base}/raw`).map(frame).join('')}</body></html>`);
    const distinct = new Set(hits.filter((h) => h.startsWith('/raw/')).map((h) => h.split(/[/#?]/)[2]));
    expect(distinct.size, [...distinct].join(' ')).toBeGreaterThanOrEqual(40);
  }, 180_000);

  it('a saved body, its render, a body written around the API, the PDF and the opened print load nothing', async () => {
    const body = `<p>{{标题}}</p>${remoteVectors(`${base}/saved`).join('\n')}`;
    const saved = await a.call(a.admin, 'POST', '/api/print/template', template(body));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const id = saved.json.data.id;
    const stored = (await a.call(a.admin, 'GET', `/api/print/template/${id}`)).json.data.body as string;
    expect(stored).toContain('<p>{{标题}}</p>');
    expect(stored).not.toContain('127.0.0.1');

    // A row written around the API (or by an older version) is cleaned when rendered.
    await a.db.updateTable('print_templates' as any).set({ body: `<p>{{标题}}</p>${remoteVectors(`${base}/stored`).join('\n')}` } as any).where('id', '=', id).execute();
    const render = await a.call(a.admin, 'POST', '/api/print/form/pr_remote/render', { templateId: id, ids: [recordId] });
    expect(render.status, JSON.stringify(render.json)).toBe(200);
    const html = render.json.data.sheets[0].html as string;
    expect(html).toContain('<p>远程测试</p>');
    expect(html).not.toContain('127.0.0.1');

    const pdf = await a.request({ method: 'POST', url: '/api/print/form/pr_remote/pdf', token: a.admin, body: { templateId: id, ids: [recordId] } });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The print view shows this document in a browser that does load from the network.
    await open(printDocumentHtml(render.json.data, '2026-01-01 00:00:00'));
    expect(hits.filter((h) => !h.startsWith('/raw/'))).toEqual([]);
  }, 180_000);
});
