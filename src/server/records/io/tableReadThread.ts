/**
 * Reading an uploaded table in a worker thread with a bounded heap (tableReadWorker.ts; issue 26
 * item 3): the rows come back as an async generator, one batch at a time, so every import path
 * that reads on the API's thread (serial numbers, related forms, sub-form sheets, PGlite) keeps
 * the same code and the worker's heap bound.
 */
import type { Readable } from 'node:stream';
import { HttpError } from '../../http/HttpError.js';
import type { SheetRow } from './importRead.js';
import { startIoWorker, workerFailure } from './ioWorker.js';

export type ToReadWorker =
  | { type: 'start'; kind: 'xlsx' | 'xls' | 'csv'; allSheets: boolean; inflated: number }
  | { type: 'bytes'; data: Uint8Array }
  | { type: 'end' }
  | { type: 'ack' };

export type FromReadWorker =
  | { type: 'need' }
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'done' }
  | { type: 'error'; status?: number; message: string };

/**
 * The rows of `body` read in a worker: every sheet (`allSheets`) or the first. `inflated` bounds
 * the bytes the zip's parts may inflate to. Throws what the worker threw (an HttpError keeps its
 * status and message; a heap bound reached is the 400 of LIMIT_MESSAGES.memory).
 */
export async function* readRowsInWorker(body: Readable, kind: 'xlsx' | 'xls' | 'csv', allSheets: boolean, inflated: number): AsyncGenerator<SheetRow> {
  const worker = startIoWorker('tableReadWorker');
  const chunks = body[Symbol.asyncIterator]();
  const queue: FromReadWorker[] = [];
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => { const w = wake; wake = null; w?.(); };
  const fail = (err: unknown) => { failure ??= err; notify(); };
  // Bytes are handed over as the worker asks for them, one read at a time.
  let feeding: Promise<void> = Promise.resolve();
  worker.on('message', (m: FromReadWorker) => {
    if (m.type === 'need') {
      feeding = feeding.then(async () => {
        const next = await chunks.next();
        if (next.done) worker.postMessage({ type: 'end' } satisfies ToReadWorker);
        else {
          const data = new Uint8Array(next.value as Buffer);
          worker.postMessage({ type: 'bytes', data } satisfies ToReadWorker, [data.buffer]);
        }
      }).catch(fail);
    } else if (m.type === 'error') fail(m.status ? new HttpError(m.status, m.message) : new Error(m.message));
    else { queue.push(m); notify(); }
  });
  worker.on('error', (err) => fail(workerFailure(err)));
  worker.on('exit', (code) => fail(new Error(`table read worker exited with ${code}`)));
  worker.postMessage({ type: 'start', kind, allSheets, inflated } satisfies ToReadWorker);
  try {
    for (;;) {
      if (!queue.length && !failure) await new Promise<void>((resolve) => { wake = resolve; });
      const m = queue.shift();
      if (!m) {
        if (failure) throw failure;
        continue;
      }
      if (m.type === 'done') return;
      if (m.type === 'rows') {
        for (const row of m.rows) yield row;
        worker.postMessage({ type: 'ack' } satisfies ToReadWorker);
      }
    }
  } finally {
    await worker.terminate();
    body.destroy();
  }
}
