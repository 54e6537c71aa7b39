/**
 * Storing an uploaded table for an import (issue 26 item 3): the bytes go to the file store as
 * they come, the last TAIL_BYTES are kept on the way, and an `.xlsx`'s zip directory is read from
 * them and checked against IMPORT_LIMITS before the job is queued, so a file that would inflate
 * past a limit is answered with its Chinese 400 right away and never read.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import { storeUpload, type UploadedFile } from '../../files/fileService.js';
import type { FileStore } from '../../files/fileStore.js';
import { badRequest } from '../../http/HttpError.js';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from './importLimits.js';
import { tableKind } from './importRead.js';
import { checkZipParts, TAIL_BYTES, zipParts } from './zipDirectory.js';

/** Passes bytes through and keeps the last `max` of them. */
class Tail extends Transform {
  private chunks: Buffer[] = [];
  private kept = 0;

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.chunks.length > 1 && this.kept - this.chunks[0].length >= this.max) this.kept -= this.chunks.shift()!.length;
    done(null, chunk);
  }

  bytes(): Buffer {
    const all = Buffer.concat(this.chunks);
    return all.length > this.max ? all.subarray(all.length - this.max) : all;
  }
}

/** What the import keeps of a checked upload. */
export interface StoredTable extends UploadedFile {
  kind: 'xlsx' | 'xls' | 'csv';
  /** The inflated size the zip directory declares (xlsx), checked against IMPORT_LIMITS. */
  inflated?: number;
}

/** Stores an import's upload and checks what can be checked before reading it; a refused file is removed. */
export async function storeTableUpload(store: FileStore, tenantId: number, part: { filename: string; file: Readable & { truncated?: boolean } }, maxSizeMb: number): Promise<StoredTable> {
  const kind = tableKind(part.filename);
  const tail = new Tail(TAIL_BYTES);
  pipeline(part.file, tail, () => {});
  const saved = await storeUpload(store, tenantId, { filename: part.filename, file: Object.defineProperty(tail, 'truncated', { get: () => part.file.truncated }) as Readable }, maxSizeMb);
  try {
    if (kind === 'xls' && saved.size > IMPORT_LIMITS.xlsBytes) throw badRequest(LIMIT_MESSAGES.xlsBytes);
    const inflated = kind === 'xlsx' ? checkZipParts(zipParts(tail.bytes(), saved.size)) : undefined;
    return { ...saved, kind, inflated };
  } catch (err) {
    await store.remove(saved.fileName);
    throw err;
  }
}
