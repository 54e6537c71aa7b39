/**
 * A worker thread that only reads an uploaded table (issue 26 item 3): the main thread streams the
 * file's bytes in and gets its rows back in batches, acknowledging each, so the worker's bounded
 * heap (ioWorker.ts) holds whatever the file makes the reader keep (exceljs's shared strings,
 * SheetJS's legacy sheets) and the main thread never more than one batch.
 */
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { readSheetRows, type SheetRow } from './importRead.js';
import { boundInflation } from './ioWorker.js';
import type { FromReadWorker, ToReadWorker } from './tableReadThread.js';

const port = parentPort!;
const post = (m: FromReadWorker) => port.postMessage(m);
const body = new Readable({ read() { post({ type: 'need' }); } });
let acked: (() => void) | null = null;

/** Rows per message: small enough that a batch of long rows stays far below the heap bound. */
const ROWS_PER_BATCH = 200;

async function run(kind: 'xlsx' | 'xls' | 'csv', allSheets: boolean, inflated: number): Promise<void> {
  boundInflation(inflated);
  let batch: SheetRow[] = [];
  const send = async () => {
    const ack = new Promise<void>((resolve) => { acked = resolve; });
    post({ type: 'rows', rows: batch });
    batch = [];
    await ack;
  };
  for await (const row of readSheetRows(body, kind)) {
    if (!allSheets && row.sheet > 0) break;
    batch.push(row);
    if (batch.length >= ROWS_PER_BATCH) await send();
  }
  if (batch.length) await send();
  post({ type: 'done' });
}

port.on('message', (m: ToReadWorker) => {
  if (m.type === 'bytes') body.push(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
  else if (m.type === 'end') body.push(null);
  else if (m.type === 'ack') { const a = acked; acked = null; a?.(); }
  else if (m.type === 'start') {
    run(m.kind, m.allSheets, m.inflated).catch((err: unknown) => {
      const e = err as { name?: string; status?: number; message?: string };
      post({ type: 'error', status: e?.name === 'HttpError' ? e.status : undefined, message: e?.message ?? String(err) });
    });
  }
});
