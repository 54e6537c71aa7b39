// Side by side with the peer (issue 15 goal 1, issue 14's export comparison, issue 28 item 5):
// Directus 12 (tests/bench/peers/directus.ts installs it on demand) and Formwork on the same
// PostgreSQL server, each in a database of its own, loaded with the same PEER_BENCH_ROWS rows
// (default 1,000,000) of the records bench's 15-column form, with the same indexes (Formwork's
// indexes of the form are copied onto the peer's table; a trigram index on `title` on both).
//
// Three columns: Formwork (F), Directus with its cache off, its default (D), and Directus with
// `CACHE_ENABLED=true` + `CACHE_AUTO_PURGE=true` (Dc): a second Directus process on the same
// database as D, started after the load. Both Directus processes run with
// `PRESSURE_LIMITER_ENABLED=false` (its default limiter answers 503 when its event loop lags, which
// a loaded machine triggers); a non-2xx answer is counted and reported, never aborts the suite.
//
// Single-request cases run interleaved, round after round (F, D, Dc per case), each request timed
// by a client process of its own (tools/timeRequests.mjs); every case checks that the three answer
// the same total or sum, so the work compared is the same. F/D and F/Dc are Formwork's median over
// the peer's (targets: ≤ 0.5 and ≤ 1.0). The filtered cases run three times:
//   - warm: the same request repeated (Formwork answers from its answer cache, ADR 1028; Dc from its);
//   - one-row write: before each request, untimed, a random row gets a real new `amount` and
//     `category` (a seeded PRNG: the same rows and values on every system, so answers stay equal);
//   - 100-row write: the same, for 100 consecutive rows (one statement: more than ADR 0933's 64).
//   F and D are written by SQL; Dc through its API (`PATCH /items/…`), which is what purges its cache.
// Then: the response bytes of one 20-row page (identity and gzip); autocannon at 20 and 50
// connections on the unfiltered page; the 20-user mix (tools/mixLoad.mjs: 90 % reads over five
// filters, two of them broad, 10 % edits through each API) for PEER_BENCH_MIX_SECONDS per system;
// and the export of every row. The suite prints the machine's load average at start and end and a
// summary table to paste into docs/benchmarks.md.
//
// `npm run bench -- peer`; PEER_BENCH_ROUNDS (default 5) × 10 requests per case and round;
// PEER_BENCH_MIX_SECONDS (default 30); PEER_BENCH_DIRECTUS_CACHE=0 leaves out the Dc column;
// PEER_BENCH_EXPORT=0 skips the export of every row (CSV against CSV: the peer has no .xlsx).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createBenchDatabase } from '../tools/benchDatabase.js';
import { responseBytes, type WireBytes } from '../tools/responseBytes.js';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { FORM, seedBenchForm } from './records.js';
import { directusCall, DIRECTUS_VERSION, startDirectus, type DirectusPeer } from '../peers/directus.js';
import { formworkListBody } from '../peers/formworkListBody.js';

const ROWS = Number(process.env.PEER_BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.PEER_BENCH_ROUNDS ?? 5);
const PER_ROUND = 10;
const EXPORT = process.env.PEER_BENCH_EXPORT !== '0';
const CACHED = process.env.PEER_BENCH_DIRECTUS_CACHE !== '0';
const MIX_SECONDS = Number(process.env.PEER_BENCH_MIX_SECONDS ?? 30);
const MIX_USERS = 20;
const TIMER = new URL('../tools/timeRequests.mjs', import.meta.url).pathname;
const MIX = new URL('../tools/mixLoad.mjs', import.meta.url).pathname;
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
    // A jsonb choice column's expression index (`(category #>> '{}')`) is a plain column on the peer.
    const parts = m[2].split(',').map((p) => p.trim().replace(/"/g, '').replace(/\$view\b/, '').replace(/^\(+(\w+) #>> '\{\}'::text\[\]\)+/, '$1'))
      .filter((p) => p.split(' ')[0] !== 'tenant_id' && p.split(' ')[0] !== 'sys_status');
    if (!parts.length || !parts.every((p) => have.has(p.split(' ')[0]))) continue;
    const def = `CREATE INDEX peer_ix_${i} ON public.bench_orders USING ${m[1]} (${parts.map((p) => { const [c, ...rest] = p.split(' '); return [`"${c}"`, ...rest].join(' '); }).join(', ')})`;
    await peer.query(def);
    made.push(`${m[1]} (${parts.join(', ')})`);
  }
  return made;
}

/** An untimed write before each request (tools/timeRequests.mjs): SQL on a database, or an API call. */
interface Touch { url?: string; sql?: string; http?: string; token?: string; seed: number; rows: number; span: number }
interface Timed { samples: number[]; last: any; non2xx: number; errors: number; statuses: Record<string, number>; failure?: string }

/** One case's requests from a timing client of its own; a client that fails is reported, not thrown. */
async function timeFetch(url: string, token: string, body: unknown, method: 'GET' | 'POST', touch?: Touch): Promise<Timed> {
  try {
    const child = execFile(process.execPath, [TIMER], { maxBuffer: 64 * 1024 * 1024 });
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr += d; });
    const out = new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout!.on('data', (d) => { text += d; });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`timing client exited with ${code}: ${stderr.slice(0, 300)}`))));
    });
    child.stdin!.end(JSON.stringify({ url, token, body, method, n: PER_ROUND, warmup: 2, touch, keepGoing: true }));
    return JSON.parse(await out) as Timed;
  } catch (error) {
    return { samples: [], last: undefined, non2xx: 0, errors: 1, statuses: {}, failure: (error as Error).message };
  }
}

interface Cannon { requests: { average: number; total: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number }
async function autocannon(url: string, token: string, body: unknown, connections: number): Promise<Cannon> {
  const request = body === undefined ? ['-m', 'GET'] : ['-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(body)];
  const { stdout } = await promisify(execFile)(process.execPath, [AUTOCANNON_BIN, '-c', String(connections), '-d', '10', '-j',
    '-H', `authorization=Bearer ${token}`, ...request, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Cannon;
}

interface MixRead { name: string; method: 'GET' | 'POST'; url: string; body?: unknown }
interface MixResult {
  seconds: number; ops: number; opsPerSecond: number; non2xx: number; errors: number; statuses: Record<string, number>;
  reads: { n: number; p50: number | null; p99: number | null; byName: Record<string, { n: number; p50: number | null; p99: number | null }> };
  edits: { n: number; p50: number | null; p99: number | null };
}
async function mixLoad(token: string, reads: MixRead[], edit: { kind: 'formwork' | 'directus'; base: string }): Promise<MixResult> {
  const child = execFile(process.execPath, [MIX], { maxBuffer: 64 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`mix client exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify({ users: MIX_USERS, seconds: MIX_SECONDS, seed: 7, readShare: 0.9, token, reads, edit: { ...edit, form: 'bench_orders', rows: ROWS } }));
  return JSON.parse(await out) as MixResult;
}

const median = (xs: number[]) => (xs.length ? summarize('', xs).medianMs : NaN);
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const load = () => loadavg().map((x) => x.toFixed(2)).join(' / ');
const ms = (x: number | null) => (x === null || Number.isNaN(x) ? '–' : x < 100 ? x.toFixed(1) : x.toFixed(0));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

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

type System = 'F' | 'D' | 'Dc';
const LABEL: Record<System, string> = { F: 'Formwork', D: 'Directus', Dc: 'Directus cache on' };
type Write = 'row' | 'block';
interface Case {
  name: string;
  /** Formwork: POST url and body. */
  f: [string, unknown];
  /** Directus: the path and query of a GET, after the process's base URL (D and Dc alike). */
  d: string;
  fTotal: (a: any) => unknown;
  dTotal: (a: any) => unknown;
  write?: Write;
}

export default async function peerBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const summary: string[] = [];
  const loadAtStart = load();
  const fwDb = await createBenchDatabase('formwork_peer');
  const peerDb = await createBenchDatabase('directus_peer');
  const database = await openDatabase({ kind: 'postgres', url: fwDb.url, max: 10 });
  let peer: DirectusPeer | null = null;
  let cached: DirectusPeer | null = null;
  const fwSql = new pg.Client({ connectionString: fwDb.url });
  const peerSql = new pg.Client({ connectionString: peerDb.url });
  try {
    await fwSql.connect();
    // Formwork: the records bench's form and rows.
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    const schema = `t_${tenantId}`;
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
    // The writes below address rows by id on every system: the same id must be the same row.
    const probe = [1, Math.ceil(ROWS / 2), ROWS];
    const fCodes = (await fwSql.query(`SELECT id, code FROM ${schema}.bench_orders WHERE id = ANY($1) ORDER BY id`, [probe])).rows;
    const dCodes = (await peerSql.query('SELECT id, code FROM public.bench_orders WHERE id = ANY($1) ORDER BY id', [probe])).rows;
    if (JSON.stringify(fCodes) !== JSON.stringify(dCodes)) throw new Error(`row ids differ between the systems: ${JSON.stringify(fCodes)} / ${JSON.stringify(dCodes)}`);
    out.push({ name: `setup: ${ROWS.toLocaleString('en')} rows in each; Directus ${DIRECTUS_VERSION}`, medianMs: 0, p95Ms: 0, iterations: 1,
      notes: `indexes copied to the peer: ${indexes.join('; ') || 'none'}; trigram on title in both; Directus PRESSURE_LIMITER_ENABLED=false` });
    if (CACHED) {
      try {
        cached = await startDirectus(peerDb.url, { cache: true, bootstrap: false });
      } catch (error) {
        out.push({ name: 'Directus cache on: did not start, its column is left out', medianMs: 0, p95Ms: 0, iterations: 0, notes: (error as Error).message });
      }
    }

    // Formwork's raw writes: `category` is a jsonb choice column with a `$view` companion today;
    // read the columns so the statement stays right if that storage changes (issue 28 item 1).
    const { rows: fCols } = await fwSql.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'bench_orders' AND column_name IN ('category', 'category$view')`, [schema]);
    const catType = fCols.find((c) => c.column_name === 'category')?.data_type;
    const fSet = `amount = $2::numeric, category = ${catType === 'jsonb' ? 'to_jsonb($3::text)' : '$3::text'}${fCols.some((c) => c.column_name === 'category$view') ? ', "category$view" = upper($3::text)' : ''}`;
    const span: Record<Write, number> = { row: 1, block: 100 };
    const where: Record<Write, string> = { row: 'id = $1::int', block: 'id BETWEEN $1::int AND $1::int + 99' };
    const fWrite = (w: Write) => `UPDATE ${schema}.bench_orders SET ${fSet} WHERE ${where[w]}`;
    const dWrite = (w: Write) => `UPDATE public.bench_orders SET amount = $2::numeric, category = $3::text WHERE ${where[w]}`;

    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json()).token as string;
      const peers: [System, DirectusPeer][] = [['D', peer], ...(cached ? [['Dc', cached] as [System, DirectusPeer]] : [])];
      const list = `${base}/api/auto/bench_orders/list`;
      const q = (params: Record<string, string>) => `/items/bench_orders?${new URLSearchParams(params)}`;
      const rangeFilter = JSON.stringify({ _and: [{ amount: { _between: [1000, 1050] } }, { category: { _eq: 'b' } }] });
      const rangeSearch = [{ enName: 'amount', amount$start: 1000, amount$end: 1050 }, { enName: 'category', category: 'b' }];
      const pageTotal = { fTotal: (a: any) => a.total, dTotal: (a: any) => Number(a.meta.filter_count) };
      const newest = { limit: '20', sort: '-create_time', meta: 'filter_count' };
      const warm: Case[] = [
        { name: 'page 20 sorted by create_time + exact total', f: [list, formworkListBody()], d: q(newest), ...pageTotal },
        { name: 'broad select filter (category = b, 20 % of rows), page 20 by create_time + exact total',
          f: [list, formworkListBody({ filters: [{ enName: 'category', category: 'b' }] })],
          d: q({ ...newest, 'filter[category][_eq]': 'b' }), ...pageTotal },
        { name: 'substring search on title + exact total (trigram index on both)',
          f: [list, formworkListBody({ filters: [{ enName: 'title', title: '钢筋采购1', searchType: 'like' }] })],
          d: q({ ...newest, 'filter[title][_contains]': '钢筋采购1' }), ...pageTotal },
        { name: 'range + equal + exact total', f: [list, formworkListBody({ filters: rangeSearch })], d: q({ ...newest, filter: rangeFilter }), ...pageTotal },
        { name: 'sum and avg of amount, sum of qty under range + equal',
          f: [`${base}/api/auto/bench_orders/getCalcdValue`, { searchConList: rangeSearch, calcd: { amount: { operation: ['sum', 'avg'], precision: 2 }, qty: { operation: ['sum'], precision: 0 } } }],
          d: q({ 'aggregate[sum]': 'amount,qty', 'aggregate[avg]': 'amount', filter: rangeFilter }),
          fTotal: (a) => Number((a.data as { field: string; sum: number }[]).find((r) => r.field === 'amount')?.sum), dTotal: (a) => Number(a.data[0].sum.amount) },
      ];
      // The filtered cases again with a real write before each request: one random row, then a
      // 100-row statement (untimed, the same rows and values on every system).
      const cases: Case[] = [...warm,
        ...warm.slice(1).map((c) => ({ ...c, name: `${c.name}, a random row written before each request`, write: 'row' as const })),
        ...warm.slice(1).map((c) => ({ ...c, name: `${c.name}, a 100-row UPDATE before each request`, write: 'block' as const }))];
      const touchOf = (sys: System, w: Write | undefined, seed: number): Touch | undefined => {
        if (!w) return undefined;
        const common = { seed, rows: ROWS, span: span[w] };
        if (sys === 'F') return { ...common, url: fwDb.url, sql: fWrite(w) };
        if (sys === 'D') return { ...common, url: peerDb.url, sql: dWrite(w) };
        return { ...common, http: `${cached!.url}/items/bench_orders`, token: cached!.token };
      };
      const systems: System[] = ['F', ...peers.map(([s]) => s)];
      const results = cases.map(() => Object.fromEntries(systems.map((s) => [s, { samples: [] as number[], last: undefined as unknown, non2xx: 0, errors: 0, failures: [] as string[] }])));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, c] of cases.entries()) {
          const seed = 1 + round * 1000 + i;
          for (const sys of systems) {
            const p = peers.find(([s]) => s === sys)?.[1];
            const t = sys === 'F' ? await timeFetch(c.f[0], token, c.f[1], 'POST', touchOf(sys, c.write, seed))
              : await timeFetch(`${p!.url}${c.d}`, p!.token, undefined, 'GET', touchOf(sys, c.write, seed));
            const r = results[i][sys];
            r.samples.push(...t.samples);
            if (t.last !== undefined) r.last = t.last;
            r.non2xx += t.non2xx;
            r.errors += t.errors;
            if (t.failure) r.failures.push(t.failure);
          }
        }
      }
      summary.push('| case | Formwork ms | Directus ms | Directus cache on ms | F/D (≤ 0.5) | F/Dc (≤ 1.0) | answers |', '|---|---|---|---|---|---|---|');
      for (const [i, c] of cases.entries()) {
        const r = results[i];
        const answerOf = (sys: System) => { try { return r[sys].last === undefined ? undefined : (sys === 'F' ? c.fTotal : c.dTotal)(r[sys].last); } catch { return undefined; } };
        const fAnswer = answerOf('F');
        const same = (x: unknown) => x !== undefined && fAnswer !== undefined && Math.abs(Number(x) - Number(fAnswer)) < 0.01;
        const trouble = (sys: System) => {
          const { non2xx, errors, failures } = r[sys];
          return non2xx || errors ? `; non-2xx ${non2xx}, errors ${errors}${failures.length ? ` (${failures[0]})` : ''}` : '';
        };
        const fMed = median(r.F.samples);
        out.push(summarize(`Formwork: ${c.name}`, r.F.samples, `answer ${fAnswer}${trouble('F')}`));
        const ratios: Partial<Record<System, number>> = {};
        for (const [sys] of peers) {
          const ratio = fMed / median(r[sys].samples);
          ratios[sys] = ratio;
          const target = sys === 'D' ? 0.5 : 1.0;
          out.push(summarize(`${LABEL[sys]}: ${c.name}`, r[sys].samples,
            `answer ${answerOf(sys)}${same(answerOf(sys)) ? '' : ' ✘ differs from Formwork'}; F/${sys} ${ratio.toFixed(2)}, target ≤ ${target} ${ratio <= target ? '✔' : '✘'}${trouble(sys)}`));
        }
        const answers = systems.every((s) => s === 'F' || same(answerOf(s))) ? `equal (${fAnswer})` : `✘ ${systems.map((s) => `${s} ${answerOf(s)}`).join(', ')}`;
        const errs = systems.map((s) => r[s].non2xx + r[s].errors).some((n) => n > 0) ? `; non-2xx/errors ${systems.map((s) => `${s} ${r[s].non2xx}/${r[s].errors}`).join(', ')}` : '';
        summary.push(`| ${c.name} | ${ms(fMed)} | ${ms(median(r.D.samples))} | ${r.Dc ? ms(median(r.Dc.samples)) : '–'} | ${ratios.D?.toFixed(2) ?? '–'} ${ratios.D !== undefined && ratios.D <= 0.5 ? '✔' : '✘'} | ${ratios.Dc !== undefined ? `${ratios.Dc.toFixed(2)} ${ratios.Dc <= 1 ? '✔' : '✘'}` : '–'} | ${answers}${errs} |`);
      }

      // Response bytes of one 20-row page, the same rows (ordered by the unique `code`) and columns
      // (the peer's table holds exactly the form's columns), with its exact total.
      try {
        const fBody = formworkListBody({ sort: { field: 'code', order: 'asc' } });
        const dUrl = `${peer.url}${q({ limit: '20', sort: 'code', meta: 'filter_count' })}`;
        const bytes: Record<string, { f: WireBytes; d: WireBytes }> = {};
        for (const encoding of ['identity', 'gzip'] as const) {
          bytes[encoding] = {
            f: await responseBytes(list, { token, method: 'POST', body: fBody, encoding }),
            d: await responseBytes(dUrl, { token: peer.token, method: 'GET', encoding }),
          };
        }
        const ids = (w: WireBytes, key: 'rows' | 'data') => ((w.json as Record<string, { id: number }[]>)[key] ?? []).map((row) => Number(row.id)).join(',');
        const sameRows = ids(bytes.identity.f, 'rows') === ids(bytes.identity.d, 'data');
        for (const encoding of ['identity', 'gzip'] as const) {
          const { f, d } = bytes[encoding];
          out.push({ name: `response bytes, 20-row list page, Accept-Encoding: ${encoding}`, medianMs: 0, p95Ms: 0, iterations: 1,
            notes: `Formwork ${f.wire} B (${f.encoding}, HTTP ${f.status}), Directus ${d.wire} B (${d.encoding}, HTTP ${d.status}); F/D ${(f.wire / d.wire).toFixed(2)}; decoded ${f.decoded} / ${d.decoded} B, gzip of each ${f.gzipWouldBe} / ${d.gzipWouldBe} B; ${sameRows ? 'same rows' : '✘ rows differ'}` });
        }
        summary.push('', '| 20-row page (ids 1–20, exact total) | Formwork | Directus | F/D |', '|---|---|---|---|');
        for (const encoding of ['identity', 'gzip'] as const) {
          const { f, d } = bytes[encoding];
          summary.push(`| Accept-Encoding: ${encoding} | ${kb(f.wire)} (${f.encoding}) | ${kb(d.wire)} (${d.encoding}) | ${(f.wire / d.wire).toFixed(2)}${sameRows ? '' : ' ✘ rows differ'} |`);
        }
      } catch (error) {
        out.push({ name: 'response bytes: failed', medianMs: 0, p95Ms: 0, iterations: 0, notes: (error as Error).message });
      }

      // Throughput of the first case (page + exact total), one system after the other, never overlapping.
      summary.push('', '| autocannon, page + exact total | Formwork | Directus | Directus cache on |', '|---|---|---|---|');
      for (const connections of [20, 50]) {
        const cells: string[] = [];
        let fRate = NaN;
        for (const sys of systems) {
          const p = peers.find(([s]) => s === sys)?.[1];
          try {
            const a = sys === 'F' ? await autocannon(list, token, cases[0].f[1], connections) : await autocannon(`${p!.url}${cases[0].d}`, p!.token, undefined, connections);
            if (sys === 'F') fRate = a.requests.average;
            const ratio = sys === 'F' ? '' : `; F/${sys} throughput ${(fRate / a.requests.average).toFixed(2)}×`;
            out.push({ name: `${LABEL[sys]}: autocannon ${connections} connections, ${cases[0].name}`, medianMs: a.latency.p50, p95Ms: a.latency.p97_5, iterations: a.requests.total,
              notes: `${Math.round(a.requests.average)} req/s, p99 ${a.latency.p99} ms, non-2xx ${a.non2xx}, errors ${a.errors}${ratio}` });
            cells.push(`${Math.round(a.requests.average)} req/s, p99 ${a.latency.p99} ms${a.non2xx + a.errors ? `, non-2xx ${a.non2xx}, errors ${a.errors}` : ''}`);
          } catch (error) {
            out.push({ name: `${LABEL[sys]}: autocannon ${connections} connections failed`, medianMs: 0, p95Ms: 0, iterations: 0, notes: (error as Error).message });
            cells.push('failed');
          }
        }
        summary.push(`| ${connections} connections | ${cells.join(' | ')}${peers.length < 2 ? ' | –' : ''} |`);
      }

      // The 20-user mix: 90 % reads over five filters (two broad: ~20 % and 25 % of the rows),
      // 10 % edits through each API; one system after the other.
      const mixFilters: { name: string; f: Record<string, unknown>[]; d: Record<string, string> }[] = [
        { name: 'category = b (20 %)', f: [{ enName: 'category', category: 'b' }], d: { 'filter[category][_eq]': 'b' } },
        { name: 'region = west (25 %)', f: [{ enName: 'region', region: 'west' }], d: { 'filter[region][_eq]': 'west' } },
        { name: 'title contains 钢筋采购1', f: [{ enName: 'title', title: '钢筋采购1', searchType: 'like' }], d: { 'filter[title][_contains]': '钢筋采购1' } },
        { name: 'amount 1000–1050 and category = b', f: rangeSearch, d: { filter: rangeFilter } },
        { name: 'qty 100–109 (2 %)', f: [{ enName: 'qty', qty$start: 100, qty$end: 109 }], d: { filter: JSON.stringify({ qty: { _between: [100, 109] } }) } },
      ];
      summary.push('', `| ${MIX_USERS}-user mix, ${MIX_SECONDS} s, 90 % reads / 10 % edits | ops/s | read p50 | read p99 | edit p50 | edit p99 | non-2xx / errors |`, '|---|---|---|---|---|---|---|');
      let fOps = NaN;
      for (const sys of systems) {
        const p = peers.find(([s]) => s === sys)?.[1];
        const reads: MixRead[] = mixFilters.map((m) => (sys === 'F'
          ? { name: m.name, method: 'POST', url: list, body: formworkListBody({ filters: m.f }) }
          : { name: m.name, method: 'GET', url: `${p!.url}${q({ ...newest, ...m.d })}` }));
        try {
          // D's edits went round Dc's cache (another process): start Dc's mix from an empty cache.
          if (sys === 'Dc') await directusCall(p!, 'POST', '/utils/cache/clear');
          const m = sys === 'F' ? await mixLoad(token, reads, { kind: 'formwork', base }) : await mixLoad(p!.token, reads, { kind: 'directus', base: p!.url });
          if (sys === 'F') fOps = m.opsPerSecond;
          const ratio = sys === 'F' ? '' : `; F/${sys} ops ${(fOps / m.opsPerSecond).toFixed(2)}×`;
          const perFilter = Object.entries(m.reads.byName).map(([k, v]) => `${k} p99 ${ms(v.p99)}`).join(', ');
          out.push({ name: `${LABEL[sys]}: ${MIX_USERS}-user mix (90 % reads over 5 filters, 10 % edits), ${MIX_SECONDS} s`, medianMs: m.reads.p50 ?? 0, p95Ms: m.reads.p99 ?? 0, iterations: m.ops,
            notes: `${m.opsPerSecond.toFixed(1)} ops/s (${m.reads.n} reads, ${m.edits.n} edits), read p99 ${ms(m.reads.p99)} ms, edit p50/p99 ${ms(m.edits.p50)}/${ms(m.edits.p99)} ms, non-2xx ${m.non2xx} ${JSON.stringify(m.statuses)}, errors ${m.errors}${ratio}; ${perFilter} (p95 column = read p99)` });
          summary.push(`| ${LABEL[sys]} | ${m.opsPerSecond.toFixed(1)}${ratio ? ` (F/${sys} ${(fOps / m.opsPerSecond).toFixed(2)}×)` : ''} | ${ms(m.reads.p50)} | ${ms(m.reads.p99)} | ${ms(m.edits.p50)} | ${ms(m.edits.p99)} | ${m.non2xx} / ${m.errors} |`);
        } catch (error) {
          out.push({ name: `${LABEL[sys]}: mix failed`, medianMs: 0, p95Ms: 0, iterations: 0, notes: (error as Error).message });
        }
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
          const res = await fetch(`${peer!.url}${q({ limit: '-1', fields: EXPORT_COLUMNS.join(','), export: 'csv' })}`, { headers: { authorization: `Bearer ${peer!.token}` } });
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
    await cached?.stop();
    await peer?.stop();
    await fwSql.end().catch(() => {});
    await peerSql.end().catch(() => {});
    await database.close();
    await fwDb.drop();
    await peerDb.drop();
  }
  const loadAtEnd = load();
  out.push({ name: 'machine load average (1 / 5 / 15 min)', medianMs: 0, p95Ms: 0, iterations: 0, notes: `at start ${loadAtStart}, at end ${loadAtEnd}` });
  process.stdout.write(`\npeer summary: ${ROWS.toLocaleString('en')} rows in each, ${ROUNDS} rounds × ${PER_ROUND} requests, medians; Directus ${DIRECTUS_VERSION}`
    + ` (pressure limiter off; Dc = CACHE_ENABLED=true, CACHE_AUTO_PURGE=true, a second process on D's database); load average (1/5/15 min) at start ${loadAtStart}, at end ${loadAtEnd}\n\n${summary.join('\n')}\n\n`);
  return out;
}
