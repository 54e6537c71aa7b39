/**
 * Offline recognition of documents generated here (invoiceDocuments.ts): PDFs laid out like
 * issued invoices, with and without their QR code, a QR photo, a 全电 XML and an OFD carrying it.
 */
import { zipSync, strToU8 } from 'fflate';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { sampleInvoices, SAMPLE_DIGITAL, SAMPLE_ORDINARY } from '../../../scripts/invoiceSamples/sampleInvoices.js';
import { invoicePdf, invoiceXml, qrText } from './invoiceDocuments.js';
import { recognizeInvoice } from './recognizeInvoice.js';
import { toInvoiceResult } from './recognizedInvoice.js';

const pdf = async (inv: Parameters<typeof invoicePdf>[0]) => Buffer.from(await invoicePdf(inv));

describe('recognizeInvoice', () => {
  it('an electronic ordinary invoice PDF: the QR code gives type, code, number, date, amount; the text layer the rest', async () => {
    const r = await recognizeInvoice(await pdf(SAMPLE_ORDINARY));
    expect(r?.source).toBe('qr');
    expect(r?.invoice).toMatchObject({
      typeCode: '10', typeName: '增值税电子普通发票', code: '011001605111', number: '80100798', date: '2016-10-18', checkCode: '85342965681116380258',
      amount: '64.90', tax: '3.89', total: '68.79',
      buyer: '某某科技有限公司', buyerTaxNo: '91110108MA01ZZZZ3C', seller: '某某餐饮管理有限公司', sellerTaxNo: '911101057226XXXX4D',
    });
    expect(r?.invoice.items).toEqual([{ name: '*餐饮服务*餐费', unit: '次', quantity: '1', price: '64.90', amount: '64.90', taxRate: '6%', tax: '3.89' }]);
  });

  it('a 全电 PDF (buyer and seller side by side, 20-digit number, no code)', async () => {
    const r = await recognizeInvoice(await pdf(SAMPLE_DIGITAL));
    expect(r?.source).toBe('qr');
    expect(r?.invoice).toMatchObject({
      typeCode: '31', code: '', number: '23442000000014209621', date: '2023-02-15', amount: '8500.00', tax: '1085.00', total: '9585.00',
      buyer: '某某建设工程有限公司', buyerTaxNo: '91440300MA5FXXXX1A', seller: '某某建材贸易有限公司', sellerTaxNo: '91440101MA9YYYYY2B',
    });
    expect(r?.invoice.items.map((i) => [i.name, i.spec, i.amount, i.taxRate])).toEqual([
      ['*黑色金属冶炼压延品*螺纹钢', 'HRB400', '8000.00', '13%'], ['*运输服务*运费', undefined, '500.00', '9%'],
    ]);
  });

  it('a PDF without a QR code is read from its text layer alone', async () => {
    const r = await recognizeInvoice(await pdf({ ...SAMPLE_ORDINARY, qr: false, number: '80100799' }));
    expect(r?.source).toBe('pdf');
    expect(r?.invoice).toMatchObject({ typeCode: '10', code: '011001605111', number: '80100799', date: '2016-10-18', total: '68.79', seller: '某某餐饮管理有限公司' });
  });

  it('a photo of the QR code (PNG) gives what the QR code holds', async () => {
    const png = await QRCode.toBuffer(qrText(SAMPLE_DIGITAL), { margin: 4, scale: 6 });
    const r = await recognizeInvoice(png);
    expect(r).toEqual({ source: 'qr', invoice: { typeCode: '31', typeName: '电子发票（增值税专用发票）', code: '', number: '23442000000014209621', date: '2023-02-15', amount: '8500.00', items: [] } });
  });

  it('a 全电 XML and an OFD carrying it', async () => {
    const xml = invoiceXml(SAMPLE_DIGITAL);
    expect((await recognizeInvoice(Buffer.from(xml)))?.source).toBe('xml');
    const ofd = Buffer.from(zipSync({ 'OFD.xml': strToU8('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'), 'Doc_0/Attachs/invoice.xml': strToU8(xml) }));
    const r = await recognizeInvoice(ofd);
    expect(r?.source).toBe('ofd');
    expect(r?.invoice).toMatchObject({ number: '23442000000014209621', total: '9585.00', seller: '某某建材贸易有限公司' });
  });

  it('the sample PDF of each of the 14 type codes is read back with its type, code, number, date, amounts and parties', async () => {
    const samples = sampleInvoices();
    expect(samples.map((s) => s.typeCode)).toEqual(['01', '03', '04', '08', '10', '11', '14', '15', '17', '31', '32', '183', '185', '186']);
    for (const s of samples) {
      const r = await recognizeInvoice(await pdf(s));
      expect(r?.invoice, s.typeCode).toMatchObject({
        typeCode: s.typeCode, code: s.code, number: s.number, date: s.date, amount: s.amount, tax: s.tax, total: s.total,
        seller: s.seller.name, buyer: s.buyer.name, items: [{ name: s.items[0].name, amount: s.items[0].amount }],
      });
    }
  });

  it('answers null for what holds no invoice: a QR code of something else, random bytes, a PDF without invoice text', async () => {
    expect(await recognizeInvoice(await QRCode.toBuffer('https://example.com/', { scale: 6 }))).toBeNull();
    expect(await recognizeInvoice(Buffer.from('PNGDATA-123'))).toBeNull();
    expect(await recognizeInvoice(Buffer.from('%PDF-1.7\nbroken'))).toBeNull();
  });

  it('the parse response fields carry the ledger names and the total when only amount and tax are known', async () => {
    const r = await recognizeInvoice(await pdf(SAMPLE_ORDINARY));
    const { fields, item_list } = toInvoiceResult(r!.invoice);
    expect(fields).toMatchObject({ invoice_type_code: '10', invoice_code: '011001605111', invoice_no: '80100798', invoice_date: '2016-10-18', amount: '64.90', tax: '3.89', total: '68.79', seller: '某某餐饮管理有限公司', seller_tax_no: '911101057226XXXX4D' });
    expect(item_list[0]).toMatchObject({ name: '*餐饮服务*餐费', tax_rate: '6%' });
    expect(toInvoiceResult({ amount: '100.10', tax: '13.01', items: [] }).fields.total).toBe('113.11');
  });
});
