/**
 * Where an import's rows are read (issue 26 item 3): a small file on the API's thread, once its
 * whole inflated content was verified to stay small; anything larger in a worker thread with a
 * bounded heap (tableReadThread.ts). Either way memory is bounded whatever the file declares.
 */
import { Readable } from 'node:stream';
import type { FileStore } from '../../files/fileStore.js';
import { badRequest } from '../../http/HttpError.js';
import { IMPORT_LIMITS } from './importLimits.js';
import { readSheetRows, type SheetRow } from './importRead.js';
import { readRowsInWorker } from './tableReadThread.js';
import { checkZipParts, verifyInflation, zipParts } from './zipDirectory.js';

async function whole(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function* firstSheet(rows: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow> {
  for await (const r of rows) {
    if (r.sheet > 0) return;
    yield r;
  }
}

/**
 * The rows of the stored upload `key`: every sheet (`allSheets`) or the first. `inflated` is what
 * the upload's zip directory declared (IMPORT_LIMITS.totalBytes when unknown).
 */
export async function tableRows(store: FileStore, key: string, kind: 'xlsx' | 'xls' | 'csv', allSheets: boolean, inflated?: number): Promise<AsyncGenerator<SheetRow>> {
  const file = await store.get(key);
  if (!file) throw badRequest('导入文件已失效，请重新上传');
  if (file.size <= IMPORT_LIMITS.smallFileBytes) {
    const bytes = await whole(file.body);
    let small = true;
    if (kind === 'xlsx') {
      const parts = zipParts(bytes, bytes.length);
      const total = checkZipParts(parts);
      small = total <= IMPORT_LIMITS.smallInflatedBytes;
      if (small) verifyInflation(bytes, parts);
      else inflated = total;
    }
    const body = Readable.from([bytes], { objectMode: false });
    if (small) return allSheets ? readSheetRows(body, kind) : firstSheet(readSheetRows(body, kind));
    return readRowsInWorker(body, kind, allSheets, inflated ?? IMPORT_LIMITS.totalBytes);
  }
  return readRowsInWorker(file.body, kind, allSheets, inflated ?? IMPORT_LIMITS.totalBytes);
}
