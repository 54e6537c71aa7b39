// Jobs bench (issue 26 item 4, ADR 0806, ADR 1064): what a large job of one tenant costs everyone
// else, on PGlite (one connection: jobs commit in short chunks and let go of it between them) and,
// when BENCH_DATABASE_URL's server answers, on PostgreSQL.
//
// Tenant DEFAULT holds the records bench's 15-column form with JOBS_BENCH_ROWS records (default
// 60,000); tenant T2 holds the same form with 2,000 records of its own. Two jobs of DEFAULT's
// administrator run one after the other:
//   1. a batch edit of every record (`remark`), watched for JOBS_BENCH_SECONDS (default 60) of its
//      judging and writing, then cancelled;
//   2. an import of JOBS_BENCH_IMPORT_ROWS rows (default 30,000) from .xlsx, run to its end.
// During each, T2's administrator lists page 1 of T2's form (the isolation figure of issue 26's
// checks: another tenant's p99, target ≤ 1 s), and during the batch edit another user of DEFAULT
// lists DEFAULT's form too. Requests come from timing clients in their own processes. RSS growth is
// this process's (server, and on PGlite the database) peak over its value before the job.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { summarize, type BenchResult } from '../run.js';
import { createBenchDatabase } from '../tools/benchDatabase.js';
import { benchImportFile, importUpload, p99, readJob, rssGrowth, runJob, startImport, timeRequests, timeRequestsAt } from '../tools/jobTraffic.js';
import { waitProbe, type Timed, type WaitProbe } from '../tools/waitProbe.js';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createForm } from '../../../src/server/records/services/formDefinitions.js';
import { FORM, load, PAGE, rebuildIndexes, seedBenchForm } from './records.js';

const ROWS = Number(process.env.JOBS_BENCH_ROWS ?? 60_000);
const SECONDS = Number(process.env.JOBS_BENCH_SECONDS ?? 60);
const IMPORT_ROWS = Number(process.env.JOBS_BENCH_IMPORT_ROWS ?? 30_000);
const OTHER_TENANT_ROWS = 2_000;
/** `edit`, `import` or both (default): which of the two jobs to run. */
const ONLY = process.env.JOBS_BENCH_ONLY ?? '';

/** The slowest requests of a window and what they overlapped (waitProbe.ts): where the p99 comes from. */
function slowest(probe: WaitProbe, xs: Timed[], k = 3): string {
  const top = [...xs].sort((a, b) => b.ms - a.ms).slice(0, k).map((r) => probe.explain(r));
  const phaseAt = (at: number) => [...probe.phases].reverse().find((p) => p.at <= at)?.phase ?? '?';
  const longest = (xs: { at: number; ms: number; what: string }[]) => [...xs].sort((a, b) => b.ms - a.ms).slice(0, 4).map((x) => `${x.ms} ms ${phaseAt(x.at)}${x.what === 'event loop' ? '' : ` ${x.what.slice(0, 40)}`}`).join(', ');
  return `slowest: ${top.join(' | ')}; longest event-loop stalls ${longest(probe.stalls)} (${probe.stalls.length} > 50 ms); longest engine calls ${longest(probe.engine)}${probe.poolWaitMax ? `; pool waiters max ${probe.poolWaitMax}` : ''}`;
}

const verdict = (xs: number[]) => `p99 ${p99(xs).toFixed(0)} ms; target ≤ 1,000 ms ${p99(xs) <= 1000 ? '✔' : '✘'}`;

/** Tenant T2's copy of the bench form with a few rows: the other tenant's ordinary list. */
async function otherTenantForm(database: AppDatabase): Promise<void> {
  const t2 = Number((await database.db.selectFrom('tenants').select('id').where('code', '=', 'T2').executeTakeFirstOrThrow()).id);
  const formId = await createForm(database.db, { tenantId: t2, userName: 'admin' }, FORM);
  await load(database.db, t2, OTHER_TENANT_ROWS);
  await rebuildIndexes(database.db, t2, formId);
}

async function one(kind: 'pglite' | 'postgres', database: AppDatabase): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-bench-jobs-'));
  const { tenantId, actor } = await seedBenchForm(database.db, ROWS);
  // Every record editable (the seed also makes voided and in-approval ones, which a batch edit refuses).
  await sql`UPDATE ${sql.id(`t_${tenantId}`, 'bench_orders')} SET sys_status = 1`.execute(database.db);
  await createForm(database.db, actor, { ...FORM, enName: 'bench_import', cnName: '导入测试' });
  await otherTenantForm(database);
  const app = await buildApp({ config: { ...loadConfig({}), dataDir, logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = async (tenantCode: string) => (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode }) })).json()).token as string;
    const owner = await login('DEFAULT');
    const sameTenant = await login('DEFAULT');
    const otherTenant = await login('T2');
    const list = `${base}/api/auto/bench_orders/list`;
    const idleSame = await timeRequests(list, sameTenant, PAGE, 50);
    const idleOther = await timeRequests(list, otherTenant, PAGE, 50);
    out.push(summarize(`${kind}: same tenant, another user's list page, idle`, idleSame, `p99 ${p99(idleSame).toFixed(0)} ms`));
    out.push(summarize(`${kind}: other tenant's list page, idle`, idleOther, `p99 ${p99(idleOther).toFixed(0)} ms`));

    if (ONLY !== 'import') {
    // 1. Batch edit: the window starts when the job works on the records (its check or write phase).
    const started = await (await fetch(`${base}/api/auto/bench_orders/batchUpdate/job`, {
      method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: { pageNum: 1, pageSize: 20 }, data: { remark: '批量修改' } }),
    })).json();
    const jobId = started.data.jobId as string;
    for (let j = await readJob(base, owner, jobId); j.status === 'queued' || (j.status === 'running' && !['check', 'write'].includes(j.phase)); j = await readJob(base, owner, jobId)) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const rss = rssGrowth();
    const probe = waitProbe(kind === 'postgres' ? database.pool : undefined);
    const same: number[] = [];
    const otherTimed: Timed[] = [];
    const until = performance.now() + SECONDS * 1000;
    let last = await readJob(base, owner, jobId);
    while (performance.now() < until && last.status === 'running') {
      probe.notePhase(last.phase);
      const [s, o] = await Promise.all([timeRequests(list, sameTenant, PAGE, 20), timeRequestsAt(list, otherTenant, PAGE, 20)]);
      same.push(...s);
      otherTimed.push(...o);
      last = await readJob(base, owner, jobId);
    }
    probe.stop();
    const other = otherTimed.map((r) => r.ms);
    const editRss = rss.stop();
    const end = last.status === 'running' ? `${last.phase} ${last.done}/${last.total ?? '?'} after ${SECONDS} s (then cancelled)` : `${last.status} within the window`;
    if (last.status === 'running') await fetch(`${base}/api/jobs/${jobId}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${owner}` } });
    const edit = `${ROWS.toLocaleString('en')}-record batch edit job`;
    if (!same.length) out.push({ name: `${kind}: ${edit}`, medianMs: 0, p95Ms: 0, iterations: 0, notes: `no sample: job ${last.status} ${last.error ?? ''}` });
    else {
      out.push(summarize(`${kind}: same tenant, another user's list page during a ${edit}`, same, `${verdict(same)}; job ${end}`));
      out.push(summarize(`${kind}: other tenant's list page during the ${edit}`, other, `${verdict(other)}; RSS growth ${editRss.toFixed(0)} MB; ${slowest(probe, otherTimed)}`));
    }
    for (let j = await readJob(base, owner, jobId); ['queued', 'running'].includes(j.status); j = await readJob(base, owner, jobId)) {
      await new Promise((r) => setTimeout(r, 200));
    }
    }

    // 2. Import to its end, the other tenant listing meanwhile.
    if (ONLY !== 'edit') {
    const ownerName = (await database.db.selectFrom('users').select('nick_name').where('tenant_id', '=', tenantId).where('user_name', '=', 'admin').executeTakeFirstOrThrow()).nick_name;
    const file = await benchImportFile(IMPORT_ROWS, ownerName);
    const upload = importUpload(file);
    let importing = true;
    const probe = waitProbe(kind === 'postgres' ? database.pool : undefined);
    const importTimed: Timed[] = [];
    const traffic = (async () => {
      while (importing) importTimed.push(...(await timeRequestsAt(list, otherTenant, PAGE, 20)));
    })();
    const imp = await runJob(base, owner, () => startImport(base, owner, 'bench_import', upload), (j) => probe.notePhase(`${j.phase ?? j.status}`)).finally(() => { importing = false; });
    await traffic;
    probe.stop();
    const duringImport = importTimed.map((r) => r.ms);
    out.push({ name: `${kind}: import ${IMPORT_ROWS.toLocaleString('en')} rows × 15 columns from .xlsx (job)`, medianMs: imp.seconds * 1000, p95Ms: imp.seconds * 1000, iterations: 1,
      notes: `${imp.job.status}, imported ${imp.job.result?.imported}, problems ${imp.job.result?.problemCount}, RSS growth ${imp.rssMb.toFixed(0)} MB` });
    if (duringImport.length) out.push(summarize(`${kind}: other tenant's list page during the import`, duringImport, `${verdict(duringImport)}; ${slowest(probe, importTimed)}`));
    }
  } finally {
    // Closing stops a job still running (a chunked one between chunks).
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
  let bench: Awaited<ReturnType<typeof createBenchDatabase>>;
  try {
    bench = await createBenchDatabase('formwork_bench_jobs');
  } catch {
    return out; // no PostgreSQL server here: the PGlite figures only
  }
  const database = await openDatabase({ kind: 'postgres', url: bench.url, max: 10 });
  try {
    out.push(...(await one('postgres', database)));
  } finally {
    await database.close();
    await bench.drop();
  }
  return out;
}
