// `npm run fuzz`: the fuzz run on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set; prints
// each report and exits non-zero when any request was answered 5xx. `npm run bench` runs it too
// (suites/fuzz.ts).
import { runFuzz, type FuzzReport } from './runFuzz.js';

/** One line per database, then the failures in full. */
export function describeReport(r: FuzzReport): string {
  const statuses = Object.entries(r.byStatus).sort().map(([s, n]) => `${s}×${n}`).join(' ');
  const lines = [`${r.database}: ${r.sent} requests (list ${r.byKind.list}, record ${r.byKind.record}, definition ${r.byKind.definition}) in ${r.seconds.toFixed(0)} s${r.timedOut ? ' (time limit reached)' : ''}; ` +
    `5xx/broken ${r.failures.length}; statuses ${statuses}; server RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} MB (peak ${r.rssPeakMb.toFixed(0)} MB)`];
  for (const f of r.failures) lines.push(`  ${f.status} ${f.request.method} ${f.request.path.slice(0, 200)} ${String(f.request.raw ?? f.request.body).slice(0, 400)} → ${f.body}`);
  for (const e of r.serverErrors) lines.push(`  server: ${e.slice(0, 1200)}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const databases: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  let failed = false;
  for (const database of databases) {
    const report = await runFuzz(database);
    process.stdout.write(`${describeReport(report)}\n`);
    if (report.failures.length) failed = true;
  }
  process.stdout.write(`machine: ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString()}\n`);
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) void main();
