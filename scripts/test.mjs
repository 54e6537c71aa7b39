// `npm test`: the browser project beside the others, in a vitest process of its own.
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
import { spawn } from 'node:child_process';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

/** Runs vitest with `extra`; its output goes to the terminal, or is collected when `hold` is set. */
function run(extra, hold) {
  const child = spawn(process.execPath, [...vitest, ...extra], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks = [];
  if (hold) {
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
  }
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
  return { child, done };
}

const runs = args.length > 0 ? [run(args, false)] : [run(['--project', '!browser', '--maxWorkers', '2'], false), run(['--project', 'browser'], true)];
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => runs.forEach((r) => r.child.kill(sig)));

const results = await Promise.all(runs.map((r) => r.done));
if (results.length > 1) {
  process.stdout.write('\n──────── browser project (ran beside the others) ────────\n');
  process.stdout.write(results[1].output);
  console.log(`\nOther projects: ${results[0].code === 0 ? 'passed' : `failed (exit ${results[0].code})`}; browser: ${results[1].code === 0 ? 'passed' : `failed (exit ${results[1].code})`}.`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
