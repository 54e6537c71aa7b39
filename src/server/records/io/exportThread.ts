/**
 * Large export jobs on PostgreSQL run their table part in a worker thread (ADR 0804): the main
 * thread finds the ids (list order) and hands them over; reading the rows,
 * turning them into cells and writing the `.xlsx`/`.csv` bytes all happen there, over the
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
import type { ExportParams } from './exportRequest.js';
import type { RecordId } from '../repositories/exportQueries.js';
import type { FileEntry, JobUser } from './exportJob.js';

/** Messages from the worker. */
export type FromWorker =
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'progress'; done: number; total?: number | null; phase?: string }
  | { type: 'done'; rows: number; files: FileEntry[] }
  | { type: 'error'; cancelled: boolean; status?: number; message: string };

/** Messages to the worker. */
export type ToWorker =
  | { type: 'start'; url: string; params: ExportParams & { user: JobUser }; tenantId: number; ids: RecordId[] }
  | { type: 'ack' }
  | { type: 'cancel' };

/** Rows from which an export runs in a worker thread: EXPORT_WORKER_ROWS (0 = always), default 20,000; EXPORT_WORKER=off never. */
export function useExportWorker(rows: number, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.EXPORT_WORKER === 'off') return false;
  const n = Number(env.EXPORT_WORKER_ROWS);
  // Starting a worker (and its modules) costs about a second: small exports stay on the main thread.
  return rows >= (env.EXPORT_WORKER_ROWS !== undefined && Number.isInteger(n) && n >= 0 ? n : 20_000);
}

function startWorker(): Worker {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return new Worker(new URL('./exportWorker.js', self));
  // Sources run through tsx (npm start, tests): the worker registers it before loading its module.
  // tsx's ESM entry (require.resolve answers the CommonJS one beside it).
  const tsx = pathToFileURL(createRequire(self).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const target = new URL('./exportWorker.ts', self).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })`, { eval: true });
}

/**
 * Runs the export's table part in a worker; `store(out)` consumes the file's bytes (and resolves
 * when they are stored); `discard()` removes what was stored when the export fails or is cancelled.
 */
export async function exportInWorker(url: string, params: ExportParams & { user: JobUser }, tenantId: number, ids: RecordId[], ctx: JobContext,
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
      post({ type: 'start', url, params, tenantId, ids });
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
