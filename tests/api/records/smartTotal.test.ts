/** The smart total: exact up to the limit, flagged inexact above it, exact on request. */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm, editForm, getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel, type FormModel } from '../../../src/server/records/query/formModel.js';
import { listRecords } from '../../../src/server/records/repositories/recordQueries.js';
import { TOTAL_EXACT_LIMIT } from '../../../src/server/records/query/smartTotal.js';
import { migrate } from '../../../src/server/db/migrate.js';

let t: TestDb;
let tenantId: number;
let model: FormModel;
const N = TOTAL_EXACT_LIMIT + 500;

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'ST');
  await createForm(t.db, { tenantId, userName: 'admin' }, { enName: 'many', cnName: '大量', fields: [{ enName: 'n', label: '序号', funcType: 'number' }] });
  await sql`INSERT INTO ${sql.id(`t_${tenantId}`, 'many')} (tenant_id, n) SELECT ${tenantId}, g FROM generate_series(1, ${N}) g`.execute(t.db);
  await sql`ANALYZE ${sql.id(`t_${tenantId}`, 'many')}`.execute(t.db);
  model = formModel(await getFormByName(t.db, tenantId, 'many'));
});
afterAll(async () => t?.close());

describe('smart total', () => {
  it('is exact at or below the limit', async () => {
    const r = await listRecords(t.db, model, { pageSize: 20, searchConList: [{ enName: 'n', n$end: TOTAL_EXACT_LIMIT / 2 }] }, systemReader(tenantId));
    expect(r).toMatchObject({ total: TOTAL_EXACT_LIMIT / 2, totalExact: true });
    const small = await listRecords(t.db, model, { pageSize: 20, searchConList: [{ enName: 'n', n$start: 100, n$end: 250 }] }, systemReader(tenantId));
    expect(small).toMatchObject({ total: 151, totalExact: true });
  });
  it('above the limit with a filter says it is not exact, and is never below the true lower bound', async () => {
    // The filter matches every row: the count is the planner's estimate, flagged.
    const r = await listRecords(t.db, model, { pageSize: 20, searchConList: [{ enName: 'n', n$start: 1 }] }, systemReader(tenantId));
    expect(r.totalExact).toBe(false);
    expect(r.total).toBeGreaterThan(TOTAL_EXACT_LIMIT);
  });
  it('without a filter is the exact row count, however large (the counter of ADR 0930)', async () => {
    expect(await listRecords(t.db, model, { pageSize: 20 }, systemReader(tenantId))).toMatchObject({ total: N, totalExact: true });
  });
  it('deep pages (found by ids first) hold the same rows as a plain ordering', async () => {
    const r = await listRecords(t.db, model, { pageSize: 50, pageNum: 61, sysOrderBy: { field: 'n', order: 'asc' } }, systemReader(tenantId));
    expect(r.rows.map((x) => x.n)).toEqual(Array.from({ length: 50 }, (_, i) => 3001 + i));
    const d = await listRecords(t.db, model, { pageSize: 20, pageNum: 100 }, systemReader(tenantId));
    expect(d.rows.map((x) => x.n)).toEqual(Array.from({ length: 20 }, (_, i) => N - 1980 - i));
  });

  it('is exact when asked, and on the last short page', async () => {
    expect(await listRecords(t.db, model, { pageSize: 20, exactTotal: true }, systemReader(tenantId))).toMatchObject({ total: N, totalExact: true });
    const last = await listRecords(t.db, model, { pageSize: 1000, pageNum: Math.ceil(N / 1000) }, systemReader(tenantId));
    expect(last).toMatchObject({ total: N, totalExact: true });
  });
});

describe('estimates of choice filters', () => {
  it('a select filter alone is its kept exact count (ADR 1068); beside another condition, above the limit, it is estimated near the truth (the text column statistics, ADR 1010), not capped at 10,001', async () => {
    await createForm(t.db, { tenantId, userName: 'admin' }, { enName: 'choices', cnName: '选项', fields: [
      { enName: 'c', label: '类别', funcType: 'select', options: ['a', 'b', 'c'].map((v) => ({ label: v.toUpperCase(), value: v })) },
    ] });
    const table = sql.id(`t_${tenantId}`, 'choices');
    await sql`INSERT INTO ${table} (tenant_id, c) SELECT ${tenantId}, (ARRAY['a','b','c'])[1 + g % 3] FROM generate_series(1, 60000) g`.execute(t.db);
    await sql`ANALYZE ${table}`.execute(t.db);
    const choices = formModel(await getFormByName(t.db, tenantId, 'choices'));
    const alone = await listRecords(t.db, choices, { pageSize: 20, searchConList: [{ enName: 'c', c: 'b', searchType: 'equal' }] }, systemReader(tenantId));
    expect(alone).toMatchObject({ total: 20_000, totalExact: true });
    const r = await listRecords(t.db, choices, { pageSize: 20, sysStatus: 1, searchConList: [{ enName: 'c', c: 'b', searchType: 'equal' }] }, systemReader(tenantId));
    expect(r.totalExact).toBe(false);
    // 20,000 rows match; without statistics the planner guessed 300 and the answer was 10,001.
    expect(r.total).toBeGreaterThan(18_000);
    expect(r.total).toBeLessThan(22_000);
  });

  it('need no expression statistics since select values are a text column (migration 121 makes none), and a retype to text works', async () => {
    const stats = async () => (await sql<{ n: string }>`SELECT count(*)::text AS n FROM pg_statistic_ext WHERE stxname LIKE 'st\_f%\_jtext'
      AND stxnamespace = ${`t_${tenantId}`}::regnamespace`.execute(t.db)).rows[0].n;
    expect(await stats()).toBe('0');
    await sql`DELETE FROM schema_migrations WHERE id = 121`.execute(t.db);
    expect(await migrate(t.db)).toEqual([121]);
    expect(await stats()).toBe('0');
    const form = await getFormByName(t.db, tenantId, 'choices');
    const def = structuredClone(form.definition);
    def.fields = def.fields.map((f) => ({ ...f, funcType: 'input', options: undefined }));
    await editForm(t.db, { tenantId, userName: 'admin' }, form.id, def);
    const model = formModel(await getFormByName(t.db, tenantId, 'choices'));
    const r = await listRecords(t.db, model, { pageSize: 1, searchConList: [{ enName: 'c', c: 'b', searchType: 'equal' }] }, systemReader(tenantId));
    expect(r.rows.map((x) => x.c)).toEqual(['b']);
  });
});
