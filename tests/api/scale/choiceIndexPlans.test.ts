/**
 * Filters on choice fields are served by their indexes (issue 28 item 1, ADR 1010): a form with
 * 30,000 rows, analyzed; the statements the list API really sends for an equal filter on a select
 * field (captured on the pool as tests/bench/tools/captureSql.ts does) are EXPLAINed with their
 * own bound values, and every one that reads the select column does so through an Index Cond or a
 * Bitmap Index Scan on it, never a filter over a scan of the table, and no count(*) runs at all
 * (the option's exact total is kept by triggers, ADR 1068). The same for a user field
 * (numeric ids) and for "any of" a checkbox list (its GIN index).
 * PostgreSQL only (api-pg project): PGlite has no pool to capture and its plans are not the point.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSql, type Captured } from '../../bench/tools/captureSql.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

const enabled = testDatabaseKind() === 'postgres';
if (!enabled) console.log('choiceIndexPlans.test.ts skipped: plans of the captured list SQL need PostgreSQL (runs in the api-pg project when TEST_DATABASE_URL is set)');

const FORM = {
  enName: 'plan_orders', cnName: '索引计划',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'status', label: '状态', funcType: 'select', options: ['draft', 'approved', 'rejected', 'closed', 'void'].map((v) => ({ label: v, value: v })) },
    { enName: 'owner', label: '负责人', funcType: 'user' },
    { enName: 'tags', label: '标签', funcType: 'checkbox', options: ['r', 'g', 'b', 'y'].map((v) => ({ label: v, value: v })) },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
  ],
};
const ROWS = 30_000;

let a: RecordsApp;
let schema: string;

/** The list request's statements that read `column`, each with its EXPLAIN text. */
async function plansOf(body: Record<string, unknown>, column: string): Promise<{ text: string; plan: string }[]> {
  const pool = a.database.pool as unknown as pg.Pool;
  const stop = captureSql(pool, (text) => text.includes('plan_orders'));
  const res = await a.call(a.admin, 'POST', `/api/auto/${FORM.enName}/list`, body);
  const captured: Captured[] = stop();
  expect(res.status).toBe(200);
  const reading = captured.filter((c) => c.text.includes(`"${column}"`) && /WHERE/i.test(c.text));
  expect(reading.length, 'the list reads the table with the filter').toBeGreaterThan(0);
  const client = await pool.connect();
  try {
    const out: { text: string; plan: string }[] = [];
    for (const c of reading) {
      // The smart total's own estimate is an EXPLAIN already (ADR 0930): its statement is planned as is.
      const statement = c.text.replace(/^\s*EXPLAIN\s*(\([^)]*\))?/i, '');
      const r = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`, c.values);
      out.push({ text: c.text, plan: r.rows.map((x) => x['QUERY PLAN']).join('\n') });
    }
    return out;
  } finally {
    client.release();
  }
}

/**
 * An index serves the column: an Index Cond on it or a Bitmap Index Scan of its index, and no
 * sequential scan of the form table (a Filter on the column may remain only where a few rows are
 * first found by primary key: the recheck of changed rows, ADR 0933).
 */
function servedByIndex(plan: string, column: string, indexName: string): boolean {
  const cond = new RegExp(`Index Cond: .*\\b${column}\\b`).test(plan);
  const bitmap = plan.includes(`Bitmap Index Scan on ${indexName}`);
  return (cond || bitmap) && !/Seq Scan on plan_orders/.test(plan);
}

/**
 * A page may instead walk an index in its own order and stop at its LIMIT (issue 28 item 3: pages
 * in index order, no materialised set of all matches): for a broad value the planner rightly
 * prefers the primary key backwards, which finds 20 matches in about 100 rows. Its count must
 * still be served by the column's index.
 */
function pageInIndexOrder(text: string, plan: string): boolean {
  return /row_to_json/.test(text) && /^\s*->\s+Limit/m.test(plan) && /Index Scan (Backward )?using \S+ on plan_orders/.test(plan) && !/Seq Scan on plan_orders/.test(plan);
}

describe.skipIf(!enabled)('choice filters read their indexes (PostgreSQL)', () => {
  let formId: number;
  const indexOf = (field: string, method: string) => `ix_f${formId}_c${columnIds.get(field)}_value_${method}`;
  const columnIds = new Map<string, number>();

  beforeAll(async () => {
    a = await recordsApp();
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', FORM);
    expect(created.status).toBe(200);
    const form = await sql<{ id: number; tenant_id: number; storage: { tables: { columns: { field: string; role: string; columnId: number }[] }[] } }>`
      SELECT id, tenant_id, storage FROM form_definitions WHERE en_name = ${FORM.enName}`.execute(a.db);
    formId = Number(form.rows[0].id);
    schema = `t_${form.rows[0].tenant_id}`;
    for (const c of form.rows[0].storage.tables[0].columns) if (c.role === 'value') columnIds.set(c.field, c.columnId);
    // One statement fills the table: 'approved' is 20 % of the rows, 'void' 1 %.
    await sql`INSERT INTO ${sql.id(schema, FORM.enName)} (tenant_id, title, status, "status$view", owner, "owner$view", tags, amount)
      SELECT ${form.rows[0].tenant_id}, '单' || g,
        CASE WHEN g % 100 = 0 THEN 'void' ELSE (ARRAY['draft','approved','rejected','closed','draft'])[1 + g % 5] END, '状态',
        1 + g % 200, '用户', CASE WHEN g % 1000 = 0 THEN '["y"]'::jsonb ELSE '["r","g"]'::jsonb END, (g % 1000) * 1.5
      FROM generate_series(1, ${ROWS}) g`.execute(a.db);
    await sql`ANALYZE ${sql.id(schema, FORM.enName)}`.execute(a.db);
  }, 300_000);
  afterAll(async () => a?.close());

  it('the select column is text and its (status, id) btree exists', async () => {
    const types = await sql<{ data_type: string }>`SELECT data_type FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${FORM.enName} AND column_name = 'status'`.execute(a.db);
    expect(types.rows[0].data_type).toBe('text');
    const idx = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = ${schema} AND indexname = ${indexOf('status', 'btree')}`.execute(a.db);
    expect(idx.rows[0]?.indexdef).toMatch(/\(status, id\)/);
  });

  it.each([
    ['a broad value (20 % of the rows), exact total', { status: 'approved' }, true],
    ['a narrow value (1 %)', { status: 'void' }, false],
    ['two values, exact total', { status: ['void', 'rejected'] }, true],
  ])('an equal filter on the select, %s, is an Index Cond or Bitmap Index Scan on status', async (_name, search, exactTotal) => {
    const body = { pageNum: 1, pageSize: 20, exactTotal, searchConList: [{ enName: 'status', ...search, searchType: 'equal' }] };
    const plans = await plansOf(body, 'status');
    for (const p of plans) {
      expect(p.text, 'no expression over the column').not.toMatch(/"status"\s*#>>/);
      expect(servedByIndex(p.plan, 'status', indexOf('status', 'btree')) || pageInIndexOrder(p.text, p.plan), `${p.text}\n${p.plan}`).toBe(true);
    }
    // No count over the matches at all: the option's exact count is kept by the triggers (ADR 1068).
    expect(plans.filter((p) => /count\(\*\)/.test(p.text)).map((p) => p.text)).toEqual([]);
    const values = ([] as string[]).concat(search.status);
    const truth = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(schema, FORM.enName)} WHERE status = ANY(${values}::text[])`.execute(a.db);
    const res = await a.call(a.admin, 'POST', `/api/auto/${FORM.enName}/list`, body);
    expect(res.json).toMatchObject({ total: truth.rows[0].n, totalExact: true });
  });

  it('an equal filter on a user field compares numeric ids through its index', async () => {
    const plans = await plansOf({ pageNum: 1, pageSize: 20, searchConList: [{ enName: 'owner', owner: [7] }] }, 'owner');
    for (const p of plans) expect(servedByIndex(p.plan, 'owner', indexOf('owner', 'btree')), `${p.text}\n${p.plan}`).toBe(true);
  });

  it('"any of" on a checkbox list is a Bitmap Index Scan on its GIN index', async () => {
    const plans = await plansOf({ pageNum: 1, pageSize: 20, exactTotal: true, searchConList: [{ enName: 'tags', tags: ['y'] }] }, 'tags');
    for (const p of plans) expect(p.plan, `${p.text}\n${p.plan}`).toContain(`Bitmap Index Scan on ${indexOf('tags', 'gin')}`);
    const res = await a.call(a.admin, 'POST', `/api/auto/${FORM.enName}/list`, { pageNum: 1, pageSize: 1, exactTotal: true, searchConList: [{ enName: 'tags', tags: ['y'] }] });
    expect(res.json.total).toBe(ROWS / 1000);
  });
});
