// Dashboard bench (issue 33 goal: "a dashboard of 8 panels over forms of 1M rows answers in
// ≤ 300 ms on PostgreSQL after a write"). The records bench's 15-column form (bench_orders) is
// loaded with DASHBOARD_BENCH_ROWS rows (default 1,000,000, the size; a loaded or shared
// machine runs it smaller, e.g. DASHBOARD_BENCH_ROWS=100000) in a PostgreSQL database of its own
// (BENCH_DATABASE_URL), then a dashboard of 8 panels over it (2 KPIs, bar, pie, line by month,
// funnel, gauge against a second sum, table; docs/dashboards.md) is read DASHBOARD_BENCH_REPEAT
// times, each read right after one record is added through the API (so nothing kept from before
// the write can answer). "Raw GROUP BY" is the statements that read sent, captured from the pool
// and replayed one after another on one connection: what the same numbers cost in SQL alone.
import { createBenchDatabase } from '../tools/benchDatabase.js';
import { summarize, type BenchResult } from '../run.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { afterBulkWrite } from '../../../src/server/records/storage/afterBulkWrite.js';
import { captureSql, timeCaptured } from '../tools/captureSql.js';
import { seedBenchForm } from './records.js';

const ROWS = Number(process.env.DASHBOARD_BENCH_ROWS ?? 1_000_000);
const REPEAT = Number(process.env.DASHBOARD_BENCH_REPEAT ?? 20);

const FORM = 'bench_orders';
const sum = { op: 'sum', field: 'amount' } as const;
/** Eight panels, each a different aggregation over the form. */
export const BENCH_PANELS = [
  { id: 'count', title: '订单数', kind: 'kpi', form: FORM, measure: { op: 'count' } },
  { id: 'amount', title: '金额合计', kind: 'kpi', form: FORM, measure: sum },
  { id: 'by-category', title: '各类金额', kind: 'bar', form: FORM, groupBy: { field: 'category' }, measure: sum },
  { id: 'by-region', title: '区域分布', kind: 'pie', form: FORM, groupBy: { field: 'region' }, measure: { op: 'count' } },
  { id: 'by-month', title: '签订金额（按月）', kind: 'line', form: FORM, groupBy: { field: 'sign_date', bucket: 'month' }, measure: sum, limit: 24 },
  { id: 'funnel', title: '优先级', kind: 'funnel', form: FORM, groupBy: { field: 'priority' }, measure: { op: 'count' } },
  { id: 'done-share', title: '完成金额占比', kind: 'gauge', form: FORM, measure: sum, filter: '${done}', gauge: { total: sum } },
  { id: 'by-customer', title: '各客户金额', kind: 'table', form: FORM, groupBy: { field: 'customer' }, measure: { op: 'avg', field: 'price' } },
];

export default async function dashboardsBench(): Promise<BenchResult[]> {
  const made = await createBenchDatabase('formwork_bench');
  const database = await openDatabase({ kind: 'postgres', url: made.url, max: 10 });
  const out: BenchResult[] = [];
  try {
    const loadStart = performance.now();
    const { tenantId } = await seedBenchForm(database.db, ROWS);
    await afterBulkWrite(database.db, `t_${tenantId}`, FORM, ROWS);
    const loadMs = performance.now() - loadStart;
    out.push({ name: `load ${ROWS.toLocaleString('en')} rows`, medianMs: loadMs, p95Ms: loadMs, iterations: 1 });

    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent', clientDir: '/nonexistent' }, database, logger: false });
    try {
      const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
        const res = await app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
        if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
        return res.json();
      };
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' } });
      const token = login.json().token as string;
      const id = (await call('POST', '/api/dashboard', token, { name: '压测看板', panels: BENCH_PANELS })).data.id as number;
      const read = async () => {
        const panels = (await call('GET', `/api/dashboard/${id}/data`, token)).data.panels as { id: string; status: number }[];
        const bad = panels.filter((p) => p.status !== 200);
        if (bad.length) throw new Error(`panels not answering: ${JSON.stringify(bad)}`);
      };
      // One untimed read warms the plan and model caches.
      await read();
      const samples: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        await call('POST', `/api/auto/${FORM}/add`, token, { formName: FORM, data: { title: `压测写入${i}`, category: 'b', region: 'east', amount: 100 + i, sign_date: '2025-06-01', done: i % 2 === 0 } });
        const t0 = performance.now();
        await read();
        samples.push(performance.now() - t0);
      }
      out.push(summarize('GET /api/dashboard/{id}/data, 8 panels, after a write', samples, `${ROWS.toLocaleString('en')} rows, target ≤ 300 ms`));
      const stop = captureSql(database.pool, (text) => text.includes(FORM));
      await read();
      const raw = stop();
      out.push(summarize(`raw GROUP BY: the ${raw.length} statements of one read, replayed`, await timeCaptured(database.pool, raw, REPEAT)));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await made.drop();
  }
  return out;
}
