// Export and import bench (issue 14), PostgreSQL only: the records bench's 15-column form with
// IO_BENCH_ROWS rows (default 1,000,000) exported to .xlsx through the job API, with the list's
// p99 of another user measured idle and during the export (a timing client in its own process),
// then IO_BENCH_IMPORT_ROWS (default 100,000) rows × 15 columns imported into an empty copy.
// RSS growth is this process's (the server runs in it) peak over its value before the job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { summarize, type BenchResult } from '../run.js';
import { createBenchDatabase } from '../tools/benchDatabase.js';
import { benchImportFile, importUpload, p99, runJob, startImport, timeRequests } from '../tools/jobTraffic.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createForm } from '../../../src/server/records/services/formDefinitions.js';
import { FORM, PAGE, seedBenchForm } from './records.js';

const ROWS = Number(process.env.IO_BENCH_ROWS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.IO_BENCH_IMPORT_ROWS ?? 100_000);
const timeFetch = (url: string, token: string, body: unknown, n: number) => timeRequests(url, token, body, n, 5);

export default async function ioBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const bench = await createBenchDatabase('formwork_bench_io');
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-bench-io-'));
  const database = await openDatabase({ kind: 'postgres', url: bench.url, max: 10 });
  try {
    const { tenantId, actor } = await seedBenchForm(database.db, ROWS);
    const tenant = { id: tenantId };
    await createForm(database.db, actor, { ...FORM, enName: 'bench_import', cnName: '导入测试' });
    await sql`ANALYZE ${sql.id(`t_${tenant.id}`, 'bench_orders')}`.execute(database.db);
    const app = await buildApp({ config: { ...loadConfig({}), dataDir, logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const login = async () => (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json()).token as string;
      const token = await login();
      const other = await login();
      const list = `${base}/api/auto/bench_orders/list`;
      const idle = await timeFetch(list, other, PAGE, 100);
      out.push(summarize('postgres: list page 1 sorted, idle', idle, `p99 ${p99(idle).toFixed(1)} ms`));

      let during: number[] = [];
      let exporting = true;
      const exp = runJob(base, token, async () => {
        const r = await (await fetch(`${base}/api/auto/bench_orders/export`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ currentColumns: FORM.fields.map((f) => f.enName), queryMap: { pageNum: 1, pageSize: 1_000_000 } }) })).json();
        return r.data.jobId as string;
      }).finally(() => { exporting = false; });
      // Another user's list requests while the export runs.
      const load2 = (async () => {
        await new Promise((r) => setTimeout(r, 1000));
        while (exporting) during = during.concat(await timeFetch(list, other, PAGE, 20));
      })();
      const e = await exp;
      await load2;
      out.push({ name: `postgres: export ${ROWS.toLocaleString('en')} rows × 15 columns to .xlsx (job)`, medianMs: e.seconds * 1000, p95Ms: e.seconds * 1000, iterations: 1,
        notes: `${e.job.status}, ${e.job.result?.rows} rows, RSS growth ${e.rssMb.toFixed(0)} MB; target ≤ 40 s ${e.seconds <= 40 ? '✔' : '✘'}, ≤ 300 MB ${e.rssMb <= 300 ? '✔' : '✘'}` });
      if (during.length) {
        out.push(summarize('postgres: list page 1 sorted, during the export', during,
          `p99 ${p99(during).toFixed(1)} ms = ${(p99(during) / p99(idle)).toFixed(2)}× idle; target ≤ 2× ${p99(during) <= 2 * p99(idle) ? '✔' : '✘'}`));
      }

      const owner = (await database.db.selectFrom('users').select('nick_name').where('tenant_id', '=', tenant.id).where('user_name', '=', 'admin').executeTakeFirstOrThrow()).nick_name;
      const file = await benchImportFile(IMPORT_ROWS, owner);
      const upload = importUpload(file);
      const imp = await runJob(base, token, () => startImport(base, token, 'bench_import', upload));
      out.push({ name: `postgres: import ${IMPORT_ROWS.toLocaleString('en')} rows × 15 columns from .xlsx (job, to committed)`, medianMs: imp.seconds * 1000, p95Ms: imp.seconds * 1000, iterations: 1,
        notes: `${imp.job.status}, imported ${imp.job.result?.imported}, problems ${imp.job.result?.problemCount}, RSS growth ${imp.rssMb.toFixed(0)} MB, bench process CPU ${imp.cpuSeconds.toFixed(1)} s; target ≤ 15 s ${imp.seconds <= 15 ? '✔' : '✘'}, ≤ 300 MB ${imp.rssMb <= 300 ? '✔' : '✘'}` });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await bench.drop();
  }
  return out;
}
