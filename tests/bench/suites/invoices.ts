// Invoice recognition (issue 31 checks: a one-page invoice PDF ≤ 300 ms): offline recognition of
// generated one-page PDFs (QR image + text layer; text layer only) and a QR photo, warm (the
// first call of a process also loads pdfjs and compiles the wasm decoder, reported separately); and
// drawing an invoice PDF, which the demo seed does for every 发票台账 record.
// Figures go to docs/benchmarks.md, section "Invoices".
import QRCode from 'qrcode';
import { SAMPLE_DIGITAL, SAMPLE_ORDINARY } from '../../../scripts/invoiceSamples/sampleInvoices';
import { invoicePdf, qrText } from '../../../src/server/invoices/invoiceDocuments';
import { recognizeInvoice } from '../../../src/server/invoices/recognizeInvoice';
import { summarize, type BenchResult } from '../run';

async function timed(name: string, input: Buffer, iterations: number, notes?: string): Promise<BenchResult> {
  for (let i = 0; i < 5; i++) await recognizeInvoice(input);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const r = await recognizeInvoice(input);
    samples.push(performance.now() - start);
    if (!r) throw new Error(`${name}: not recognised`);
  }
  return summarize(name, samples, notes);
}

/** Drawing an invoice PDF: what the demo seed does for each 发票台账 record (14 per tenant). */
async function drawing(iterations: number): Promise<BenchResult> {
  for (let i = 0; i < 3; i++) await invoicePdf(SAMPLE_DIGITAL);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await invoicePdf({ ...SAMPLE_ORDINARY, number: String(80_100_000 + i) });
    samples.push(performance.now() - start);
  }
  return summarize('draw one invoice PDF (QR + text layer; the demo seed draws 28)', samples);
}

export default async function invoices(): Promise<BenchResult[]> {
  const ordinary = Buffer.from(await invoicePdf(SAMPLE_ORDINARY));
  const digital = Buffer.from(await invoicePdf(SAMPLE_DIGITAL));
  const textOnly = Buffer.from(await invoicePdf({ ...SAMPLE_ORDINARY, qr: false }));
  const photo = await QRCode.toBuffer(qrText(SAMPLE_ORDINARY), { margin: 6, scale: 8 });
  const start = performance.now();
  await recognizeInvoice(ordinary);
  const first = performance.now() - start;
  return [
    summarize('first call of a process (pdfjs load + wasm compile)', [first]),
    await timed('one-page PDF, QR + text layer (增值税电子普通发票)', ordinary, 40, 'target ≤ 300 ms'),
    await timed('one-page PDF, QR + text layer (全电, 2 items)', digital, 40, 'target ≤ 300 ms'),
    await timed('one-page PDF, text layer only', textOnly, 40),
    await timed('QR photo (PNG 8 px per module)', photo, 40),
    await drawing(40),
  ];
}
