// What a kept-answer hit costs on PostgreSQL (issue 28 item 2, ADR 1071): the statements a
// repeated list request sends, and its time through HTTP with the fixed-text statements (the
// generation read, the data-scope facts) sent as named prepared statements, against the same
// server code on a pool whose handle is not registered for them (each statement parsed and planned
// again), interleaved round by round in one process on one database.
// `npx tsx tests/bench/tools/hitCost.ts <database url>` (a database readAfterWrite.ts seeded and kept).
import { loadavg } from 'node:os';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { captureSql } from './captureSql.js';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { formworkListBody } from '../peers/formworkListBody.js';

const url = process.argv[2];
if (!url) throw new Error('usage: hitCost.ts <database url>');
const ROUNDS = Number(process.env.HIT_ROUNDS ?? 10);
const PER_ROUND = 50;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((x) => x.toFixed(2)).join(' / ');

async function serve(database: AppDatabase) {
  const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json()).token as string;
  return { app, base, token };
}

async function main(): Promise<void> {
  process.stdout.write(`load average at start: ${load()}\n`);
  const prepared = await openDatabase({ kind: 'postgres', url, max: 10 });
  // The same server code on a handle that runPrepared does not know: every statement unnamed.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const plain: AppDatabase = { kind: 'postgres', db: new Kysely({ dialect: new PostgresDialect({ pool }) }), pool, url, close: async () => {} };
  const servers = { prepared: await serve(prepared), unnamed: await serve(plain) };
  const bodies: [string, unknown][] = [
    ['range + equal', formworkListBody({ filters: [{ enName: 'amount', amount$start: 1000, amount$end: 1050 }, { enName: 'category', category: 'b' }] })],
    ['broad option filter', formworkListBody({ filters: [{ enName: 'category', category: 'b' }] })],
  ];
  try {
    for (const [name, body] of bodies) {
      const samples: Record<string, number[]> = { prepared: [], unnamed: [] };
      for (const [kind, s] of Object.entries(servers)) {
        const call = () => fetch(`${s.base}/api/auto/bench_orders/list`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` }, body: JSON.stringify(body) }).then((r) => r.text());
        await call();
        await call();
        const stop = captureSql(kind === 'prepared' ? prepared.pool : pool, (text) => !/pgboss/.test(text));
        await call();
        const sent = stop();
        process.stdout.write(`${name}, ${kind}: a hit sends ${sent.length} statements: ${sent.map((x) => x.text.replace(/\s+/g, ' ').trim().slice(0, 40)).join(' | ')}\n`);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const [kind, s] of Object.entries(servers)) {
          for (let i = 0; i < PER_ROUND; i++) {
            const t0 = performance.now();
            await fetch(`${s.base}/api/auto/bench_orders/list`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` }, body: JSON.stringify(body) }).then((r) => r.text());
            samples[kind].push(performance.now() - t0);
          }
        }
      }
      process.stdout.write(`${name}: a hit through HTTP, median of ${ROUNDS * PER_ROUND} (interleaved rounds): prepared ${median(samples.prepared).toFixed(2)} ms, unnamed ${median(samples.unnamed).toFixed(2)} ms\n`);
    }
  } finally {
    for (const s of Object.values(servers)) await s.app.close();
    await prepared.close();
    await plain.db.destroy();
    process.stdout.write(`load average at end: ${load()}\n`);
  }
}

await main();
