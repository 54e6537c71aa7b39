// Energy bench (issue 33 item 3, ADR 1043): N electricity meters × D days of 15-minute readings
// loaded through the ingestion call (`POST /api/energy/readings`, full batches of
// MAX_READINGS_PER_CALL: validation, upsert, rollups, latest reading), then each of the 34 GET calls
// of the energy module timed through the app (`app.inject`, tenant T2 holding the demo plant plus
// the bench meters). Batches follow a collector's backfill: each meter's slots in time order, a
// batch cut every MAX_READINGS_PER_CALL readings (so one batch may span two meters).
// `npm run bench -- energy` runs on PGlite at 2 meters × 30 days; on PostgreSQL:
// `FORMWORK_TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- energy`
// (a database of its own, dropped after). ENERGY_BENCH_METERS / ENERGY_BENCH_DAYS set the size,
// ENERGY_BENCH_CONCURRENCY the ingestion calls under way at once (default 1);
// ENERGY_BENCH_LARGE=1 (or `-- energy --large`) is the issue's size, 1,000 meters × 365 days
// (35,040,000 readings), for a PostgreSQL of its own, never a shared machine. docs/benchmarks.md
// "Energy" has the figures and the extrapolation.
import { sql } from 'kysely';
import { summarize, type BenchResult } from '../run.js';
import { createTestApp } from '../../api/support/testServer.js';
import { testDatabaseKind } from '../../api/support/testDatabase.js';
import { createDemoEnergy } from '../../../src/server/energy/repositories/demoPlant.js';
import { ENERGY_GET_PATHS } from '../../../src/server/routes/energy/index.js';
import { MAX_READINGS_PER_CALL } from '../../../src/server/energy/ingestReadings.js';

const LARGE = process.argv.includes('--large') || process.env.ENERGY_BENCH_LARGE === '1';
const METERS = Number(process.env.ENERGY_BENCH_METERS ?? (LARGE ? 1000 : 2));
const DAYS = Number(process.env.ENERGY_BENCH_DAYS ?? (LARGE ? 365 : 30));
const CONCURRENCY = Math.max(1, Number(process.env.ENERGY_BENCH_CONCURRENCY ?? 1));
const REPEAT = Number(process.env.ENERGY_BENCH_REPEAT ?? 5);
const SLOT = 900_000;
/** The calls about one meter; every other call is timed over the whole plant (all bench meters are roots). */
const NEEDS_METER = new Set(['/energy/sbqx', '/energy/sbfh']);

export default async function energyBench(): Promise<BenchResult[]> {
  const t = await createTestApp();
  try {
    const token = await t.login('T2');
    const tenantId = Number((await t.db.selectFrom('tenants').select('id').where('code', '=', 'T2').executeTakeFirstOrThrow()).id);
    const now = new Date();
    await createDemoEnergy(t.db, tenantId, now, 7);
    const site = (await sql<{ enterprise_id: number; location_id: number; kind_id: number }>`
      SELECT enterprise_id, location_id, kind_id FROM energy_meters m JOIN energy_kinds k ON k.id = m.kind_id
      WHERE m.tenant_id = ${tenantId} AND k.code = 'electricity' AND m.parent_id IS NULL ORDER BY m.id LIMIT 1`.execute(t.db)).rows[0];
    const ids: number[] = [];
    for (let i = 0; i < METERS; i++) {
      const r = await sql<{ id: number }>`INSERT INTO energy_meters (tenant_id, enterprise_id, location_id, kind_id, code, name)
        VALUES (${tenantId}, ${site.enterprise_id}, ${site.location_id}, ${site.kind_id}, ${`BENCH-${i + 1}`}, ${`压测电表${i + 1}`}) RETURNING id`.execute(t.db);
      ids.push(Number(r.rows[0].id));
    }
    // A year (DAYS) of slots ending at the last whole quarter hour; values follow the hour of day.
    const end = Math.floor(now.getTime() / SLOT) * SLOT;
    const start = end - DAYS * 86_400_000;
    const slots = (end - start) / SLOT;
    // Each meter's slots in time order, cut into full batches; a batch is built when it is sent.
    const total = METERS * slots;
    const batchAt = (first: number) => {
      const readings = [];
      for (let n = first; n < Math.min(total, first + MAX_READINGS_PER_CALL); n++) {
        const meterId = ids[Math.floor(n / slots)];
        const k = n % slots;
        const ts = start + k * SLOT;
        const hour = new Date(ts).getUTCHours();
        readings.push({ meterId, ts: new Date(ts).toISOString(), value: Math.round((hour >= 0 && hour < 10 ? 12 : 5) * (1 + ((k * 7919) % 100) / 400) * 100) / 100 });
      }
      return readings;
    };
    const ingest: number[] = [];
    let written = 0;
    let next = 0;
    const began = performance.now();
    const worker = async () => {
      while (next < total) {
        const readings = batchAt(next);
        next += MAX_READINGS_PER_CALL;
        const t0 = performance.now();
        const res = await t.request({ method: 'POST', url: '/api/energy/readings', token, body: { readings } });
        ingest.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`ingest ${res.statusCode}: ${res.body}`);
        written += res.json().data.written;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const loadSeconds = (performance.now() - began) / 1000;
    const results: BenchResult[] = [
      summarize(`ingest ${MAX_READINGS_PER_CALL} readings/call`, ingest,
        `${testDatabaseKind()}, ${CONCURRENCY} at once: ${METERS} meters × ${DAYS} days = ${written} readings in ${loadSeconds.toFixed(0)} s (${Math.round(written / loadSeconds)} readings/s)`),
    ];
    const day = new Date(end - 86_400_000).toISOString().slice(0, 10);
    for (const path of ENERGY_GET_PATHS) {
      const samples: number[] = [];
      let status = 0;
      for (let i = 0; i < REPEAT + 1; i++) {
        const t0 = performance.now();
        const res = await t.request({ method: 'GET', url: `/api${path}`, token, query: NEEDS_METER.has(path) ? { meterId: String(ids[0]), date: day } : { date: day } });
        // The first call warms the plan and model caches; it is not counted.
        if (i > 0) samples.push(performance.now() - t0);
        status = res.statusCode;
      }
      results.push(summarize(`GET ${path}`, samples, status === 200 ? undefined : `HTTP ${status}`));
    }
    return results;
  } finally {
    await t.close();
  }
}
