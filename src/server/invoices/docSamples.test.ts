/**
 * The sample invoices committed under docs/samples/invoices (issue 31 item 5; written by
 * `npm run invoice-samples -- docs/samples/invoices`) are what a new user uploads first: each of
 * the 14 type codes of spec 02 §9 as a PDF with its QR code, the 全电 XML and the QR photo must be
 * recognised offline as the sample they were generated from, and stay small.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleInvoices } from '../../../scripts/invoiceSamples/sampleInvoices.js';
import { INVOICE_TYPE_CODES } from '../../shared/invoiceTypes.js';
import { recognizeInvoice } from './recognizeInvoice.js';

const FOLDER = resolve(import.meta.dirname, '../../../docs/samples/invoices');
const files = readdirSync(FOLDER);
const samples = new Map(sampleInvoices().map((s) => [s.typeCode, s]));

describe('docs/samples/invoices', () => {
  it('holds one PDF per type code, each under 8 KB', () => {
    const pdfs = files.filter((f) => f.endsWith('.pdf'));
    expect(pdfs.map((f) => f.split('-')[0]).sort()).toEqual([...INVOICE_TYPE_CODES].sort());
    for (const f of files) expect(statSync(join(FOLDER, f)).size, f).toBeLessThan(8 * 1024);
  });

  it('each PDF is recognised from its QR code as its sample', async () => {
    for (const f of files.filter((name) => name.endsWith('.pdf'))) {
      const s = samples.get(f.split('-')[0])!;
      const r = await recognizeInvoice(readFileSync(join(FOLDER, f)));
      expect(r?.source, f).toBe('qr');
      expect(r?.invoice, f).toMatchObject({ typeCode: s.typeCode, code: s.code, number: s.number, date: s.date, amount: s.amount, total: s.total, seller: s.seller.name });
    }
  }, 120_000);

  it('the 全电 XML and the QR photo are recognised too', async () => {
    const xml = await recognizeInvoice(readFileSync(join(FOLDER, '32-全电发票.xml')));
    expect(xml).toMatchObject({ source: 'xml', invoice: { number: samples.get('32')!.number } });
    const photo = await recognizeInvoice(readFileSync(join(FOLDER, '10-二维码照片.png')));
    expect(photo).toMatchObject({ source: 'qr', invoice: { typeCode: '10', number: samples.get('10')!.number } });
  }, 60_000);
});
