/**
 * `npm run invoice-samples [-- folder]`: writes one invoice PDF per type code of spec 02 §9 (with
 * its QR code and text layer), a 全电 invoice as XML and a photo-like PNG of a QR code into
 * `folder` (default ./invoice-samples), to try recognition with (docs/invoices.md "Samples").
 * The copy linked from the docs is committed in docs/samples/invoices (`npm run invoice-samples --
 * docs/samples/invoices`; src/server/invoices/docSamples.test.ts checks it is recognised).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import QRCode from 'qrcode';
import { invoicePdf, invoiceXml, qrText } from '../../src/server/invoices/invoiceDocuments.js';
import { sampleInvoices } from './sampleInvoices.js';

const folder = resolve(process.argv[2] ?? 'invoice-samples');
mkdirSync(folder, { recursive: true });
const samples = sampleInvoices();
for (const inv of samples) {
  const file = join(folder, `${inv.typeCode}-${inv.title.replace(/[（）()]/g, '')}.pdf`);
  writeFileSync(file, await invoicePdf(inv));
  console.log(file);
}
const digital = samples.find((s) => s.typeCode === '32')!;
writeFileSync(join(folder, '32-全电发票.xml'), invoiceXml(digital));
writeFileSync(join(folder, '10-二维码照片.png'), await QRCode.toBuffer(qrText(samples.find((s) => s.typeCode === '10')!), { margin: 6, scale: 8 }));
console.log(`${samples.length} PDFs, one XML and one QR photo in ${folder}`);
