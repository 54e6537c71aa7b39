// The peer suite's filtered cases called in process (no HTTP, no peer), warm and cold, on a
// persistent copy of the bench table, for working on the answer cache's miss path (ADR 1028):
//   npx tsx tests/bench/tools/coldFiltered.ts load   # (re)creates database formwork_cold
//   npx tsx tests/bench/tools/coldFiltered.ts run    # median of warm and cold calls per case
// cold = the peer suite's untimed `UPDATE bench_orders SET qty = qty WHERE id = 1` before each
// call. RECORDS_BENCH_ROWS sets the rows (1,000,000). Not part of `npm test`.
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { seedBenchForm } from '../suites/records.js';
import { formModel } from '../../../src/server/records/query/formModel.js';
import { calcTotals, listPage } from '../../../src/server/records/repositories/recordQueries.js';
import { getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { answerCacheStats } from '../../../src/server/records/cache/answerCache.js';
import { captureSql } from './captureSql.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'formwork_cold';
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const ROWS = Number(process.env.RECORDS_BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CALLS = Number(process.env.CALLS ?? 10);

async function loadDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${NAME}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    const t = sql.id(`t_${tenantId}`, 'bench_orders');
    await sql`VACUUM (ANALYZE) ${t}`.execute(database.db);
    console.log(`loaded ${ROWS} rows into ${NAME}`);
  } finally {
    await database.close();
  }
}

const byCreated = { field: 'create_time', order: 'desc' };
const rangeSearch = [{ enName: 'amount', amount$start: 1000, amount$end: 1050 }, { enName: 'category', category: 'b' }];
const CASES: { name: string; kind: 'list' | 'calcd'; body: Record<string, unknown> }[] = [
  { name: 'search title + exact total', kind: 'list',
    body: { pageNum: 1, pageSize: 20, sysOrderBy: byCreated, exactTotal: true, searchConList: [{ enName: 'title', title: '钢筋采购1', searchType: 'like' }] } },
  { name: 'range + equal + exact total', kind: 'list', body: { pageNum: 1, pageSize: 20, sysOrderBy: byCreated, exactTotal: true, searchConList: rangeSearch } },
  { name: 'sum/avg under range + equal', kind: 'calcd',
    body: { searchConList: rangeSearch, calcd: { amount: { operation: ['sum', 'avg'], precision: 2 }, qty: { operation: ['sum'], precision: 0 } } } },
];

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

async function run(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
  const db = database.db;
  try {
    const tenant = await db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
    const tenantId = Number(tenant.id);
    const form = await getFormByName(db, tenantId, 'bench_orders');
    const model = formModel(form);
    const touch = sql`UPDATE ${sql.id(`t_${tenantId}`, 'bench_orders')} SET qty = qty WHERE id = 1`;
    const only = process.env.CASE;
    for (const c of CASES.filter((x) => !only || x.name.includes(only))) {
      const call = () => (c.kind === 'list' ? listPage(db, model, c.body, systemReader(tenantId)) : calcTotals(db, model, c.body, systemReader(tenantId)));
      const answer = await call();
      const warm: number[] = [];
      const cold: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (let i = 0; i < CALLS; i++) { const t0 = performance.now(); await call(); warm.push(performance.now() - t0); }
        for (let i = 0; i < CALLS; i++) {
          await touch.execute(db);
          const t0 = performance.now();
          const a = await call();
          cold.push(performance.now() - t0);
          if (JSON.stringify(a) !== JSON.stringify(answer)) throw new Error(`${c.name}: the cold answer differs`);
        }
      }
      const shown = c.kind === 'list' ? (answer as { total: number }).total : JSON.stringify(answer);
      const digest = createHash('sha256').update(JSON.stringify(answer)).digest('hex').slice(0, 12);
      console.log(`${c.name}: answer ${shown} (sha256 ${digest}); warm median ${median(warm).toFixed(1)} ms, cold median ${median(cold).toFixed(1)} ms (${warm.length}+${cold.length} calls)`);
    }
    console.log('answer cache', JSON.stringify(answerCacheStats()), 'load', (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim());
  } finally {
    await database.close();
  }
}

/**
 * The statements one cold call sends (captured from the pool), each explained with (ANALYZE,
 * BUFFERS) after another touch: how many statements, and the shared buffers each one reads.
 * WARM=1: the same for a repeated call (no touch).
 */
async function explain(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
  const db = database.db;
  try {
    const form = await getFormByName(db, 1, 'bench_orders');
    const model = formModel(form);
    const touch = sql`UPDATE ${sql.id(model.schema, 'bench_orders')} SET qty = qty WHERE id = 1`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    for (const c of CASES) {
      const call = () => (c.kind === 'list' ? listPage(db, model, c.body, systemReader(model.form.tenantId)) : calcTotals(db, model, c.body, systemReader(model.form.tenantId)));
      await call();
      const warm = process.env.WARM === '1';
      if (!warm) await touch.execute(db);
      const stop = captureSql(database.pool, (text) => /bench_orders|form_row_counts/.test(text) && !/^UPDATE/.test(text));
      await call();
      const sent = stop();
      const parts: string[] = [];
      for (const st of sent) {
        if (!warm) await touch.execute(db);
        const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${st.text}`, st.values);
        const top = (r.rows[0]['QUERY PLAN'] as { Plan: Record<string, number>; 'Planning Time': number; 'Execution Time': number }[])[0];
        const plan = top.Plan;
        parts.push(`${plan['Shared Hit Blocks'] + plan['Shared Read Blocks']} buffers, ${plan['Actual Rows']} rows, planning ${top['Planning Time'].toFixed(2)} ms, execution ${top['Execution Time'].toFixed(2)} ms`);
        if (process.env.VERBOSE) {
          const t = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${st.text}`, st.values);
          console.log(st.text, '\n', t.rows.map((x) => x['QUERY PLAN']).join('\n'));
        }
      }
      console.log(`${c.name}: ${sent.length} statement(s) on a ${warm ? 'warm' : 'cold'} call: ${parts.join('; ')}`);
    }
    await client.end();
  } finally {
    await database.close();
  }
}

if (process.argv[2] === 'load') await loadDatabase();
else if (process.argv[2] === 'run') await run();
else if (process.argv[2] === 'explain') await explain();
else { console.error('usage: coldFiltered.ts load|run|explain'); process.exit(2); }
