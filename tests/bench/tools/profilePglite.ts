// The records bench's table on PGlite (RECORDS_BENCH_PGLITE_ROWS, default 100,000) and a server
// in its own process, for profiling the embedded default (issue 15, goal 5). The loaded database
// is dumped to $PGLITE_PROFILE_DUMP (default /tmp/formwork-pglite-profile.tgz) once and reused:
//   node --cpu-prof --import tsx tests/bench/tools/profilePglite.ts   # listens on 127.0.0.1:$PORT (8182)
// then e.g. `node node_modules/autocannon/autocannon.js -c 20 -d 10 -m POST -H content-type=application/json
//   -H "authorization=Bearer $(cat /tmp/formwork-pglite-token)" -b '{...}' http://127.0.0.1:8182/api/auto/bench_orders/list`
// or, so that every request runs its SQL (nothing kept can answer it; ADR 0308),
//   echo '{"url":"http://127.0.0.1:8182/api/auto/bench_orders/list","token":"'$(cat /tmp/formwork-pglite-token)'",
//     "body":{...},"seconds":10}' | node tests/bench/tools/uniqueLoad.mjs
// SQL_COUNT=1 prints, every 5 s, how many statements the pool sent per kind. Not part of `npm test`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { seedBenchForm } from '../suites/records.js';

const ROWS = Number(process.env.RECORDS_BENCH_PGLITE_ROWS ?? 100_000);
const DUMP = process.env.PGLITE_PROFILE_DUMP ?? '/tmp/formwork-pglite-profile.tgz';

async function makeDump(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    await afterBulkWrite(database.db, `t_${tenantId}`, 'bench_orders', ROWS);
  } finally {
    await database.close();
  }
}

/** Loads through openDatabase (which keeps its PGlite to itself), dumping the data on close. */
async function makeDumpVia(): Promise<void> {
  const original = PGlite.create.bind(PGlite);
  let made: PGlite | undefined;
  (PGlite as unknown as { create: typeof PGlite.create }).create = (async (...args: Parameters<typeof PGlite.create>) => {
    made = await original(...args);
    const close = made.close.bind(made);
    made.close = async () => {
      writeFileSync(DUMP, Buffer.from(await (await made!.dumpDataDir('gzip')).arrayBuffer()));
      await close();
    };
    return made;
  }) as typeof PGlite.create;
  try {
    await makeDump();
  } finally {
    (PGlite as unknown as { create: typeof PGlite.create }).create = original;
  }
  console.log(`loaded ${ROWS} rows; dump in ${DUMP}`);
}

if (!existsSync(DUMP)) await makeDumpVia();
const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([readFileSync(DUMP)]) });
if (process.env.SQL_COUNT) {
  const counts = new Map<string, number>();
  database.pool.on('acquire', (client: { query: (...a: unknown[]) => unknown; fwCount?: boolean }) => {
    if (client.fwCount) return;
    client.fwCount = true;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const first = args[0];
      const text = (typeof first === 'string' ? first : (first as { text?: string })?.text ?? '').replace(/\s+/g, ' ').slice(0, 90);
      counts.set(text, (counts.get(text) ?? 0) + 1);
      return query(...args);
    };
  });
  setInterval(() => {
    if (counts.size === 0) return;
    console.log([...counts].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${String(n).padStart(7)}  ${t}`).join('\n'));
    counts.clear();
  }, 5000).unref();
}
const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
const base = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8182) });
const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' }) })).json() as { token: string };
writeFileSync('/tmp/formwork-pglite-token', login.token);
console.log(`listening on ${base}; token in /tmp/formwork-pglite-token`);
const stop = async () => { await app.close(); await database.close(); process.exit(0); };
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
