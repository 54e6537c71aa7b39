// Where the time of a list answer computed again right after a write goes (issue 28, peer run 9:
// ~30 ms after a one-row write against ~9 ms warm, on Formwork and Directus alike). Formwork alone,
// on PostgreSQL: the peer suite's filtered cases, each
//   - through HTTP: warm (the same request repeated: answer-cache hits), after a one-row write
//     (a random row gets a new amount and category, as the peer suite's touch does), and with a
//     new bound each time and no write (nothing kept can answer: the uncached cost without a write);
//   - the statements the API sent (captured from the pool, generation reads apart), timed
//     repeated with no write, and right after a one-row write;
//   - EXPLAIN (ANALYZE, BUFFERS) of each statement, warm and right after a write.
// `npx tsx tests/bench/tools/readAfterWrite.ts`; PROBE_ROWS (default 1,000,000); PROBE_DB=<url>
// reuses a database a previous run seeded (PROBE_KEEP=1 keeps the one this run makes).
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { createBenchDatabase } from './benchDatabase.js';
import { captureSql, type Captured } from './captureSql.js';
import { prng } from './prng.mjs';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { seedBenchForm } from '../suites/records.js';
import { formworkListBody } from '../peers/formworkListBody.js';

const ROWS = Number(process.env.PROBE_ROWS ?? 1_000_000);
const N = Number(process.env.PROBE_N ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((x) => x.toFixed(2)).join(' / ');

async function main(): Promise<void> {
  process.stdout.write(`load average at start: ${load()}\n`);
  const made = process.env.PROBE_DB ? null : await createBenchDatabase('formwork_probe');
  const url = process.env.PROBE_DB ?? made!.url;
  const database = await openDatabase({ kind: 'postgres', url, max: 10 });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    let schema: string;
    if (made) {
      const { tenantId } = await seedBenchForm(database.db, ROWS);
      schema = `t_${tenantId}`;
      await sql`CREATE INDEX peer_title_trgm ON ${sql.id(schema, 'bench_orders')} USING gin (title gin_trgm_ops)`.execute(database.db);
      await afterBulkWrite(database.db, schema, 'bench_orders', ROWS);
      process.stdout.write(`seeded ${url} (${ROWS} rows)\n`);
    } else {
      schema = (await raw.query(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'bench_orders'`)).rows[0].table_schema;
    }
    const rows = Number((await raw.query(`SELECT max(id) AS n FROM ${schema}.bench_orders`)).rows[0].n);
    const rand = prng(7);
    const write = async () => {
      const id = 1 + Math.floor(rand() * rows);
      await raw.query(`UPDATE ${schema}.bench_orders SET amount = $2::numeric, category = $3::text, "category$view" = upper($3::text) WHERE id = $1`,
        [id, Math.round(rand() * 1_000_000) / 100, 'abcde'[Math.floor(rand() * 5)]]);
    };

    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json()).token as string;
      const range = (hi: number) => [{ enName: 'amount', amount$start: 1000, amount$end: hi }, { enName: 'category', category: 'b' }];
      const cases: [string, string, (i: number) => unknown][] = [
        ['range + equal + exact total', 'list', (i) => formworkListBody({ filters: range(1050 + i / 1000) })],
        ['substring search + exact total', 'list', (i) => formworkListBody({ filters: [{ enName: 'title', title: '钢筋采购1', searchType: 'like' }, ...(i ? [{ enName: 'qty', qty$start: -i }] : [])] })],
        ['sum/avg under range + equal', 'getCalcdValue', (i) => ({ searchConList: range(1050 + i / 1000),
          calcd: { amount: { operation: ['sum', 'avg'], precision: 2 }, qty: { operation: ['sum'], precision: 0 } } })],
      ];
      for (const [name, path, bodyOf] of cases) {
        const call = async (body: unknown) => {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/auto/bench_orders/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
          await res.text();
          if (!res.ok) throw new Error(`${name}: ${res.status}`);
          return performance.now() - t0;
        };
        const body = bodyOf(0);
        await call(body);
        await call(body);
        const warm: number[] = [];
        for (let i = 0; i < N; i++) warm.push(await call(body));
        let stop = captureSql(database.pool, (text) => !/pgboss/.test(text));
        await call(body);
        const hitSql = stop();
        const afterWrite: number[] = [];
        for (let i = 0; i < N; i++) { await write(); afterWrite.push(await call(body)); }
        await write();
        stop = captureSql(database.pool, (text) => !/pgboss/.test(text));
        await call(body);
        const missSql = stop();
        const fresh: number[] = [];
        for (let i = 1; i <= N; i++) fresh.push(await call(bodyOf(i)));
        process.stdout.write(`\n## ${name}\nAPI ms (median of ${N}): warm ${median(warm).toFixed(1)}, after a one-row write ${median(afterWrite).toFixed(1)}, new bound each time without a write ${median(fresh).toFixed(1)}\n`);
        process.stdout.write(`statements: a hit ${hitSql.length} (${hitSql.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 60)).join(' | ')}); after a write ${missSql.length}\n`);
        // The work of the answer itself: the miss's statements on the form's table (not the token
        // check, the data scope, the generation reads or the job queue's polling).
        const work = missSql.filter((s) => /bench_orders/.test(s.text) && !/fw_gen_oid/.test(s.text));
        const runAll = async (stmts: Captured[]) => { const t0 = performance.now(); for (const s of stmts) await raw.query(s.text, s.values); return performance.now() - t0; };
        const rawWarm: number[] = [];
        const rawAfter: number[] = [];
        // Interleaved (one repeated run, then one right after a write), so a change of the machine's
        // load falls on both alike.
        await runAll(work);
        for (let i = 0; i < N; i++) {
          rawWarm.push(await runAll(work));
          await write();
          rawAfter.push(await runAll(work));
        }
        process.stdout.write(`raw SQL of the answer (${work.length} statements, one connection, serial, interleaved) ms: repeated ${median(rawWarm).toFixed(1)}, right after a one-row write ${median(rawAfter).toFixed(1)}\n`);
        for (const s of work) {
          const explain = async () => (await raw.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${s.text}`, s.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
          await explain();
          const warmPlan = await explain();
          await write();
          const afterPlan = await explain();
          process.stdout.write(`\n-- ${s.text.replace(/\s+/g, ' ').slice(0, 160)}\n-- warm:\n${warmPlan}\n-- right after a one-row write:\n${afterPlan}\n`);
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await raw.end();
    await database.close();
    if (made && !process.env.PROBE_KEEP) await made.drop();
    else if (made) process.stdout.write(`kept ${url}\n`);
    process.stdout.write(`load average at end: ${load()}\n`);
  }
}

await main();
