/**
 * Demo files written through the same FileStore and key scheme as /api/common/upload, so a
 * seeded record's file entry downloads like an uploaded one (tenant-scoped key, real bytes).
 */
import { Readable } from 'node:stream';
import { downloadUrl, newFileKey, sanitizeFileName } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import { invoicePdf, type InvoiceDocument } from '../../invoices/invoiceDocuments.js';
import { samplePdf, samplePng } from './sampleDocuments.js';

/** A file entry as the form's upload fields keep it (what the browser stores after an upload). */
export interface SampleFileEntry {
  name: string;
  fileName: string;
  url: string;
  size: number;
}

/**
 * What a demo file shows: a PDF with text lines, a picture, or an invoice drawn as issued (QR code
 * and text layer, so recognition reads it back). Drawn only when there is a store to put it in.
 */
export type SampleFileContent = { kind: 'pdf'; lines: string[] } | { kind: 'png'; hue: number } | { kind: 'invoice'; invoice: InvoiceDocument };

async function bytesOf(content: SampleFileContent): Promise<Uint8Array> {
  if (content.kind === 'pdf') return samplePdf(content.lines);
  if (content.kind === 'png') return samplePng(content.hue);
  return invoicePdf(content.invoice);
}

/** Stores demo files for one tenant; without a store (seeding a bare database) it stores nothing. */
export type SampleFileWriter = (name: string, content: SampleFileContent) => Promise<SampleFileEntry | undefined>;

/** A writer for `tenantId` over `store`. */
export function sampleFileWriter(store: FileStore | undefined, tenantId: number): SampleFileWriter {
  return async (name, content) => {
    if (!store) return undefined;
    const safe = sanitizeFileName(name);
    const bytes = await bytesOf(content);
    const key = newFileKey(tenantId, safe);
    const { size } = await store.put(key, Readable.from([bytes]));
    return { name: safe, fileName: key, url: downloadUrl(key), size };
  };
}
