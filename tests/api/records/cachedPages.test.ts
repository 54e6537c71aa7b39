/**
 * An exact-total filtered list page answered through records/cache (ADR 1028) is the uncached
 * answer byte for byte: the same row texts and total for a search, range + equal, sort keys with
 * ties (text, a select's JSON value, several keys, the id), deep and empty pages, right after
 * writes into, out of and inside the filter; and a repeated request costs one statement, the
 * generation read, on both databases. The reference is the same request inside a transaction,
 * which the cache never serves. Runs on PGlite (api) and PostgreSQL (api-pg).
 */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm, getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel, type FormModel } from '../../../src/server/records/query/formModel.js';
import { calcTotals, listPage } from '../../../src/server/records/repositories/recordQueries.js';
import { answerCacheStats } from '../../../src/server/records/cache/answerCache.js';
import { captureSql } from '../../bench/tools/captureSql.js';

let t: TestDb;
let tenantId: number;
let model: FormModel;
const FORM = 'cached_pages';
const table = () => sql.id(`t_${tenantId}`, FORM);

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'OS');
  await createForm(t.db, { tenantId, userName: 'admin' }, { enName: FORM, cnName: '一次扫描', fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'category', label: '类别', funcType: 'select', options: ['a', 'b', 'c'].map((v) => ({ label: v.toUpperCase(), value: v })) },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
  ] });
  // 600 rows with many ties: 7 titles, 3 categories, 40 amounts, one create_time for every 50 rows.
  await sql`INSERT INTO ${table()} (tenant_id, title, category, "category$view", amount, create_time)
    SELECT ${tenantId}, (ARRAY['钢筋采购','钢筋采购1','水泥','钢筋采购12','电缆','钢筋','管材'])[1 + g % 7],
      (ARRAY['a','b','c'])[1 + g % 3], upper((ARRAY['a','b','c'])[1 + g % 3]), 1000 + (g % 40) * 5,
      timestamptz '2026-01-01' + (g / 50) * interval '1 hour'
    FROM generate_series(1, 600) g`.execute(t.db);
  model = formModel(await getFormByName(t.db, tenantId, FORM));
}, 120_000);
afterAll(async () => t?.close());

const SEARCH = { searchConList: [{ enName: 'title', title: '钢筋采购1', searchType: 'like' }] };
const RANGE = { searchConList: [{ enName: 'amount', amount$start: 1040, amount$end: 1100 }, { enName: 'category', category: 'b' }] };
const SORTS: Record<string, unknown>[] = [
  { sysOrderBy: { field: 'create_time', order: 'desc' } },
  { sysOrderBy: { field: 'create_time', order: 'asc' } },
  { sysOrderBy: { field: 'title', order: 'asc' } },
  { sysOrderBy: { field: 'category', order: 'desc' } },
  { sysOrderBy: { field: 'id', order: 'asc' } },
  { multiFieldOrder: [{ field: 'amount', order: 'desc' }, { field: 'title', order: 'asc' }, { field: 'amount', order: 'asc' }] },
  {},
];

/** The answer without the cache (a transaction never uses it). */
const reference = (body: Record<string, unknown>) =>
  t.db.transaction().execute((trx) => listPage(trx as Kysely<any>, model, body, systemReader(tenantId)));

async function expectSame(body: Record<string, unknown>) {
  const got = await listPage(t.db, model, body, systemReader(tenantId));
  const want = await reference(body);
  expect(got, JSON.stringify(body)).toStrictEqual(want);
  expect(got.totalExact).toBe(true);
  return got;
}

describe('cached exact-total pages', () => {
  it('gives the rows and total of the page query and the count: search, range + equal, ties, deep and empty pages', async () => {
    let pages = 0;
    for (const filter of [SEARCH, RANGE, { keyword: '钢筋' }]) {
      for (const sort of SORTS) {
        for (const paging of [{ pageNum: 1, pageSize: 20 }, { pageNum: 3, pageSize: 7 }, { pageNum: 40, pageSize: 20 }]) {
          const got = await expectSame({ ...filter, ...sort, ...paging, exactTotal: true });
          if (got.rowsJson.length) pages++;
        }
      }
    }
    expect(pages).toBeGreaterThan(30);
    // Asked again, nothing written: kept answers, still equal.
    const hits = answerCacheStats().hits;
    for (const sort of SORTS) await expectSame({ ...RANGE, ...sort, pageNum: 3, pageSize: 7, exactTotal: true });
    expect(answerCacheStats().hits - hits).toBe(SORTS.length);
    const search = await listPage(t.db, model, { ...SEARCH, pageSize: 20, exactTotal: true }, systemReader(tenantId));
    const truth = await sql<{ n: string }>`SELECT count(*) AS n FROM ${table()} WHERE title LIKE '%钢筋采购1%'`.execute(t.db);
    expect(search.total).toBe(Number(truth.rows[0].n));
    expect(search.total).toBeGreaterThan(100);
  });

  it('is right after writes into, out of and inside the filter, and reuses the count and ids in between', async () => {
    const body = { ...RANGE, pageSize: 5, exactTotal: true, sysOrderBy: { field: 'amount', order: 'desc' } };
    const first = await expectSame(body);
    const hits = answerCacheStats().hits;
    expect(await listPage(t.db, model, { ...body }, systemReader(tenantId))).toStrictEqual(first);
    expect(answerCacheStats().hits - hits).toBe(1);
    await sql`UPDATE ${table()} SET amount = 1100, category = 'b' WHERE id = (SELECT min(id) FROM ${table()} WHERE category = 'a')`.execute(t.db);
    const moved = await expectSame(body);
    expect(moved.total).toBe(first.total + 1);
    await sql`UPDATE ${table()} SET amount = 999 WHERE id IN (SELECT id FROM ${table()} WHERE category = 'b' AND amount = 1100)`.execute(t.db);
    expect((await expectSame(body)).total).toBeLessThan(first.total);
    await sql`UPDATE ${table()} SET title = title || '改' WHERE category = 'b'`.execute(t.db);
    await expectSame(body);
    await sql`DELETE FROM ${table()} WHERE id IN (SELECT id FROM ${table()} WHERE category = 'b' AND amount BETWEEN 1040 AND 1100 LIMIT 3)`.execute(t.db);
    await expectSame(body);
    await expectSame({ ...body, pageNum: 2 });
  });
});

describe('what a repeated request costs', () => {
  it('sends the generation read alone for a kept page and a kept sum, and computes again after a write', async () => {
    const body = { ...SEARCH, pageSize: 10, exactTotal: true };
    const sums = { ...RANGE, calcd: { amount: { operation: ['sum', 'avg'] } } };
    await listPage(t.db, model, body, systemReader(tenantId));
    await calcTotals(t.db, model, sums, systemReader(tenantId));
    for (const write of [true, false]) {
      if (write) await sql`UPDATE ${table()} SET amount = amount WHERE id = (SELECT min(id) FROM ${table()})`.execute(t.db);
      const stop = captureSql(t.database.pool, () => true);
      const page = await listPage(t.db, model, body, systemReader(tenantId));
      const total = await calcTotals(t.db, model, sums, systemReader(tenantId));
      const sent = stop();
      // After a write: the generation before and after, the page and the count, and for the sums the
      // aggregate between two generation reads. Nothing written: one generation read each.
      expect(sent.length, write ? 'after a write' : 'nothing written').toBe(write ? 7 : 2);
      if (!write) expect(sent.every((s) => /form_row_counts/.test(s.text))).toBe(true);
      expect(page).toStrictEqual(await reference(body));
      expect(total).toStrictEqual(await t.db.transaction().execute((trx) => calcTotals(trx as Kysely<any>, model, sums, systemReader(tenantId))));
    }
  });
});
