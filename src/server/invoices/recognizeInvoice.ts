/**
 * Offline recognition of an uploaded invoice (issue 31 item 1): a PDF (QR code image and text
 * layer), a 全电 XML, an OFD (the invoice XML it carries as an attachment) or a photo/scan (its QR
 * code). Answers null when the document holds nothing readable; the caller then tries a configured
 * OCR service.
 */
import { unzipSync } from 'fflate';
import { parseInvoiceQr } from './invoiceQr.js';
import { invoiceFromText } from './invoiceText.js';
import { invoiceFromXml, looksLikeXml } from './invoiceXml.js';
import { readPdf } from './pdfReader.js';
import { qrTextsFromImageFile, qrTextsFromPixels } from './qrReader.js';
import { fromQr, isRecognized, mergeInvoices, type RecognizedInvoice } from './recognizedInvoice.js';

/** How the invoice was read (documented in docs/invoices.md). */
export type RecognitionSource = 'qr' | 'pdf' | 'xml' | 'ofd';

/** The recognised invoice and what it came from. */
export interface Recognition {
  invoice: RecognizedInvoice;
  source: RecognitionSource;
}

const isPdf = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-');
const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

function firstInvoiceQr(texts: string[]) {
  for (const t of texts) {
    const qr = parseInvoiceQr(t);
    if (qr) return qr;
  }
  return null;
}

async function fromPdf(buffer: Buffer): Promise<Recognition | null> {
  let content;
  try {
    content = await readPdf(buffer);
  } catch {
    return null;
  }
  const text = invoiceFromText(content.items);
  for (const image of content.images) {
    const qr = firstInvoiceQr(await qrTextsFromPixels(image));
    if (qr) return { invoice: mergeInvoices(fromQr(qr), text), source: 'qr' };
  }
  return isRecognized(text) ? { invoice: text, source: 'pdf' } : null;
}

/** An OFD is a zip; a 全电 invoice's OFD carries the invoice XML among its files. */
function fromOfd(buffer: Buffer): Recognition | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(buffer), { filter: (f) => /\.xml$/i.test(f.name) && f.originalSize < 5_000_000 });
  } catch {
    return null;
  }
  for (const data of Object.values(files)) {
    const inv = invoiceFromXml(Buffer.from(data).toString('utf8'));
    if (isRecognized(inv)) return { invoice: inv, source: 'ofd' };
  }
  return null;
}

/** Recognises `buffer` without any outside service, or answers null. */
export async function recognizeInvoice(buffer: Buffer): Promise<Recognition | null> {
  if (isPdf(buffer)) return fromPdf(buffer);
  if (isZip(buffer)) return fromOfd(buffer);
  if (looksLikeXml(buffer)) {
    const inv = invoiceFromXml(buffer.toString('utf8'));
    return isRecognized(inv) ? { invoice: inv, source: 'xml' } : null;
  }
  const qr = firstInvoiceQr(await qrTextsFromImageFile(buffer));
  return qr ? { invoice: fromQr(qr), source: 'qr' } : null;
}
