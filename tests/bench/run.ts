// `npm run bench [-- <suite> …]`: runs every tests/bench/suites/*.ts (or the named ones) and prints
// one table. Each suite default-exports `async () => BenchResult[]`. Never part of `npm test`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One measured figure of a suite. */
export interface BenchResult {
  name: string;
  medianMs: number;
  p95Ms: number;
  iterations: number;
  notes?: string;
}

/** Times `fn` `iterations` times after `warmup` untimed runs; median and p95 in milliseconds. */
export function measure(name: string, fn: (i: number) => void, opts: { iterations?: number; warmup?: number; notes?: string } = {}): BenchResult {
  const iterations = opts.iterations ?? 200;
  for (let i = 0; i < (opts.warmup ?? 20); i++) fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn(i);
    times.push(performance.now() - start);
  }
  return summarize(name, times, opts.notes);
}

/** Median and p95 of already-taken samples (ms). */
export function summarize(name: string, samples: number[], notes?: string): BenchResult {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { name, medianMs: at(0.5), p95Ms: at(0.95), iterations: samples.length, notes };
}

const SUITES_DIR = join(import.meta.dirname, 'suites');

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const files = readdirSync(SUITES_DIR).filter((f) => f.endsWith('.ts')).sort()
    .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')));
  const rows: (BenchResult & { suite: string })[] = [];
  let failed = false;
  for (const file of files) {
    const suite = file.replace(/\.ts$/, '');
    process.stderr.write(`running ${suite} …\n`);
    try {
      const mod = (await import(pathToFileURL(join(SUITES_DIR, file)).href)) as { default: () => Promise<BenchResult[]> };
      for (const result of await mod.default()) rows.push({ suite, ...result });
    } catch (error) {
      failed = true;
      process.stderr.write(`suite ${suite} failed: ${(error as Error).stack ?? error}\n`);
    }
  }
  const fmt = (n: number) => (n < 1 ? n.toFixed(3) : n < 100 ? n.toFixed(2) : n.toFixed(0));
  const header = ['suite', 'benchmark', 'median ms', 'p95 ms', 'n', 'notes'];
  const table = rows.map((r) => [r.suite, r.name, fmt(r.medianMs), fmt(r.p95Ms), String(r.iterations), r.notes ?? '']);
  process.stdout.write(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`);
  for (const row of table) process.stdout.write(`| ${row.join(' | ')} |\n`);
  process.stdout.write(`\nmachine: ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString()}\n`);
  if (failed) process.exitCode = 1;
}

// Not awaited at top level: suites import measure() from this module while it runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
