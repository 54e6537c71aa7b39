/**
 * Large imports on PostgreSQL read and convert in a worker thread (ADR 0811): the main thread
 * streams the file's bytes in, the worker answers each batch as COPY lines (with its problems and
 * preview rows), and the main thread writes them into its one transaction on its own connection
 * (importJob.ts): once a judging pass found no problem, a second pass answers the lines and
 * each batch commits with the job's cursor (ADR 1064), as the main thread's chunks do.
 * The worker's heap is bounded (`resourceLimits`), so the garbage of reading a million rows does
 * not grow the process; it waits for an ack per batch, so memory between reader and writer is
 * bounded too.
 */
import type { Readable } from 'node:stream';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import { HttpError } from '../../http/HttpError.js';
import type { JobContext } from '../../jobs/types.js';
import type { FormModel } from '../query/formModel.js';
import type { WriteMeta } from '../repositories/recordWrites.js';
import type { JobUser } from './jobUser.js';
import type { Lookup, Problem } from './importValues.js';
import { startIoWorker, workerFailure } from './ioWorker.js';

/** What the worker needs to start: all it looks up comes with it (it has no connection). */
export interface ImportStart {
  type: 'start';
  kind: 'xlsx' | 'csv';
  model: FormModel;
  fields: FieldDefinition[];
  lookups: Map<string, Lookup>;
  tenantId: number;
  user: JobUser;
  meta: WriteMeta;
  status: number;
  /** false: parse only (no COPY lines). */
  write: boolean;
  previewRows: number;
  /** The bytes the file's parts may inflate to together (ioWorker.ts `boundInflation`). */
  inflated: number;
}

export type ToImportWorker = ImportStart | { type: 'bytes'; data: Uint8Array } | { type: 'end' } | { type: 'ack' };

export type FromImportWorker =
  | { type: 'need' }
  | { type: 'header'; labels: (string | null)[] }
  /** `last`: the file row number of the batch's last row; `columns`/`data`: the value columns after the fixed ones and the COPY lines; null once a problem was found (or parse only). */
  | { type: 'batch'; rows: number; last: number; problems: Problem[]; preview: string[][]; columns: string[] | null; data: Uint8Array | null }
  | { type: 'done' }
  | { type: 'error'; status?: number; message: string };

/**
 * Whether an import of a file of `bytes` runs its reading in a worker: IMPORT_WORKER_BYTES (0 =
 * always), default 1 MB (≈ 20,000 rows of 15 columns; starting a worker costs about a second);
 * IMPORT_WORKER=off never.
 */
export function useImportWorker(bytes: number, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.IMPORT_WORKER === 'off') return false;
  const n = Number(env.IMPORT_WORKER_BYTES);
  return bytes >= (env.IMPORT_WORKER_BYTES !== undefined && Number.isInteger(n) && n >= 0 ? n : 1_048_576);
}

/** A batch of COPY lines for the main table (`columns` after the fixed ones). */
export interface LinesBatch { columns: string[]; data: Uint8Array; rows: number; last: number }

export interface WorkerPass {
  total: number;
  labels: (string | null)[] | null;
  preview: string[][];
}

/**
 * Runs the reading and conversion of `body` in a worker. `onProblems` gets each batch's problems;
 * `write` (absent when parsing only) writes a batch's lines and resolves when they are in; it runs
 * while the worker converts the next batch. Throws what the worker threw (an HttpError keeps its
 * status and message), or the job's cancel.
 */
export async function importInWorker(body: Readable, start: Omit<ImportStart, 'type'>, ctx: JobContext,
  onProblems: (p: Problem[]) => void, write: ((b: LinesBatch) => Promise<void>) | null): Promise<WorkerPass> {
  const worker = startIoWorker('importWorker');
  const chunks = body[Symbol.asyncIterator]();
  const post = (m: ToImportWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(m, transfer);
  const out: WorkerPass = { total: 0, labels: null, preview: [] };
  let pending: Promise<void> = Promise.resolve();
  // Batches are handled one after the other, in order.
  let chain: Promise<void> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => { reject(err); };
      const step = (fn: () => Promise<void>) => { chain = chain.then(fn); chain.catch(fail); };
      worker.on('message', (m: FromImportWorker) => {
        if (m.type === 'need') {
          step(async () => {
            const next = await chunks.next();
            if (next.done) post({ type: 'end' });
            else {
              const data = new Uint8Array(next.value as Buffer);
              post({ type: 'bytes', data }, [data.buffer]);
            }
          });
        } else if (m.type === 'header') out.labels = m.labels;
        else if (m.type === 'batch') {
          step(async () => {
            ctx.throwIfCancelled();
            out.total += m.rows;
            for (const row of m.preview) out.preview.push(row);
            onProblems(m.problems);
            if (write && m.columns && m.data) {
              const lines = { columns: m.columns, data: m.data, rows: m.rows, last: m.last };
              // One COPY at a time on the connection; the next batch is converted meanwhile.
              await pending;
              pending = write(lines);
              pending.catch(() => {});
            } else await ctx.progress(out.total, null, 'parse');
            post({ type: 'ack' });
          });
        } else if (m.type === 'done') step(async () => { await pending; resolve(); });
        else fail(m.status ? new HttpError(m.status, m.message) : new Error(m.message));
      });
      worker.on('error', (err) => fail(workerFailure(err)));
      worker.on('exit', (code) => fail(new Error(`import worker exited with ${code}`)));
      post({ type: 'start', ...start });
    });
    return out;
  } finally {
    await worker.terminate();
    await pending.catch(() => {});
    body.destroy();
  }
}
