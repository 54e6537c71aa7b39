// List answer bytes (issue 28 item 4): one 20-row page of the demo 合同台账 (contract_ledger) and of
// the records bench's form (bench_orders, LIST_BYTES_ROWS rows, default 1,000) in the full record
// shape and in `rowShape: 'compact'` (docs/api-records.md), raw, gzip and brotli (what
// @fastify/compress would send). On embedded PGlite; the time column is one request's median
// (app.inject, no network), the byte figures are in the notes.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { sql } from 'kysely';
import { seedBenchForm } from './records.js';

const ROWS = Number(process.env.LIST_BYTES_ROWS ?? 1000);
const REPEAT = 20;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export default async function listBytesBench(): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const out: BenchResult[] = [];
  try {
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    await afterBulkWrite(database.db, `t_${tenantId}`, 'bench_orders', ROWS);
    // The demo holds fewer than 20 contracts: its rows are copied (values as seeded) until a page fills.
    const cols = await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = ${`t_${tenantId}`} AND table_name = 'contract_ledger' AND column_name <> 'id' ORDER BY ordinal_position`.execute(database.db);
    const list = sql.join(cols.rows.map((r) => sql.id(r.c)));
    const ledger = sql.id(`t_${tenantId}`, 'contract_ledger');
    for (let i = 0; i < 5; i++) {
      const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${ledger}`.execute(database.db);
      if (n.rows[0].n >= 20) break;
      await sql`INSERT INTO ${ledger} (${list}) SELECT ${list} FROM ${ledger}`.execute(database.db);
    }
    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' } });
      const token = login.json().token as string;
      const page = async (form: string, body: Record<string, unknown>) => {
        const res = await app.inject({ method: 'POST', url: `/api/auto/${form}/list`, headers: { authorization: `Bearer ${token}` }, payload: body });
        if (res.statusCode !== 200) throw new Error(`${form}: ${res.statusCode} ${res.body}`);
        return res.rawPayload;
      };
      for (const [label, form, body] of [
        ['合同台账 (contract_ledger, demo)', 'contract_ledger', { pageNum: 1, pageSize: 20 }],
        ['bench_orders (records bench form)', 'bench_orders', { pageNum: 1, pageSize: 20, sysOrderBy: { field: 'amount', order: 'desc' } }],
      ] as const) {
        const sizes: Record<string, { raw: number; gzip: number; br: number }> = {};
        for (const shape of ['full', 'compact'] as const) {
          const request = shape === 'full' ? body : { ...body, rowShape: 'compact' };
          const bytes = await page(form, request);
          if (JSON.parse(bytes.toString()).rows.length !== 20) throw new Error(`${form}: not 20 rows`);
          sizes[shape] = { raw: bytes.length, gzip: gzipSync(bytes).length, br: brotliCompressSync(bytes).length };
          const samples: number[] = [];
          for (let i = 0; i < REPEAT; i++) {
            const start = performance.now();
            await page(form, request);
            samples.push(performance.now() - start);
          }
          const s = sizes[shape];
          out.push(summarize(`${label}: 20 rows, ${shape}`, samples,
            `raw ${s.raw} B (${kb(s.raw)}), gzip ${s.gzip} B, br ${s.br} B${shape === 'compact' ? `; compact/full raw ${(s.raw / sizes.full.raw).toFixed(2)}, gzip ${(s.gzip / sizes.full.gzip).toFixed(2)}` : ''}`));
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  return out;
}
