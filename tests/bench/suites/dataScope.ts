// Data scope bench (issue 35 item 3, ADR 1040): the bench form of suites/records.ts on PostgreSQL
// (RECORDS_BENCH_ROWS rows, default 1,000,000) with its records spread over a tree of 200
// departments, listed by a user whose role has 本部门及以下 (a subtree of 21 of the 200
// departments, about a tenth of the rows) and by the admin (no scope). Both through HTTP (median
// of single requests from a client process of its own) and as the raw SQL the API sent (captured
// from the pool, run one after another: what a request costs when no kept answer serves it).
// `npm run bench -- dataScope`; DATA_SCOPE_BENCH_ROWS overrides the row count for this suite.
import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import { createBenchDatabase } from '../tools/benchDatabase.js';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { captureSql, timeCaptured } from '../tools/captureSql.js';
import { PAGE, RANGE, seedBenchForm } from './records.js';

const ROWS = Number(process.env.DATA_SCOPE_BENCH_ROWS ?? process.env.RECORDS_BENCH_ROWS ?? 1_000_000);
const REPEAT = 30;
const TIMER = new URL('../tools/timeRequests.mjs', import.meta.url).pathname;
const median = (xs: number[]) => summarize('', xs).medianMs;

async function timeFetch(url: string, token: string, body: unknown): Promise<{ samples: number[]; last: any }> {
  const child = execFile(process.execPath, [TIMER], { maxBuffer: 16 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`timing client exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify({ url, token, body, method: 'POST', n: REPEAT }));
  return JSON.parse(await out) as { samples: number[]; last: any };
}

export default async function dataScopeBench(): Promise<BenchResult[]> {
  const made = await createBenchDatabase('formwork_scope');
  const database = await openDatabase({ kind: 'postgres', url: made.url, max: 10 });
  const out: BenchResult[] = [];
  try {
    const db = database.db;
    const { tenantId } = await seedBenchForm(db, ROWS);
    // 200 departments: 10 under the root, 19 under each of them (the seeded departments stay too).
    const root = await db.insertInto('depts').values({ tenant_id: tenantId, parent_id: 0, ancestors: '0', dept_name: '总部', create_time: new Date(), update_time: new Date() }).returning('id').executeTakeFirstOrThrow();
    const tree: number[] = [];
    for (let i = 0; i < 10; i++) {
      const top = await db.insertInto('depts').values({ tenant_id: tenantId, parent_id: root.id, ancestors: `0,${root.id}`, dept_name: `分部${i}`, create_time: new Date(), update_time: new Date() }).returning('id').executeTakeFirstOrThrow();
      tree.push(Number(top.id));
      for (let j = 0; j < 19; j++) {
        const d = await db.insertInto('depts').values({ tenant_id: tenantId, parent_id: top.id, ancestors: `0,${root.id},${top.id}`, dept_name: `分部${i}-${j}`, create_time: new Date(), update_time: new Date() }).returning('id').executeTakeFirstOrThrow();
        tree.push(Number(d.id));
      }
    }
    // Each row's creator department is one of the 200, its creator one of 500 users.
    const t = sql.id(`t_${tenantId}`, 'bench_orders');
    await sql`UPDATE ${t} SET create_dept_id = (${tree}::bigint[])[1 + id % 200], create_user_id = 100000 + id % 500`.execute(db);
    await afterBulkWrite(db, `t_${tenantId}`, 'bench_orders', ROWS);

    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const post = async (path: string, token: string, body: unknown) => (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();
      const adminToken = (await post('/api/login', '', { username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' })).token as string;
      const role = await post('/api/system/role', adminToken, { roleName: '分部经理', roleKey: 'bench_below', permissions: ['auto:bench_orders:query'], dataScope: '4' });
      const made = await post('/api/system/user', adminToken, { userName: 'bench_pm', nickName: '分部经理', password: 'secret123', deptId: tree[0], roleIds: [role.data.roleId] });
      if (made.code !== 200) throw new Error(JSON.stringify(made));
      const pmToken = (await post('/api/login', '', { username: 'bench_pm', password: 'secret123', tenantCode: 'DEFAULT' })).token as string;
      // The client never forces exactTotal: a scoped user's list is the estimated case (rule 3 of
      // docs/api-records.md "Total count strategy"). The forced case is kept to show its price: the
      // admin's unfiltered total is the row counter (rule 2), the scoped one counts its rows.
      const cases: [string, string, unknown][] = [
        ['page 1 of 20 sorted by amount, exactTotal: true (forced; unscoped total from the row counter)', '/api/auto/bench_orders/list', { ...PAGE, exactTotal: true }],
        ['page 1 of 20 sorted by amount, estimated total', '/api/auto/bench_orders/list', PAGE],
        ['range + equal, totals of two columns', '/api/auto/bench_orders/getCalcdValue', RANGE],
      ];
      for (const [label, path, body] of cases) {
        const figures: Record<string, { api: number; raw: number; total: unknown }> = {};
        for (const [who, token] of [['no scope (admin)', adminToken], ['本部门及以下 (21 of 200 departments)', pmToken]] as const) {
          // The first request runs its SQL (the next ones are kept answers, ADR 1028): captured as the cold cost.
          const stop = captureSql(database.pool, (text) => /bench_orders/.test(text));
          await post(path, token, body);
          const raw = stop();
          const api = await timeFetch(`${base}${path}`, token, body);
          const rawSamples = await timeCaptured(database.pool, raw, REPEAT);
          figures[who] = { api: median(api.samples), raw: median(rawSamples), total: api.last.total };
          out.push(summarize(`postgres: ${label}, ${who}`, api.samples, `raw SQL ${median(rawSamples).toFixed(2)} ms (${raw.length} statements)${api.last.total !== undefined ? `, total ${api.last.total}` : ''}`));
        }
        const [none, scoped] = Object.values(figures);
        out.push({ name: `postgres: ${label}: scoped / unscoped`, medianMs: scoped.api, p95Ms: scoped.api, iterations: REPEAT,
          notes: `API ratio ${(scoped.api / none.api).toFixed(2)}, raw SQL ratio ${(scoped.raw / Math.max(none.raw, 0.001)).toFixed(2)} (target ≤ 1.2)` });
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await made.drop();
  }
  out.unshift({ name: `postgres: data scope bench over ${ROWS.toLocaleString('en')} rows`, medianMs: 0, p95Ms: 0, iterations: 0 });
  return out;
}
