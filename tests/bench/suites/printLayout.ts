// Issue 30 goal: "a 3-page print layout renders to PDF in ≤ 2 s". A 版式 template (ADR 1054) of
// an order with a header text, two fields, a QR code, a page number and a sub-form table whose 60
// rows flow over three A4 pages, printed through `POST /api/print/form/{form}/pdf` (the server's
// one renderer, as 下载PDF does) PRINT_BENCH_RUNS times (default 8) after one untimed warm-up; the
// PDF's page count is checked each time. PGlite (FORMWORK_TEST_DB=postgres for PostgreSQL).
import { summarize, type BenchResult } from '../run.js';
import { createTestApp } from '../../api/support/testServer.js';

const RUNS = Number(process.env.PRINT_BENCH_RUNS ?? 8);
const FORM = {
  enName: 'bench_print', cnName: '版式性能', fields: [
    { enName: 'order_no', label: '订单号', funcType: 'input' },
    { enName: 'customer', label: '客户', funcType: 'input' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }, { enName: 'qty', label: '数量', funcType: 'number', precision: 0 }] },
  ],
};
/** A4, 20 mm header, 15 mm footer; 10 mm rows: 22 on page 1, 25 on each further page, so 60 rows make 3 pages. */
const LAYOUT = {
  version: 1, paper: 'A4', orientation: 'portrait', headerHeight: 20, footerHeight: 15,
  elements: [
    { id: 'title', kind: 'text', band: 'header', x: 80, y: 5, w: 60, h: 10, text: '订单', style: { fontSize: 14, bold: true } },
    { id: 'no', kind: 'field', band: 'body', x: 20, y: 30, w: 90, h: 8, field: 'order_no', show: 'both' },
    { id: 'cust', kind: 'field', band: 'body', x: 120, y: 40, w: 70, h: 8, field: 'customer', show: 'both' },
    { id: 'tbl', kind: 'table', band: 'body', x: 10, y: 50, w: 100, h: 30, subForm: 'lines', columns: [{ field: 'item', width: 60 }, { field: 'qty', width: 40 }], headerHeight: 8, rowHeight: 10 },
    { id: 'qr', kind: 'qrcode', band: 'body', x: 170, y: 25, w: 25, h: 25 },
    { id: 'pn', kind: 'pageNumber', band: 'footer', x: 150, y: 285, w: 50, h: 8, format: '第 {n} 页 / 共 {m} 页' },
  ],
};

export default async function printLayout(): Promise<BenchResult[]> {
  const t = await createTestApp();
  try {
    const token = await t.login();
    const ok = async (method: string, url: string, body?: unknown) => {
      const res = await t.request({ method, url, token, body });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    await ok('POST', '/api/flowable/form', FORM);
    const lines = Array.from({ length: 60 }, (_, i) => ({ item: `物料${String(i + 1).padStart(2, '0')}`, qty: i + 1 }));
    const recordId = (await ok('POST', `/api/auto/${FORM.enName}/add`, { formName: FORM.enName, data: { order_no: 'SO-BENCH-1', customer: '华东客户', lines } })).json().data.id;
    const templateId = (await ok('POST', '/api/print/template', { formName: FORM.enName, name: '三页版式', layout: LAYOUT })).json().data.id;
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const print = async () => {
      const start = performance.now();
      const res = await t.request({ method: 'POST', url: `/api/print/form/${FORM.enName}/pdf`, token, body: { templateId, ids: [recordId] } });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`pdf: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const doc = await lib.getDocument({ data: new Uint8Array(res.rawPayload), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
      const pages = doc.numPages;
      await doc.destroy();
      if (pages !== 3) throw new Error(`expected a 3-page PDF, got ${pages}`);
      return { ms, bytes: res.rawPayload.length };
    };
    const first = await print();
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await print();
      samples.push(r.ms);
      bytes = r.bytes;
    }
    return [summarize('3-page layout (60 sub-form rows, QR, page numbers) → PDF', samples, `first (cold) ${first.ms.toFixed(0)} ms; ${Math.round(bytes / 1024)} KB; target ≤ 2,000 ms`)];
  } finally {
    await t.close();
  }
}
