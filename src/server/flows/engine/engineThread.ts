/**
 * Runs engine steps in one worker thread per process (issue 26 item 5). bpmn-engine computes a
 * step synchronously: a step of 20 parallel branches took 90–860 ms of the API's event loop on
 * the shared 2-core machine, and every other tenant's request waited behind it. In the worker the
 * event loop only copies the inputs and the answer.
 *
 * The worker starts at the first step (about a second through tsx) and then stays, unref'd so it
 * never keeps a process alive. If it dies (out of memory, a bug), the steps it held fail and the
 * next step starts a new one. FLOW_ENGINE_WORKER=off runs steps on the API thread (a process
 * without worker threads).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runStep, type StepInput, type StepOutput } from './engineStep.js';

/** The worker's heap: a step of a bounded definition (flowLimits.ts) needs a few MB. */
const LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

let worker: Worker | null = null;
let ready: Promise<void> | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (o: StepOutput) => void; reject: (e: Error) => void }>();

function start(): Worker {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return new Worker(new URL('./engineWorker.js', self), { resourceLimits: LIMITS });
  // Sources run through tsx (npm start, tests): the worker registers it before loading its module.
  const tsx = pathToFileURL(createRequire(self).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const target = new URL('./engineWorker.ts', self).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })`, { eval: true, resourceLimits: LIMITS });
}

function failAll(error: Error): void {
  for (const w of waiting.values()) w.reject(error);
  waiting.clear();
}

function theWorker(): { w: Worker; ready: Promise<void> } {
  if (worker && ready) return { w: worker, ready };
  const w = start();
  worker = w;
  ready = new Promise<void>((resolve, reject) => {
    w.on('message', (m: { ready?: true; id?: number; out?: StepOutput }) => {
      if (m.ready) return resolve();
      const call = waiting.get(m.id!);
      if (!call) return;
      waiting.delete(m.id!);
      call.resolve(m.out!);
      if (!waiting.size) w.unref();
    });
    const gone = (error: Error) => {
      if (worker === w) { worker = null; ready = null; }
      reject(error);
      failAll(error);
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`flow engine worker exited (${code})`)));
  });
  ready.catch(() => {});
  w.unref();
  return { w, ready };
}

/** Runs one step in the worker (or here with FLOW_ENGINE_WORKER=off). */
export async function runStepOffThread(input: StepInput): Promise<StepOutput> {
  if (process.env.FLOW_ENGINE_WORKER === 'off') return runStep(input);
  const { w, ready: up } = theWorker();
  const id = nextId++;
  const answer = new Promise<StepOutput>((resolve, reject) => waiting.set(id, { resolve, reject }));
  answer.catch(() => {}); // a worker that fails to start rejects both; the caller gets `up`'s error
  // Referenced from now until the answer (also while it starts), so a process waiting only for
  // this step (a seed script) does not exit under it.
  w.ref();
  try {
    await up;
  } catch (e) {
    waiting.delete(id);
    throw e;
  }
  w.postMessage({ id, input });
  return answer;
}
