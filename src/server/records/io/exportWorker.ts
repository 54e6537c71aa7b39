/**
 * The worker thread of an export (exportThread.ts, ADR 0804): its own PostgreSQL connection, the
 * table written here, the file's bytes posted to the main thread one chunk at a time (each waits
 * for the main thread's ack, so a slow file store holds the worker back instead of filling memory).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { connectPostgres } from '../../db/openDatabase.js';
import { HttpError } from '../../http/HttpError.js';
import { JobCancelledError } from '../../jobs/types.js';
import { produceTable } from './exportJob.js';
import type { FromWorker, ToWorker } from './exportThread.js';
import { csvWriter, xlsxWriter } from './tableWriter.js';

/**
 * Other users' requests go first: on Linux the nice value is a per-thread attribute, so this
 * thread (its id from /proc/thread-self, "pid/task/tid") runs at nice 10 while the API's thread
 * keeps the process's priority; an export on a busy machine then waits instead of the lists.
 */
function yieldToTheApiThread(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, 10);
  } catch {
    // Not Linux, or renicing refused: the export runs at the process's priority.
  }
}
yieldToTheApiThread();

const port = parentPort!;
let cancelled = false;
let acked: (() => void) | null = null;
const send = (m: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

port.on('message', (m: ToWorker) => {
  if (m.type === 'cancel') cancelled = true;
  else if (m.type === 'ack') {
    const a = acked;
    acked = null;
    a?.();
  } else void run(m);
});

async function run(m: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  const { db } = await connectPostgres({ connectionString: m.url, max: 2 }, 'DATABASE_URL');
  const w = m.params.format === 'csv' ? csvWriter() : xlsxWriter();
  const hooks = {
    progress: async (done: number, total?: number | null, phase?: string) => send({ type: 'progress', done, total, phase }),
    throwIfCancelled: () => { if (cancelled) throw new JobCancelledError(); },
  };
  // Chunks go out one at a time: the next is read from the writer once the main thread took this one.
  const forwarded = (async () => {
    for await (const chunk of w.out) {
      const data = new Uint8Array(chunk as Buffer);
      await new Promise<void>((resolve) => {
        acked = resolve;
        send({ type: 'chunk', data }, [data.buffer]);
      });
    }
  })();
  forwarded.catch(() => {});
  try {
    const r = await produceTable(db, m.params, m.tenantId, m.source, hooks, w);
    await w.close();
    await forwarded;
    send({ type: 'done', rows: r.rows, files: r.files });
  } catch (err) {
    w.fail(err as Error);
    send({ type: 'error', cancelled: err instanceof JobCancelledError, status: err instanceof HttpError ? err.status : undefined, message: (err as Error).message });
  } finally {
    await db.destroy().catch(() => {});
  }
}
