/**
 * Worker threads of the import (ADR 0811, issue 26 item 3): started with a bounded heap, so a file
 * whose content outgrows it ends its worker (answered as a 400), never the API's process; and,
 * inside the worker, a bound on the bytes zlib inflates, so a zip whose parts inflate to more than
 * its directory declared is stopped after those bytes rather than after gigabytes (exceljs's
 * reader writes a sheet that precedes the shared strings to a temporary file first).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { HttpError } from '../../http/HttpError.js';
import { LIMIT_MESSAGES } from './importLimits.js';

/** The worker's heap: reading a million rows makes a lot of short-lived garbage; a small old space keeps it collected. */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 48 };

/** Starts `./{name}.ts` (sources through tsx: npm start, tests) or `./{name}.js` (the build) with the bounded heap. */
export function startIoWorker(name: string): Worker {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, self), { resourceLimits: WORKER_LIMITS });
  // The worker registers tsx before loading its module.
  const tsx = pathToFileURL(createRequire(self).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const target = new URL(`./${name}.ts`, self).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })`, { eval: true, resourceLimits: WORKER_LIMITS });
}

/** What a worker's failure means for the user: its heap bound reached is the file's fault (a 400). */
export function workerFailure(err: unknown): unknown {
  const code = (err as { code?: string })?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new HttpError(400, LIMIT_MESSAGES.memory);
  return err;
}

/**
 * Call inside a worker only (it changes this thread's zlib): every raw inflater made from now on
 * (unzipper's, for each zip part) counts its output, and all of them together stop at `limit`
 * bytes: the worker posts the Chinese 400 as `{ type: 'error' }` (both import workers' message)
 * and exits.
 */
export function boundInflation(limit: number): void {
  let total = 0;
  const make = zlib.createInflateRaw;
  Object.defineProperty(zlib, 'createInflateRaw', {
    configurable: true,
    writable: true,
    value: (opts?: zlib.ZlibOptions) => {
      const z = make(opts);
      const push = z.push.bind(z);
      z.push = (chunk: unknown, encoding?: BufferEncoding) => {
        if (chunk) {
          total += (chunk as Buffer).length;
          if (total > limit) {
            // The zip reader would wait for the rest of a part that never comes: the worker
            // says why and ends (the thread only), which also frees all it held.
            parentPort?.postMessage({ type: 'error', status: 400, message: LIMIT_MESSAGES.inflated });
            process.exit(1);
          }
        }
        return push(chunk, encoding);
      };
      return z;
    },
  });
}
