// Side by side with the peer (issue 15 goal 1, issue 14's export comparison): Directus 12
// (tests/bench/peers/directus.ts installs it on demand) and Formwork on the same PostgreSQL server,
// each in a database of its own, loaded with the same PEER_BENCH_ROWS rows (default 1,000,000) of
// the records bench's 15-column form, with the same indexes (Formwork's indexes of the form are
// copied onto the peer's table; a trigram index on `title` on both). Cases run interleaved, round
// after round, each request timed by a client process of its own; every case checks that both
// answer the same total, so the work compared is the same. F/D is Formwork's median over Directus's.
// The filtered cases run twice: warm (the same request repeated: Formwork answers the exact total
// or sum from its answer cache, ADR 1028) and cold (an untimed one-row UPDATE of the table before
// each request, on both systems: Formwork's cache misses every time and counts again).
//
// `npm run bench -- peer`; PEER_BENCH_ROUNDS (default 5) × 10 requests per case and round;
// PEER_BENCH_EXPORT=0 skips the export of every row (CSV against CSV: the peer has no .xlsx).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createBenchDatabase } from '../tools/benchDatabase.js';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { FORM, seedBenchForm } from './records.js';
import { directusCall, DIRECTUS_VERSION, startDirectus, type DirectusPeer } from '../peers/directus.js';

const ROWS = Number(process.env.PEER_BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.PEER_BENCH_ROUNDS ?? 5);
const PER_ROUND = 10;
const EXPORT = process.env.PEER_BENCH_EXPORT !== '0';
const TIMER = new URL('../tools/timeRequests.mjs', import.meta.url).pathname;
const AUTOCANNON_BIN = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** The peer's table: the bench form's columns as plain SQL types (no `$view` companions, no jsonb). */
const PEER_FIELDS: [string, string, Record<string, unknown>?][] = [
  ['title', 'string'], ['customer', 'string'], ['code', 'string'], ['category', 'string'], ['region', 'string'],
  ['amount', 'decimal', { numeric_precision: 14, numeric_scale: 2 }], ['qty', 'integer'], ['price', 'decimal', { numeric_precision: 14, numeric_scale: 2 }],
  ['sign_date', 'date'], ['ship_time', 'dateTime'], ['owner', 'integer'], ['remark', 'text'], ['priority', 'integer'], ['done', 'boolean'],
  ['slot', 'time'], ['create_time', 'timestamp'],
];
const EXPORT_COLUMNS = FORM.fields.map((f) => f.enName);

/** The same rows as records.ts's `load`, as plain columns (create_time spread like Formwork's default now()). */
async function loadPeer(client: pg.Client, rows: number): Promise<void> {
  for (let from = 1; from <= rows; from += 100_000) {
    const to = Math.min(rows, from + 99_999);
    await client.query(`INSERT INTO public.bench_orders (title, customer, code, category, region, amount, qty, price, sign_date, ship_time, owner, remark, priority, done, slot, create_time)
      SELECT (ARRAY['钢筋','水泥','电缆','管材','玻璃','涂料','木材','砂石','型钢','防水'])[1 + g % 10] || '采购' || (g % 997),
        (ARRAY['华东建设','江南建材','宏达机械','恒信劳务','明远电气','安泰消防','中原路桥'])[1 + (g / 7) % 7] || '有限公司',
        'HT' || lpad(g::text, 8, '0'), (ARRAY['a','b','c','d','e'])[1 + g % 5], (ARRAY['east','west','north','south'])[1 + (g / 3) % 4],
        round(((g::bigint * 7919) % 1000000) / 100.0, 2), (g * 31) % 500, round(((g * 131) % 10000) / 100.0, 2),
        date '2024-01-01' + (g % 730), timestamp '2024-01-01' + ((g % 63072000) * interval '1 second'),
        1 + g % 50, '备注' || (g % 101), 1 + g % 5, g % 2 = 0, (lpad((8 + g % 10)::text, 2, '0') || ':00:00')::time, now()
      FROM generate_series($1::int, $2::int) g`, [from, to]);
  }
}

/** Formwork's indexes of the form, re-created on the peer's columns (companion `x$view` → `x`). */
async function copyIndexes(fw: pg.Client, peer: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await fw.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'bench_orders' AND indexname NOT LIKE '%pkey'`, [schema]);
  const { rows: cols } = await peer.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'bench_orders'`);
  const have = new Set(cols.map((c) => c.column_name));
  const made: string[] = [];
  for (const [i, { indexdef }] of rows.entries()) {
    const m = /USING (\w+) \((.+)\)(?: WHERE .*)?$/.exec(indexdef);
    if (!m) continue;
    const parts = m[2].split(',').map((p) => p.trim().replace(/"/g, '').replace(/\$view\b/, ''))
      .filter((p) => p.split(' ')[0] !== 'tenant_id' && p.split(' ')[0] !== 'sys_status');
    if (!parts.length || !parts.every((p) => have.has(p.split(' ')[0]))) continue;
    const def = `CREATE INDEX peer_ix_${i} ON public.bench_orders USING ${m[1]} (${parts.map((p) => { const [c, ...rest] = p.split(' '); return [`"${c}"`, ...rest].join(' '); }).join(', ')})`;
    await peer.query(def);
    made.push(`${m[1]} (${parts.join(', ')})`);
  }
  return made;
}

/** A write run before each request of a cold case (untimed): the table has changed since the last answer. */
interface Touch { url: string; sql: string }

async function timeFetch(url: string, token: string, body: unknown, method: 'GET' | 'POST', touch?: Touch): Promise<{ samples: number[]; last: any }> {
  const child = execFile(process.execPath, [TIMER], { maxBuffer: 64 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`timing client for ${url} exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify({ url, token, body, method, n: PER_ROUND, warmup: 2, touch }));
  return JSON.parse(await out) as { samples: number[]; last: any };
}

interface Cannon { requests: { average: number; total: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number }
async function autocannon(url: string, token: string, body: unknown, connections: number): Promise<Cannon> {
  const request = body === undefined ? ['-m', 'GET'] : ['-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(body)];
  const { stdout } = await promisify(execFile)(process.execPath, [AUTOCANNON_BIN, '-c', String(connections), '-d', '10', '-j',
    '-H', `authorization=Bearer ${token}`, ...request, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Cannon;
}

const median = (xs: number[]) => summarize('', xs).medianMs;
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Runs `work` while sampling `pid`'s RSS every 100 ms; answers ms and the peak growth in MB. */
async function timed<T>(pid: number, work: () => Promise<T>): Promise<{ ms: number; rssMb: number; value: T }> {
  const rss0 = rssOf(pid);
  let peak = rss0;
  const sampler = setInterval(() => { try { peak = Math.max(peak, rssOf(pid)); } catch { /* exited */ } }, 100);
  const t0 = performance.now();
  try {
    const value = await work();
    return { ms: performance.now() - t0, rssMb: (peak - rss0) / 1048576, value };
  } finally {
    clearInterval(sampler);
  }
}

export default async function peerBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const fwDb = await createBenchDatabase('formwork_peer');
  const peerDb = await createBenchDatabase('directus_peer');
  const database = await openDatabase({ kind: 'postgres', url: fwDb.url, max: 10 });
  let peer: DirectusPeer | null = null;
  const fwSql = new pg.Client({ connectionString: fwDb.url });
  const peerSql = new pg.Client({ connectionString: peerDb.url });
  try {
    await fwSql.connect();
    // Formwork: the records bench's form and rows.
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    const tenant = { id: tenantId };
    const schema = `t_${tenant.id}`;
    const trgm = await fwSql.query(`SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND tablename = 'bench_orders' AND indexdef LIKE '%gin_trgm_ops%' AND indexdef LIKE '%(title %'`, [schema]);
    if (!trgm.rowCount) await sql`CREATE INDEX peer_title_trgm ON ${sql.id(schema, 'bench_orders')} USING gin (title gin_trgm_ops)`.execute(database.db);
    await afterBulkWrite(database.db, schema, 'bench_orders', ROWS);

    // Directus: its own database, the same columns, rows and indexes.
    peer = await startDirectus(peerDb.url);
    await directusCall(peer, 'POST', '/collections', {
      collection: 'bench_orders', schema: {}, meta: {},
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: { hidden: true } },
        ...PEER_FIELDS.map(([field, type, extra]) => ({ field, type, schema: extra ?? {} })),
      ],
    });
    await peerSql.connect();
    await peerSql.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await loadPeer(peerSql, ROWS);
    const indexes = await copyIndexes(fwSql, peerSql, schema);
    const peerTrgm = await peerSql.query(`SELECT 1 FROM pg_indexes WHERE tablename = 'bench_orders' AND indexdef LIKE '%gin_trgm_ops%' AND indexdef LIKE '%(title %'`);
    if (!peerTrgm.rowCount) await peerSql.query('CREATE INDEX peer_title_trgm ON public.bench_orders USING gin (title gin_trgm_ops)');
    await peerSql.query('VACUUM (ANALYZE) public.bench_orders');
    out.push({ name: `setup: ${ROWS.toLocaleString('en')} rows in each; Directus ${DIRECTUS_VERSION}`, medianMs: 0, p95Ms: 0, iterations: 1,
      notes: `indexes copied to the peer: ${indexes.join('; ') || 'none'}; trigram on title in both` });

    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json()).token as string;
      const list = `${base}/api/auto/bench_orders/list`;
      const items = `${peer.url}/items/bench_orders`;
      const q = (params: Record<string, string>) => `${items}?${new URLSearchParams(params)}`;
      const rangeFilter = JSON.stringify({ _and: [{ amount: { _between: [1000, 1050] } }, { category: { _eq: 'b' } }] });
      const rangeSearch = [{ enName: 'amount', amount$start: 1000, amount$end: 1050 }, { enName: 'category', category: 'b' }];
      const byCreated = { field: 'create_time', order: 'desc' };
      type Case = { name: string; f: [string, unknown]; d: string; fTotal: (a: any) => unknown; dTotal: (a: any) => unknown; cold?: boolean };
      const warm: Case[] = [
        { name: 'page 20 sorted by create_time + exact total',
          f: [list, { pageNum: 1, pageSize: 20, sysOrderBy: byCreated, exactTotal: true }],
          d: q({ limit: '20', sort: '-create_time', meta: 'filter_count' }),
          fTotal: (a) => a.total, dTotal: (a) => Number(a.meta.filter_count) },
        { name: 'substring search on title + exact total (trigram index on both)',
          f: [list, { pageNum: 1, pageSize: 20, sysOrderBy: byCreated, exactTotal: true, searchConList: [{ enName: 'title', title: '钢筋采购1', searchType: 'like' }] }],
          d: q({ limit: '20', sort: '-create_time', meta: 'filter_count', 'filter[title][_contains]': '钢筋采购1' }),
          fTotal: (a) => a.total, dTotal: (a) => Number(a.meta.filter_count) },
        { name: 'range + equal + exact total',
          f: [list, { pageNum: 1, pageSize: 20, sysOrderBy: byCreated, exactTotal: true, searchConList: rangeSearch }],
          d: q({ limit: '20', sort: '-create_time', meta: 'filter_count', filter: rangeFilter }),
          fTotal: (a) => a.total, dTotal: (a) => Number(a.meta.filter_count) },
        { name: 'sum and avg of amount, sum of qty under range + equal',
          f: [`${base}/api/auto/bench_orders/getCalcdValue`, { searchConList: rangeSearch, calcd: { amount: { operation: ['sum', 'avg'], precision: 2 }, qty: { operation: ['sum'], precision: 0 } } }],
          d: q({ 'aggregate[sum]': 'amount,qty', 'aggregate[avg]': 'amount', filter: rangeFilter }),
          fTotal: (a) => Number((a.data as { field: string; sum: number }[]).find((r) => r.field === 'amount')?.sum), dTotal: (a) => Number(a.data[0].sum.amount) },
      ];
      // Cold variants of the filtered cases: a one-row UPDATE that changes no value (on both
      // systems, untimed) before each request, so Formwork's answer cache never hits.
      const cases: Case[] = [...warm, ...warm.slice(1).map((c) => ({ ...c, name: `${c.name}, cold (table written before each request)`, cold: true }))];
      const fTouch: Touch = { url: fwDb.url, sql: `UPDATE ${schema}.bench_orders SET qty = qty WHERE id = 1` };
      const dTouch: Touch = { url: peerDb.url, sql: 'UPDATE public.bench_orders SET qty = qty WHERE id = 1' };
      const samples = cases.map(() => ({ f: [] as number[], d: [] as number[], fLast: undefined as unknown, dLast: undefined as unknown }));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, c] of cases.entries()) {
          const f = await timeFetch(c.f[0], token, c.f[1], 'POST', c.cold ? fTouch : undefined);
          const d = await timeFetch(c.d, peer.token, undefined, 'GET', c.cold ? dTouch : undefined);
          samples[i].f.push(...f.samples);
          samples[i].d.push(...d.samples);
          samples[i].fLast = f.last;
          samples[i].dLast = d.last;
        }
      }
      for (const [i, c] of cases.entries()) {
        const s = samples[i];
        const ratio = median(s.f) / median(s.d);
        const ft = c.fTotal(s.fLast);
        const dt = c.dTotal(s.dLast);
        const same = Number(ft) === Number(dt) || Math.abs(Number(ft) - Number(dt)) < 0.01;
        out.push(summarize(`Formwork: ${c.name}`, s.f, `answer ${ft}`));
        out.push(summarize(`Directus: ${c.name}`, s.d,
          `answer ${dt}${same ? '' : ' ✘ differs from Formwork'}; F/D ${ratio.toFixed(2)}, target ≤ 0.5 ${ratio <= 0.5 ? '✔' : '✘'}`));
      }
      // Throughput of the first case (page + exact total), one after the other, never overlapping.
      for (const connections of [20, 50]) {
        const f = await autocannon(list, token, cases[0].f[1], connections);
        const d = await autocannon(cases[0].d, peer.token, undefined, connections);
        const ratio = f.requests.average / d.requests.average;
        const clean = f.non2xx + f.errors === 0;
        out.push({ name: `Formwork: autocannon ${connections} connections, ${cases[0].name}`, medianMs: f.latency.p50, p95Ms: f.latency.p97_5, iterations: f.requests.total,
          notes: `${Math.round(f.requests.average)} req/s, p99 ${f.latency.p99} ms, non-2xx ${f.non2xx}, errors ${f.errors}` });
        out.push({ name: `Directus: autocannon ${connections} connections, ${cases[0].name}`, medianMs: d.latency.p50, p95Ms: d.latency.p97_5, iterations: d.requests.total,
          notes: `${Math.round(d.requests.average)} req/s, p99 ${d.latency.p99} ms, non-2xx ${d.non2xx}, errors ${d.errors}; F/D throughput ${ratio.toFixed(2)}×, target ≥ 2× without errors ${ratio >= 2 && clean ? '✔' : '✘'}` });
      }
      if (EXPORT) {
        // Every row, the 15 columns, as CSV on both (the peer writes no .xlsx): Formwork's job to its
        // file; the peer's `export=csv` answer read to its last byte. RSS: each server's process.
        const fExp = await timed(process.pid, async () => {
          const r = await (await fetch(`${base}/api/auto/bench_orders/export`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ currentColumns: EXPORT_COLUMNS, format: 'csv', queryMap: { pageNum: 1, pageSize: 1_000_000 } }) })).json() as { data: { jobId: string } };
          for (;;) {
            const job = (await (await fetch(`${base}/api/jobs/${r.data.jobId}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
            if (!['queued', 'running'].includes(job.status)) return job as { status: string; result?: { rows?: number } };
            await new Promise((res) => setTimeout(res, 200));
          }
        });
        const dExp = await timed(peer.pid, async () => {
          const res = await fetch(q({ limit: '-1', fields: EXPORT_COLUMNS.join(','), export: 'csv' }), { headers: { authorization: `Bearer ${peer!.token}` } });
          let bytes = 0;
          let lines = 0;
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            bytes += chunk.length;
            for (const b of chunk) if (b === 10) lines++;
          }
          return { status: res.status, bytes, lines };
        });
        out.push({ name: `Formwork: export ${ROWS.toLocaleString('en')} rows × 15 columns to CSV (job)`, medianMs: fExp.ms, p95Ms: fExp.ms, iterations: 1,
          notes: `${fExp.value.status}, ${fExp.value.result?.rows} rows, RSS growth ${fExp.rssMb.toFixed(0)} MB (this process: the server runs in it)` });
        out.push({ name: `Directus: export ${ROWS.toLocaleString('en')} rows × 15 columns to CSV (export=csv)`, medianMs: dExp.ms, p95Ms: dExp.ms, iterations: 1,
          notes: `HTTP ${dExp.value.status}, ${dExp.value.lines} lines, ${(dExp.value.bytes / 1048576).toFixed(0)} MB, RSS growth ${dExp.rssMb.toFixed(0)} MB; F/D time ${(fExp.ms / dExp.ms).toFixed(2)}` });
      }
    } finally {
      await app.close();
    }
  } finally {
    await peer?.stop();
    await fwSql.end().catch(() => {});
    await peerSql.end().catch(() => {});
    await database.close();
    await fwDb.drop();
    await peerDb.drop();
  }
  return out;
}
