// Issue 11: the fuzz run (tests/bench/fuzz) as a bench suite: 20,000 malformed list, record and
// definition requests per database, 0 answers 5xx, the server's RSS before and after. The suite
// fails (and so `npm run bench`) when any answer was 5xx.
import type { BenchResult } from '../run.js';
import { describeReport } from '../fuzz/main.js';
import { runFuzz } from '../fuzz/runFuzz.js';

export default async function fuzz(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const databases: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const database of databases) {
    const r = await runFuzz(database);
    process.stderr.write(`${describeReport(r)}\n`);
    if (r.failures.length) throw new Error(`fuzz on ${database}: ${r.failures.length} answers 5xx or broken\n${describeReport(r)}`);
    const perRequestMs = (r.seconds * 1000) / Math.max(1, r.sent);
    out.push({ name: `fuzz ${database}: ${r.sent} malformed requests, 0 × 5xx`, medianMs: perRequestMs, p95Ms: perRequestMs, iterations: r.sent,
      notes: `wall ${r.seconds.toFixed(0)} s at 8 in flight (ms shown = wall per request); server RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} MB, peak ${r.rssPeakMb.toFixed(0)} MB` });
  }
  return out;
}
