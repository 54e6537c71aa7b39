/**
 * Demo files written through the same FileStore and key scheme as /api/common/upload, so a
 * seeded record's file entry downloads like an uploaded one (tenant-scoped key, real bytes).
 */
import { Readable } from 'node:stream';
import { downloadUrl, newFileKey, sanitizeFileName } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import { samplePdf, samplePng } from './sampleDocuments.js';

/** A file entry as the form's upload fields keep it (what the browser stores after an upload). */
export interface SampleFileEntry {
  name: string;
  fileName: string;
  url: string;
  size: number;
}

/** What a demo file shows: a PDF with text lines, or a picture. */
export type SampleFileContent = { kind: 'pdf'; lines: string[] } | { kind: 'png'; hue: number };

/** Stores demo files for one tenant; without a store (seeding a bare database) it stores nothing. */
export type SampleFileWriter = (name: string, content: SampleFileContent) => Promise<SampleFileEntry | undefined>;

/** A writer for `tenantId` over `store`. */
export function sampleFileWriter(store: FileStore | undefined, tenantId: number): SampleFileWriter {
  return async (name, content) => {
    if (!store) return undefined;
    const safe = sanitizeFileName(name);
    const bytes = content.kind === 'pdf' ? samplePdf(content.lines) : samplePng(content.hue);
    const key = newFileKey(tenantId, safe);
    const { size } = await store.put(key, Readable.from([bytes]));
    return { name: safe, fileName: key, url: downloadUrl(key), size };
  };
}
