// A persistent copy of the records bench's 1M-row table and a server in its own process, for
// profiling the list path without re-loading a million rows on every try:
//   npx tsx tests/bench/tools/profileServer.ts load    # (re)creates database formwork_profile
//   npx tsx tests/bench/tools/profileServer.ts serve   # listens on 127.0.0.1:$PORT (8181)
// then e.g. `npx autocannon -c 50 -d 10 -m POST -H content-type=application/json
//   -H "authorization=Bearer $(cat /tmp/formwork-profile-token)" -b '{...}' http://127.0.0.1:8181/api/auto/bench_orders/list`
// Run `serve` under `node --cpu-prof --import tsx` for a profile. Not part of `npm test`.
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { seedBenchForm } from '../suites/records.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'formwork_profile';
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const ROWS = Number(process.env.RECORDS_BENCH_ROWS ?? 1_000_000);

async function loadDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${NAME}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    await sql`VACUUM ANALYZE ${sql.id(`t_${tenantId}`, 'bench_orders')}`.execute(database.db);
    console.log(`loaded ${ROWS} rows into ${NAME}`);
  } finally {
    await database.close();
  }
}

async function serve(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 10 });
  const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8181) });
  const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json() as { token: string };
  writeFileSync('/tmp/formwork-profile-token', login.token);
  console.log(`listening on ${base}; token in /tmp/formwork-profile-token`);
  const stop = async () => { await app.close(); await database.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[2] === 'load') await loadDatabase();
else if (process.argv[2] === 'serve') await serve();
else { console.error('usage: profileServer.ts load|serve'); process.exit(2); }
