/**
 * Lists sorted by 创建时间 read an index (storage/indexes.ts, ADR 0930 addendum): every main table
 * gets (create_time, id), new forms at once and existing ones through migration 122; a sorted page
 * answers the same rows as before, newest first with the id tiebreak.
 */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm, getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel } from '../../../src/server/records/query/formModel.js';
import { listRecords } from '../../../src/server/records/repositories/recordQueries.js';
import { migrate } from '../../../src/server/db/migrate.js';

let t: TestDb;
let tenantId: number;

const indexesOf = async (table: string) =>
  (await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = ${`t_${tenantId}`} AND tablename = ${table}`.execute(t.db)).rows.map((r) => r.indexdef);

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'CT');
  await createForm(t.db, { tenantId, userName: 'admin' }, {
    enName: 'ct_orders', cnName: '按创建时间',
    fields: [{ enName: 'n', label: '序号', funcType: 'number' }, { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'q', label: '数量', funcType: 'number' }] }],
  });
});
afterAll(async () => t?.close());

describe('the create_time index', () => {
  it('is made for a new form\'s main table (not for its sub-form rows)', async () => {
    expect((await indexesOf('ct_orders')).some((d) => /_ctime ON .* \(create_time, id\)$/.test(d))).toBe(true);
    const subTables = (await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = ${`t_${tenantId}`} AND tablename <> 'ct_orders'`.execute(t.db)).rows;
    for (const s of subTables) expect((await indexesOf(s.tablename)).some((d) => d.includes('create_time'))).toBe(false);
  });

  it('sorts a page newest first, ties broken by id, as without it', async () => {
    const table = sql.id(`t_${tenantId}`, 'ct_orders');
    await sql`INSERT INTO ${table} (tenant_id, n, create_time) SELECT ${tenantId}, g, timestamptz '2026-01-01' + (g % 5) * interval '1 day' FROM generate_series(1, 30) g`.execute(t.db);
    const model = formModel(await getFormByName(t.db, tenantId, 'ct_orders'));
    const page = await listRecords(t.db, model, { pageNum: 1, pageSize: 8, sysOrderBy: { field: 'create_time', order: 'desc' } }, systemReader(tenantId));
    // Day 4 (n % 5 = 4) is the newest: n = 29, 24, 19, … by id descending.
    expect(page.rows.map((r) => r.n)).toEqual([29, 24, 19, 14, 9, 4, 28, 23]);
    expect(page.total).toBe(30);
  });

  it('is added to tables that existed before it by migration 122', async () => {
    const name = (await indexesOf('ct_orders')).map((d) => /INDEX (\S+_ctime) ON/.exec(d)?.[1]).find(Boolean)!;
    await sql`DROP INDEX ${sql.id(`t_${tenantId}`, name)}`.execute(t.db);
    await sql`DELETE FROM schema_migrations WHERE id = 122`.execute(t.db);
    expect(await migrate(t.db)).toEqual([122]);
    expect((await indexesOf('ct_orders')).some((d) => d.includes(`${name} ON`))).toBe(true);
  });
});
