/**
 * The engine's worker thread (issue 26 item 5; engineThread.ts starts it): runs the steps it is
 * sent one after another and answers each by its id. No database, no I/O: plain data in and out.
 */
import { parentPort } from 'node:worker_threads';
import { runStep, type StepInput } from './engineStep.js';

parentPort!.on('message', (m: { id: number; input: StepInput }) => {
  void runStep(m.input).then((out) => parentPort!.postMessage({ id: m.id, out }));
});
parentPort!.postMessage({ ready: true });
