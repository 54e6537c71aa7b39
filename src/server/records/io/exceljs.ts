/**
 * exceljs, loaded with its stream iterator replaced. exceljs 4.4's `utils/iterate-stream` races
 * between `pause`, `resume` and its own `data` buffer: the streaming WorkbookReader then loses
 * whole zip entries now and then (seen here: 1 read in 8 of one two-sheet file lost the second
 * sheet and xl/workbook.xml; upstream exceljs#1558, #2790, #3064, unfixed in every release). The
 * replacement below keeps the original's pause-per-chunk contract without the lost wake-ups.
 * The swap must happen before exceljs first loads, so every module takes exceljs from here.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type ExcelJSModule from 'exceljs';

const require = createRequire(import.meta.url);

/**
 * The stream's chunks, one at a time. Like exceljs's original it pauses the stream while the
 * consumer works on a chunk (unzipper needs that: an entry must be drained before the next one
 * is read), but every wake-up is registered before the stream is resumed, so no chunk, end or
 * error can slip between the check and the wait.
 */
async function* iterateStream(stream: Readable): AsyncGenerator<unknown> {
  if (stream.readableObjectMode && typeof stream[Symbol.asyncIterator] === 'function') {
    for await (const entry of stream) yield entry;
    return;
  }
  const chunks: unknown[] = [];
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  stream.on('data', (chunk: unknown) => {
    chunks.push(chunk);
    stream.pause();
    notify();
  });
  stream.on('end', () => { ended = true; notify(); });
  stream.on('error', (err: unknown) => { failure = err; notify(); });
  for (;;) {
    if (failure) throw failure;
    if (chunks.length) {
      yield chunks.shift();
      continue;
    }
    if (ended) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
      stream.resume();
    });
  }
}

const root = dirname(require.resolve('exceljs/package.json'));
const target = join(root, 'lib', 'utils', 'iterate-stream.js');
if (!require.cache[target]) {
  // A module record whose exports is the replacement: exceljs's own `require` finds it cached.
  const Module = require('node:module') as { new (id: string): NodeJS.Module };
  const record = new Module(target);
  record.filename = target;
  record.loaded = true;
  record.exports = iterateStream;
  require.cache[target] = record;
}

const ExcelJS = require('exceljs') as typeof ExcelJSModule;

/** True when exceljs reads through the replacement (checked by a test). */
export const iterateStreamReplaced = require(target) === iterateStream;

export default ExcelJS;
