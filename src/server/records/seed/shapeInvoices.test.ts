/**
 * The demo 发票台账's attachments are real invoices (issue 31 item 5): seeding the demo ledger the
 * way the seed does (contracts first, then one invoice per type code, files through the seed's
 * file writer), each record's 发票文件 is recognised offline from its QR code as that record —
 * type, code, number, amount, date, check code — and its text layer gives the rest.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../files/fileStore.js';
import { recognizeInvoice } from '../../invoices/recognizeInvoice.js';
import { INVOICE_TYPE_CODES } from '../../../shared/invoiceTypes.js';
import { demoSampleCount, shapeDemoRecord } from './demoShapes.js';
import { sampleFileWriter, type SampleFileEntry } from './sampleFiles.js';
import { demoDefinitions } from './seedDemoForms.js';
import type { SeededRecord } from './shapeContext.js';
import { random, sampleRecord, type SamplePools } from './sampleValues.js';

/** An in-memory FileStore: what the seed wrote, by key. */
function memoryStore(): FileStore & { bytes: Map<string, Buffer> } {
  const bytes = new Map<string, Buffer>();
  return {
    bytes,
    async put(key, body) { const b = await buffer(body); bytes.set(key, b); return { size: b.length }; },
    async get(key) { const b = bytes.get(key); return b ? { body: Readable.from([b]), size: b.length } : null; },
    async stat(key) { const b = bytes.get(key); return b ? { size: b.length } : null; },
    async remove(key) { bytes.delete(key); },
  };
}

const pools: SamplePools = { userIds: [], deptIds: [], constants: new Map(), constantNames: new Map(), userDepts: new Map(), records: new Map(), addresses: [] };
const store = memoryStore();
let invoices: SeededRecord[] = [];

beforeAll(async () => {
  // What seedTenantForms does for these two forms, without a database (ids are made up).
  const defs = demoDefinitions();
  const seeded = new Map<string, SeededRecord[]>();
  const file = sampleFileWriter(store, 1);
  let id = 1;
  for (const enName of ['contract_ledger', 'auto_fptz']) {
    const def = defs.find((d) => d.enName === enName)!;
    const r = random(7919 + enName.length * 131);
    const records: SeededRecord[] = [];
    seeded.set(enName, records);
    for (let i = 0; i < demoSampleCount(enName, seeded, 12); i++) {
      const data = sampleRecord(def.fields, r, i, pools);
      await shapeDemoRecord(enName, data, { r, i, pools, today: '2026-11-29', file, seeded, company: '华建工程有限公司' });
      records.push({ id: id++, data });
    }
  }
  invoices = seeded.get('auto_fptz')!;
}, 60_000);

describe('demo invoices\' files', () => {
  it('one invoice of each type code, each with one PDF attached', () => {
    expect(invoices.map((rec) => rec.data.invoice_type)).toEqual([...INVOICE_TYPE_CODES]);
    for (const rec of invoices) expect(rec.data.invoice_file, String(rec.data.invoice_no)).toHaveLength(1);
  });

  it('each attachment is recognised from its QR code as its own record', async () => {
    for (const { data } of invoices) {
      const [entry] = data.invoice_file as SampleFileEntry[];
      const bytes = store.bytes.get(entry.fileName)!;
      const r = await recognizeInvoice(bytes);
      const label = `${String(data.invoice_type)} ${String(data.invoice_no)}`;
      expect(r?.source, label).toBe('qr');
      expect(r?.invoice, label).toMatchObject({
        typeCode: data.invoice_type, code: data.invoice_code ?? '', number: data.invoice_no, date: data.invoice_date,
        amount: Number(data.amount).toFixed(2),
        total: Number(data.total).toFixed(2), seller: data.seller, buyer: data.buyer,
      });
      // Only the kinds that print one carry a check code (04, 10, 11 and 14 in the demo).
      expect(r?.invoice.checkCode || undefined, label).toBe(data.check_code);
    }
  }, 120_000);
});
