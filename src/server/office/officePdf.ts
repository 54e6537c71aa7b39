/**
 * PDFs of office files, kept in the file store by content: `t{tenantId}/pdf/{sha256}.pdf`. The same
 * bytes are converted once per tenant (an edited file has new bytes, so a new entry); the key is
 * outside the upload pattern (files/fileKeys.ts), so no download call serves it by itself.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStore } from '../files/fileStore.js';
import type { OfficeConverter } from './sofficeConverter.js';

/** The cache key of a tenant's converted file. */
export function pdfCacheKey(tenantId: number, bytes: Uint8Array): string {
  return `t${tenantId}/pdf/${createHash('sha256').update(bytes).digest('hex')}.pdf`;
}

/** Reads a stream into one buffer, or null past `limit` bytes. */
export async function readAll(body: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The PDF of an office file: from the cache, else converted and cached. */
export async function officePdf(store: FileStore, converter: OfficeConverter, tenantId: number, name: string, bytes: Uint8Array): Promise<Buffer> {
  const key = pdfCacheKey(tenantId, bytes);
  const cached = await store.get(key);
  if (cached) {
    const pdf = await readAll(cached.body, Number.MAX_SAFE_INTEGER);
    if (pdf?.length) return pdf;
  }
  const pdf = await converter.toPdf(name, bytes);
  try {
    await store.put(key, Readable.from([pdf]));
  } catch (err) {
    // Two conversions of the same bytes at once: the other one stored it first (the store refuses an existing key).
    if ((err as { code?: string }).code !== 'EEXIST' && !(await store.stat(key))) throw err;
  }
  return pdf;
}
