/**
 * The import's worker thread (ADR 0811): reads the uploaded table from the bytes the main thread
 * hands over, converts and checks each batch (importConvert.ts) and answers it as COPY lines; the
 * main thread writes them into its transaction. It waits for the main thread's ack of each batch,
 * so no more than two batches are ever under way. It has no database connection: everything it
 * looks up was loaded by the main thread and comes with `start`.
 */
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { copyBatch, mainFixed } from '../repositories/importWrites.js';
import { convertBatch, mapHeader, rowBatches, type Mapped } from './importConvert.js';
import type { FromImportWorker, ImportStart, ToImportWorker } from './importThread.js';
import { ImportResolver, type Problem } from './importValues.js';
import { importedText } from '../../../../schema-adapters/cells/spreadsheetText.js';
import { boundInflation } from './ioWorker.js';

const port = parentPort!;
const post = (m: FromImportWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

const body = new Readable({ read() { post({ type: 'need' }); } });
let acked: (() => void) | null = null;

async function run(s: ImportStart): Promise<void> {
  boundInflation(s.inflated);
  const resolver = ImportResolver.withLookups(s.tenantId, s.lookups);
  const fixed = mainFixed(s.meta, s.status).values;
  let mapped: Mapped | null = null;
  let problemCount = 0;
  let previewLeft = s.previewRows;
  const onHeader = (h: unknown[]) => {
    mapped = mapHeader(h, s.fields);
    post({ type: 'header', labels: mapped.fields.map((f) => f?.label ?? null) });
  };
  for await (const rows of rowBatches(body, s.kind, onHeader)) {
    const m = mapped as unknown as Mapped;
    const converted = await convertBatch(null, s.model, resolver, m, rows, s.user, null);
    const problems: Problem[] = [];
    for (const c of converted) for (const p of c.problems) problems.push(p);
    problemCount += problems.length;
    const preview: string[][] = [];
    for (let k = 0; k < rows.length && previewLeft > 0; k++, previewLeft--) preview.push(m.fields.map((f, i) => (f ? importedText(rows[k].cells[i]) : '')));
    let columns: string[] | null = null;
    let data: Uint8Array | null = null;
    if (s.write && !problemCount) {
      const b = copyBatch(converted.map((c) => ({ fixed, values: c.values! })));
      columns = b.columns;
      // Its own buffer (not a slice of Buffer's pool), so it can be transferred.
      data = new TextEncoder().encode(b.text);
    }
    const ack = new Promise<void>((resolve) => { acked = resolve; });
    post({ type: 'batch', rows: rows.length, last: rows.length ? rows[rows.length - 1].rowNo : 0, problems, preview, columns, data }, data ? [data.buffer as ArrayBuffer] : []);
    await ack;
  }
  post({ type: 'done' });
}

port.on('message', (m: ToImportWorker) => {
  if (m.type === 'bytes') body.push(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
  else if (m.type === 'end') body.push(null);
  else if (m.type === 'ack') { const a = acked; acked = null; a?.(); }
  else if (m.type === 'start') {
    run(m).catch((err: unknown) => {
      const e = err as { name?: string; status?: number; message?: string };
      post({ type: 'error', status: e?.name === 'HttpError' ? e.status : undefined, message: e?.message ?? String(err) });
    });
  }
});
