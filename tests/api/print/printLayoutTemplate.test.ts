/**
 * Layout templates of the visual print designer (issue 30 item 3, ADR 1054) over HTTP, on PGlite
 * and PostgreSQL: saved with their layout, refused in Chinese when they name an unknown field or
 * leave the page, exported as stored, and printed to a PDF whose text sits where the layout put it
 * (read back with pdfjs-dist), with the sub-form's rows flowing onto page 2 under a repeated header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

let a: RecordsApp;
let recordId = 0;
let templateId = 0;

const FORM = {
  enName: 'pl_order',
  cnName: '版式订单',
  fields: [
    { enName: 'order_no', label: '订单号', funcType: 'input' },
    { enName: 'customer', label: '客户', funcType: 'input' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'qty', label: '数量', funcType: 'number', precision: 0 },
    ] },
  ],
};

/** A4 portrait, 20 mm header and 15 mm footer: body 20–282 mm; the table holds 22 rows on page 1. */
const LAYOUT = {
  version: 1, paper: 'A4', orientation: 'portrait', headerHeight: 20, footerHeight: 15,
  elements: [
    { id: 'title', kind: 'text', band: 'header', x: 80, y: 5, w: 60, h: 10, text: 'ORDERSHEET', style: { fontSize: 14, bold: true } },
    { id: 'no', kind: 'field', band: 'body', x: 20, y: 30, w: 90, h: 8, field: 'order_no', show: 'value' },
    { id: 'cust', kind: 'field', band: 'body', x: 120, y: 40, w: 70, h: 8, field: 'customer', show: 'both' },
    { id: 'tbl', kind: 'table', band: 'body', x: 10, y: 50, w: 100, h: 30, subForm: 'lines', columns: [{ field: 'item', width: 60 }, { field: 'qty', width: 40 }], headerHeight: 8, rowHeight: 10 },
    { id: 'qr', kind: 'qrcode', band: 'body', x: 170, y: 25, w: 25, h: 25 },
    { id: 'pn', kind: 'pageNumber', band: 'footer', x: 150, y: 285, w: 50, h: 8, format: 'P{n}/{m}' },
  ],
};

const template = (extra: Record<string, unknown> = {}) => ({ formName: 'pl_order', name: '订单版式', layout: LAYOUT, ...extra });

beforeAll(async () => {
  a = await recordsApp();
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', FORM)).status).toBe(200);
  const lines = Array.from({ length: 30 }, (_, i) => ({ item: `ITEM${String(i + 1).padStart(2, '0')}`, qty: i + 1 }));
  const r = await a.call(a.admin, 'POST', '/api/auto/pl_order/add', { formName: 'pl_order', data: { order_no: 'SO2026001', customer: 'ACME', lines } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  recordId = r.json.data.id;
}, 120_000);
afterAll(async () => a?.close());

interface Item { str: string; xMm: number; baselineMm: number; page: number }

/** The text items of a PDF with positions in mm from the page's top-left corner (baseline for y). */
async function pdfItems(bytes: Uint8Array): Promise<{ items: Item[]; pages: number; sizes: { w: number; h: number }[] }> {
  const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await lib.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const items: Item[] = [];
  const sizes: { w: number; h: number }[] = [];
  const mm = (pt: number) => (pt * 25.4) / 72;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const [, , w, h] = page.view;
    sizes.push({ w: mm(w), h: mm(h) });
    for (const it of (await page.getTextContent()).items) {
      if ('str' in it && it.str.trim()) items.push({ str: it.str, xMm: mm(it.transform[4]), baselineMm: mm(h - it.transform[5]), page: p });
    }
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { items, pages, sizes };
}

describe('layout templates', () => {
  it('refuses a layout with an unknown field or an element off the page, in Chinese', async () => {
    const bad: { elements: Record<string, unknown>[] } = structuredClone(LAYOUT);
    bad.elements[1] = { ...bad.elements[1], field: 'nope' };
    const r = await a.call(a.admin, 'POST', '/api/print/template', template({ layout: bad }));
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe('字段「nope」不存在');
    expect(r.json.errors[0]).toEqual({ field: 'layout.elements[1].field', message: '字段「nope」不存在' });
    const off: { elements: Record<string, unknown>[] } = structuredClone(LAYOUT);
    off.elements[1] = { ...off.elements[1], x: 150 };
    const o = await a.call(a.admin, 'POST', '/api/print/template', template({ layout: off }));
    expect(o.status).toBe(400);
    expect(o.json.msg).toBe('第2个元素（字段）超出页面范围');
    const none = await a.call(a.admin, 'POST', '/api/print/template', template({ layout: undefined, body: '' }));
    expect(none.status).toBe(400);
    expect(none.json.msg).toBe('模版内容不能为空');
  });

  it('saves a layout template and answers it with kind layout (the export is the stored layout)', async () => {
    const r = await a.call(a.admin, 'POST', '/api/print/template', template());
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    templateId = r.json.data.id;
    const t = (await a.call(a.admin, 'GET', `/api/print/template/${templateId}`)).json.data;
    expect(t).toMatchObject({ kind: 'layout', body: '', paper: 'A4', orientation: 'portrait' });
    expect(t.layout).toEqual(LAYOUT);
    const list = (await a.call(a.admin, 'GET', '/api/print/template/list?formName=pl_order')).json.rows;
    expect(list.map((x: { kind: string }) => x.kind)).toEqual(['layout']);
  });

  it('renders the pages for the print view with the layout page size', async () => {
    const r = await a.call(a.admin, 'POST', '/api/print/form/pl_order/render', { templateId, ids: [recordId] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.template.page).toEqual({ width: 210, height: 297 });
    const html: string = r.json.data.sheets[0].html;
    expect(html.match(/class="fw-layout-page"/g)).toHaveLength(2);
    expect(html).toContain('left:20mm;top:30mm;width:90mm;height:8mm');
    expect(html).toMatch(/<img[^>]*alt="二维码"[^>]*src="data:image\/png;base64,/);
  });

  it('prints a PDF whose texts sit at the layout positions, rows flowing to page 2 under a repeated header', async () => {
    const res = await a.request({ method: 'POST', url: '/api/print/form/pl_order/pdf', token: a.admin, body: { templateId, ids: [recordId] } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { items, pages, sizes } = await pdfItems(res.rawPayload);
    expect(pages).toBe(2);
    for (const s of sizes) {
      expect(s.w).toBeCloseTo(210, 0);
      expect(s.h).toBeCloseTo(297, 0);
    }
    const at = (str: string, page: number) => {
      const found = items.find((i) => i.page === page && i.str.startsWith(str));
      expect(found, `${str} on page ${page}: ${items.map((i) => `${i.page}:${i.str}`).join(' ')}`).toBeTruthy();
      return found!;
    };
    /** Left within 1.5 mm of x; the baseline inside the element's box. */
    const expectIn = (item: Item, x: number, top: number, h: number) => {
      expect(Math.abs(item.xMm - x), `${item.str} x ${item.xMm}`).toBeLessThan(1.5);
      expect(item.baselineMm, `${item.str} baseline ${item.baselineMm}`).toBeGreaterThan(top);
      expect(item.baselineMm, `${item.str} baseline ${item.baselineMm}`).toBeLessThan(top + h);
    };
    expectIn(at('SO2026001', 1), 20, 30, 8);
    expectIn(at('ORDERSHEET', 1), 80, 5, 10);
    expectIn(at('ORDERSHEET', 2), 80, 5, 10);
    // Table cells have 1 mm padding; page 1 starts at 50 mm (header row) and its first row at 58 mm.
    expectIn(at('ITEM01', 1), 11, 58, 10);
    expectIn(at('ITEM22', 1), 11, 58 + 21 * 10, 10);
    expect(items.some((i) => i.page === 1 && i.str.startsWith('ITEM23'))).toBe(false);
    // Page 2: the header row again at the body's top (20 mm), ITEM23 below it at 28 mm.
    expect(items.filter((i) => i.str.startsWith('品名')).map((i) => i.page)).toEqual([1, 2]);
    // Header cells are centred: the same x on both pages, inside the 60 mm column from 10 mm.
    const head1 = at('品名', 1), head2 = at('品名', 2);
    expect(head2.xMm).toBeCloseTo(head1.xMm, 1);
    expect(head2.xMm).toBeGreaterThan(30);
    expect(head2.xMm).toBeLessThan(40);
    expectIn(head1, head1.xMm, 50, 8);
    expectIn(head2, head2.xMm, 20, 8);
    expectIn(at('ITEM23', 2), 11, 28, 10);
    expectIn(at('ITEM30', 2), 11, 28 + 7 * 10, 10);
    expectIn(at('P1/2', 1), 150, 285, 8);
    expectIn(at('P2/2', 2), 150, 285, 8);
    // The main field is on page 1 only.
    expect(items.filter((i) => i.str.startsWith('SO2026001')).map((i) => i.page)).toEqual([1]);
  }, 120_000);

  it('previews an unsaved layout with a chosen record, and turns an HTML template into a layout one and back', async () => {
    const p = await a.call(a.admin, 'POST', '/api/print/template/preview', { ...template(), recordId });
    expect(p.status, JSON.stringify(p.json)).toBe(200);
    expect(p.json.data.sheets[0].html).toContain('SO2026001');
    const html = await a.call(a.admin, 'POST', '/api/print/template', { formName: 'pl_order', name: 'HTML版', body: '<p>{{订单号}}</p>' });
    expect(html.status).toBe(200);
    const id = html.json.data.id;
    expect((await a.call(a.admin, 'POST', '/api/print/template/edit', { id, formName: 'pl_order', name: 'HTML版', layout: LAYOUT })).status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/print/template/${id}`)).json.data.kind).toBe('layout');
    expect((await a.call(a.admin, 'POST', '/api/print/template/edit', { id, formName: 'pl_order', name: 'HTML版', body: '<p>{{订单号}}</p>' })).status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/print/template/${id}`)).json.data).toMatchObject({ kind: 'html', layout: null });
  });
});
