// Jobs bench (issue 26 item 4, ADR 0806): another user's requests while a batch edit job of
// JOBS_BENCH_ROWS (default 60,000) records runs, on PGlite (one connection: the job commits in
// short chunks and lets go of it between them) and, when BENCH_DATABASE_URL's server answers, on
// PostgreSQL. The other user lists page 1 of the same 15-column form (sorted), from a timing
// client in its own process, idle first and then for JOBS_BENCH_SECONDS (default 60) of the job;
// the job is then stopped with the app. Target: p99 ≤ 1 s during the job.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { PAGE, seedBenchForm } from './records.js';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.JOBS_BENCH_ROWS ?? 60_000);
const SECONDS = Number(process.env.JOBS_BENCH_SECONDS ?? 60);
const TIMER = new URL('../tools/timeRequests.mjs', import.meta.url).pathname;

async function timeFetch(url: string, token: string, body: unknown, n: number): Promise<number[]> {
  const child = execFile(process.execPath, [TIMER], { maxBuffer: 64 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`timing client exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify({ url, token, body, method: 'POST', n, warmup: 2 }));
  return (JSON.parse(await out) as { samples: number[] }).samples;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];

async function one(kind: 'pglite' | 'postgres', database: AppDatabase): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-bench-jobs-'));
  const { tenantId } = await seedBenchForm(database.db, ROWS);
  // Every record editable (the seed also makes voided and in-approval ones, which a batch edit refuses).
  await sql`UPDATE ${sql.id(`t_${tenantId}`, 'bench_orders')} SET sys_status = 1`.execute(database.db);
  const app = await buildApp({ config: { ...loadConfig({}), dataDir, logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = async () => (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json()).token as string;
    const owner = await login();
    const other = await login();
    const list = `${base}/api/auto/bench_orders/list`;
    const idle = await timeFetch(list, other, PAGE, 50);
    out.push(summarize(`${kind}: another user's list page, idle`, idle, `p99 ${p99(idle).toFixed(0)} ms`));
    const started = await (await fetch(`${base}/api/auto/bench_orders/batchUpdate/job`, {
      method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: { pageNum: 1, pageSize: 20 }, data: { remark: '批量修改' } }),
    })).json();
    const jobId = started.data.jobId as string;
    const job = async () => (await (await fetch(`${base}/api/jobs/${jobId}`, { headers: { authorization: `Bearer ${owner}` } })).json()).data;
    // The window starts when the job works on the records (its check or write phase).
    for (let j = await job(); j.status === 'queued' || (j.status === 'running' && !['check', 'write'].includes(j.phase)); j = await job()) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const during: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    let last = await job();
    while (performance.now() < until && last.status === 'running') {
      during.push(...(await timeFetch(list, other, PAGE, 20)));
      last = await job();
    }
    const end = last.status === 'running' ? `${last.phase} ${last.done}/${last.total ?? '?'} after ${SECONDS} s (then stopped)` : `${last.status} within the window`;
    if (!during.length) out.push({ name: `${kind}: batch edit job`, medianMs: 0, p95Ms: 0, iterations: 0, notes: `no sample: job ${last.status} ${last.error ?? ''}` });
    else {
      out.push(summarize(`${kind}: another user's list page during a ${ROWS.toLocaleString('en')}-record batch edit job`, during,
        `p99 ${p99(during).toFixed(0)} ms; job ${end}; target p99 ≤ 1,000 ms ${p99(during) <= 1000 ? '✔' : '✘'}`));
    }
  } finally {
    // Closing stops the job (a chunked one between chunks; a PostgreSQL one rolls back).
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

export default async function jobsBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const lite = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    out.push(...(await one('pglite', lite)));
  } finally {
    await lite.close();
  }
  const name = `formwork_bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return out; // no PostgreSQL server here: the PGlite figure only
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
  try {
    out.push(...(await one('postgres', database)));
  } finally {
    await database.close();
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  return out;
}
