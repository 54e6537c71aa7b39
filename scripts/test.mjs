// `npm run test:parallel`: the browser project beside the others, in a vitest process of its own
// (not the default `npm test`: browser tests timed out under this load in 2 of 3 full runs, ADR 1063).
//
// A browser file mostly waits (for Chromium to render, for animations, for its server); on the
// 2-core machine it used a fifth of the cores while it ran, yet in one vitest run it had to come
// after the other projects (vitest runs projects side by side only with the same `maxWorkers`,
// and the browser files must run one at a time). So the run is two processes: the browser
// project, one file at a time, and every other project with two workers instead of three, so that
// a browser file never shares two cores with more than two API or client files
// (docs/benchmarks.md, "Test suite duration"). The browser process's output is held and printed
// after the other's, so the two reports do not interleave.
//
// With arguments (`npm test -- tests/api/records.test.ts`, `npm test -- --project api`) this is
// plain `vitest run` with them.
//
// While it runs, the browser process's output is also written as it comes to
// $TMPDIR/formwork-browser-tests.log (printed at the start), so a long run can be followed.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

/** Runs vitest with `extra`; its output goes to the terminal, or, when `hold` names a file, is collected (and written there as it comes). */
function run(extra, hold) {
  const child = spawn(process.execPath, [...vitest, ...extra], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  if (hold) {
    const live = createWriteStream(hold);
    const keep = (c) => { chunks.push(c); live.write(c); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', () => live.end());
  }
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
  return { child, done };
}

const browserLog = join(tmpdir(), 'formwork-browser-tests.log');
if (args.length === 0) console.log(`Browser project runs beside the others; its output follows theirs and is written as it comes to ${browserLog}`);
const runs = args.length > 0 ? [run(args, false)] : [run(['--project', '!browser', '--maxWorkers', '2'], false), run(['--project', 'browser'], browserLog)];
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => runs.forEach((r) => r.child.kill(sig)));

const results = await Promise.all(runs.map((r) => r.done));
if (results.length > 1) {
  process.stdout.write('\n──────── browser project (ran beside the others) ────────\n');
  process.stdout.write(results[1].output);
  console.log(`\nOther projects: ${results[0].code === 0 ? 'passed' : `failed (exit ${results[0].code})`}; browser: ${results[1].code === 0 ? 'passed' : `failed (exit ${results[1].code})`}.`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
