/**
 * Large export jobs on PostgreSQL run their table part in a worker thread (ADR 0804): the main
 * thread hands over the list query (or the chosen ids); the worker reads the rows through a
 * cursor in list order (ADR 0805), makes the cells and writes the `.xlsx`/`.csv` bytes, over the
 * worker's own connection, so the API's event loop only copies the finished (compressed) bytes
 * into the file store. Progress comes back as messages; a cancel is passed in and the worker
 * stops at its next check. On PGlite (one in-process connection) the job stays on the main thread.
 */
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/HttpError.js';
import { JobCancelledError, type JobContext } from '../../jobs/types.js';
import type { ExportParams, ExportSource, FileEntry } from './exportRequest.js';
import type { JobUser } from './jobUser.js';

/** Messages from the worker. */
export type FromWorker =
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'progress'; done: number; total?: number | null; phase?: string }
  | { type: 'done'; rows: number; files: FileEntry[] }
  | { type: 'error'; cancelled: boolean; status?: number; message: string };

/** Messages to the worker. */
export type ToWorker =
  | { type: 'start'; url: string; params: ExportParams & { user: JobUser }; tenantId: number; source: ExportSource }
  | { type: 'ack' }
  | { type: 'cancel' };

/** Rows from which an export runs in a worker thread: EXPORT_WORKER_ROWS (0 = always), default 20,000; null (EXPORT_WORKER=off) never. */
export function exportWorkerRows(env: NodeJS.ProcessEnv = process.env): number | null {
  if (env.EXPORT_WORKER === 'off') return null;
  const n = Number(env.EXPORT_WORKER_ROWS);
  // Starting a worker (and its modules) costs about a second: small exports stay on the main thread.
  return env.EXPORT_WORKER_ROWS !== undefined && Number.isInteger(n) && n >= 0 ? n : 20_000;
}

/**
 * The worker's old-generation bound in MB: EXPORT_WORKER_HEAP_MB (0 = V8's default, about 4 GB
 * here), default 384. The worker's live data is its modules plus one chunk of rows, cells and XML
 * (tens of MB); unbounded, V8 let a 1M-row export's garbage grow the heap well past that before
 * collecting it. Bounded, it collects sooner, for 13–20 % more CPU (ADR 0805). 384 stays above
 * V8's low-memory class (≤ 256 MB on 64-bit), whose slower heap growth cost more CPU for about
 * the same RSS; it leaves room for chunks of wide rows. A worker that still runs out fails
 * its job (the error is reported), not the server.
 */
export function workerLimits(env: NodeJS.ProcessEnv = process.env): { maxOldGenerationSizeMb?: number } {
  const n = Number(env.EXPORT_WORKER_HEAP_MB);
  const mb = env.EXPORT_WORKER_HEAP_MB !== undefined && env.EXPORT_WORKER_HEAP_MB !== '' && Number.isInteger(n) && n >= 0 ? n : 384;
  return mb ? { maxOldGenerationSizeMb: Math.max(mb, 64) } : {};
}

function startWorker(): Worker {
  const resourceLimits = workerLimits();
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return new Worker(new URL('./exportWorker.js', self), { resourceLimits });
  // Sources run through tsx (npm start, tests): the worker registers it before loading its module.
  // tsx's ESM entry (require.resolve answers the CommonJS one beside it).
  const tsx = pathToFileURL(createRequire(self).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const target = new URL('./exportWorker.ts', self).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })`, { eval: true, resourceLimits });
}

/**
 * Runs the export's table part in a worker; `store(out)` consumes the file's bytes (and resolves
 * when they are stored); `discard()` removes what was stored when the export fails or is cancelled.
 */
export async function exportInWorker(url: string, params: ExportParams & { user: JobUser }, tenantId: number, source: ExportSource, ctx: JobContext,
  store: (out: Readable) => Promise<void>, discard: () => Promise<void>): Promise<{ rows: number; files: FileEntry[] }> {
  const out = new PassThrough();
  const stored = store(out);
  stored.catch(() => {});
  const worker = startWorker();
  let cancelSent = false;
  const post = (m: ToWorker) => worker.postMessage(m);
  const checkCancel = () => {
    if (!cancelSent && ctx.cancelled()) {
      cancelSent = true;
      post({ type: 'cancel' });
    }
  };
  // The job's cancel flag is read about once a second; the worker hears of it at once.
  const watch = setInterval(checkCancel, 200);
  try {
    const result = await new Promise<{ rows: number; files: FileEntry[] }>((resolve, reject) => {
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'chunk') {
          const ack = () => post({ type: 'ack' });
          if (out.write(m.data)) ack();
          else out.once('drain', ack);
        } else if (m.type === 'progress') {
          void ctx.progress(m.done, m.total, m.phase);
          checkCancel();
        } else if (m.type === 'done') resolve({ rows: m.rows, files: m.files });
        else reject(m.cancelled ? new JobCancelledError() : m.status ? new HttpError(m.status, m.message) : new Error(m.message));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`export worker exited with ${code}`)));
      post({ type: 'start', url, params, tenantId, source });
    });
    out.end();
    await stored;
    return result;
  } catch (err) {
    out.destroy(err as Error);
    await stored.catch(() => {});
    await discard();
    throw err;
  } finally {
    clearInterval(watch);
    await worker.terminate();
  }
}
