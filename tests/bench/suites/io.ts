// Export and import bench (issue 14), PostgreSQL only: the records bench's 15-column form with
// IO_BENCH_ROWS rows (default 1,000,000) exported to .xlsx through the job API, with the list's
// p99 of another user measured idle and during the export (a timing client in its own process),
// then IO_BENCH_IMPORT_ROWS (default 100,000) rows × 15 columns imported into an empty copy.
// RSS growth is this process's (the server runs in it) peak over its value before the job.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import pg from 'pg';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createForm } from '../../../src/server/records/services/formDefinitions.js';
import { FORM, PAGE, seedBenchForm } from './records.js';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.IO_BENCH_ROWS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.IO_BENCH_IMPORT_ROWS ?? 100_000);
const TIMER = new URL('../tools/timeRequests.mjs', import.meta.url).pathname;

async function timeFetch(url: string, token: string, body: unknown, n: number): Promise<number[]> {
  const child = execFile(process.execPath, [TIMER], { maxBuffer: 64 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`timing client exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify({ url, token, body, method: 'POST', n, warmup: 5 }));
  return (JSON.parse(await out) as { samples: number[] }).samples;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];

/** Runs `start` (answers a job id) to the end; answers seconds, peak RSS growth (MB) and the job. */
async function runJob(base: string, token: string, start: () => Promise<string>): Promise<{ seconds: number; rssMb: number; cpuSeconds: number; job: any }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  // The bench process's own CPU time (the server runs in it; PostgreSQL's is not counted): on a
  // busy shared machine it moves much less than the wall-clock time.
  const cpu0 = process.cpuUsage();
  let peak = rss0;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 100);
  const t0 = performance.now();
  try {
    const id = await start();
    for (;;) {
      const job = (await (await fetch(`${base}/api/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
      if (!['queued', 'running'].includes(job.status)) {
        const cpu = process.cpuUsage(cpu0);
        return { seconds: (performance.now() - t0) / 1000, rssMb: (peak - rss0) / 1048576, cpuSeconds: (cpu.user + cpu.system) / 1e6, job };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    clearInterval(sampler);
  }
}

/** An .xlsx of `rows` records of the bench form, written with exceljs's streaming writer. */
async function importFile(rows: number, owner: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('导入');
  ws.addRow(FORM.fields.map((f) => f.label)).commit();
  for (let i = 0; i < rows; i++) {
    ws.addRow([`钢筋采购${i}`, `客户${i % 500}`, `HT-${i}`, 'ABCDE'[i % 5], ['east', 'west', 'north', 'south'][i % 4], (i % 10000) + 0.5, i % 100, 12.34,
      `2026-${String(1 + (i % 12)).padStart(2, '0')}-15`, '2026-03-01 08:30:00', owner, `备注${i}`, i % 5, i % 2 ? '是' : '否', '09:30:00']).commit();
  }
  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

export default async function ioBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const name = `formwork_bench_io_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-bench-io-'));
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
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
      const file = await importFile(IMPORT_ROWS, owner);
      // The upload's body is built before the measured window: it is the client's memory, not the server's.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
      const imp = await runJob(base, token, async () => {
        const r = await (await fetch(`${base}/api/auto/bench_import/importData?onlyParse=false`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
        return r.data.jobId as string;
      });
      out.push({ name: `postgres: import ${IMPORT_ROWS.toLocaleString('en')} rows × 15 columns from .xlsx (job, to committed)`, medianMs: imp.seconds * 1000, p95Ms: imp.seconds * 1000, iterations: 1,
        notes: `${imp.job.status}, imported ${imp.job.result?.imported}, problems ${imp.job.result?.problemCount}, RSS growth ${imp.rssMb.toFixed(0)} MB, bench process CPU ${imp.cpuSeconds.toFixed(1)} s; target ≤ 15 s ${imp.seconds <= 15 ? '✔' : '✘'}, ≤ 300 MB ${imp.rssMb <= 300 ? '✔' : '✘'}` });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  return out;
}
