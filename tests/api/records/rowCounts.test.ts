/**
 * The exact total of an unfiltered list comes from a counter kept by statement-level triggers
 * (storage/rowCounts.ts, ADR 0930). It must equal count(*) after any mix of concurrent inserts,
 * deletes and rolled-back writes (on PostgreSQL, api-pg, the writers run on parallel
 * connections), stay a handful of rows, be seeded for tables that existed before it, and the
 * tenant check must keep other tenants' rows out of a tenant schema.
 */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm, getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel, type FormModel } from '../../../src/server/records/query/formModel.js';
import { listRecords } from '../../../src/server/records/repositories/recordQueries.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { countedRows, FOLD_EVERY } from '../../../src/server/records/storage/rowCounts.js';
import { afterBulkWrite, BULK_WRITE_ROWS } from '../../../src/server/records/storage/afterBulkWrite.js';

let t: TestDb;
let tenantId: number;
let model: FormModel;
const table = () => sql.id(`t_${tenantId}`, 'counted');

async function exactCount(db: Kysely<any>): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${table()}`.execute(db);
  return Number(r.rows[0].n);
}

async function deltaRows(db: Kysely<any>): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*)::text AS n FROM form_row_counts WHERE form_id = ${model.form.id}`.execute(db);
  return Number(r.rows[0].n);
}

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'RC');
  await createForm(t.db, { tenantId, userName: 'admin' }, { enName: 'counted', cnName: '计数', fields: [{ enName: 'n', label: '序号', funcType: 'number' }] });
  model = formModel(await getFormByName(t.db, tenantId, 'counted'));
});
afterAll(async () => t?.close());

describe('row counter', () => {
  it('starts at zero and follows inserts, deletes and rollbacks', async () => {
    expect(await countedRows(t.db, model.form.id)).toBe(0);
    await sql`INSERT INTO ${table()} (tenant_id, n) SELECT ${tenantId}, g FROM generate_series(1, 25) g`.execute(t.db);
    await sql`DELETE FROM ${table()} WHERE n <= 5`.execute(t.db);
    await expect(t.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${tenantId}, 99)`.execute(trx);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await countedRows(t.db, model.form.id)).toBe(20);
    expect(await exactCount(t.db)).toBe(20);
  });

  it('equals count(*) after parallel writers insert and delete', async () => {
    const workers = 8;
    const rounds = 30;
    await Promise.all(Array.from({ length: workers }, (_, w) => (async () => {
      for (let i = 0; i < rounds; i++) {
        const base = 1000 + w * 1000 + i * 10;
        const write = async (db: Kysely<any>) => {
          await sql`INSERT INTO ${table()} (tenant_id, n) SELECT ${tenantId}, ${base} + g FROM generate_series(1, ${1 + (i % 4)}) g`.execute(db);
          if (i % 3 === 0) await sql`DELETE FROM ${table()} WHERE n = ${base + 1}`.execute(db);
        };
        if (i % 7 === 6) {
          // A transaction that writes and then rolls back leaves the count alone.
          await t.db.transaction().execute(async (trx) => { await write(trx); throw new Error('undo'); }).catch(() => {});
        } else {
          await t.db.transaction().execute(write);
        }
      }
    })()));
    const exact = await exactCount(t.db);
    expect(exact).toBeGreaterThan(20);
    expect(await countedRows(t.db, model.form.id)).toBe(exact);
    // The list answers the same number as exact, with no filter; any filter keeps the smart total.
    expect(await listRecords(t.db, model, { pageSize: 10 }, systemReader(tenantId))).toMatchObject({ total: exact, totalExact: true });
    expect(await listRecords(t.db, model, { pageSize: 10, searchConList: [{ enName: 'n', n$start: 1000 }] }, systemReader(tenantId)))
      .toMatchObject({ total: exact - 20, totalExact: true });
  });

  it('folds its deltas so a read sums a handful of rows', async () => {
    for (let i = 0; i < FOLD_EVERY * 2; i++) await sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${tenantId}, ${-i})`.execute(t.db);
    expect(await deltaRows(t.db)).toBeLessThanOrEqual(FOLD_EVERY);
    expect(await countedRows(t.db, model.form.id)).toBe(await exactCount(t.db));
  });

  it('resets on TRUNCATE', async () => {
    await sql`TRUNCATE ${table()}`.execute(t.db);
    expect(await countedRows(t.db, model.form.id)).toBe(0);
    await sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${tenantId}, 1)`.execute(t.db);
    expect(await listRecords(t.db, model, { pageSize: 1 }, systemReader(tenantId))).toMatchObject({ total: 1, totalExact: true });
  });

  it('refuses rows of another tenant in a tenant schema', async () => {
    const other = await addTenant(t.db, 'RC2');
    await expect(sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${other}, 1)`.execute(t.db)).rejects.toThrow(/fw_tenant_check/);
  });

  it('is seeded by migration 120 for tables that existed before it', async () => {
    // Back to the state before migration 120: no counter, no triggers, no tenant check.
    await sql`DROP TABLE form_row_counts`.execute(t.db);
    await sql`DROP FUNCTION fw_count_rows() CASCADE`.execute(t.db);
    await sql`ALTER TABLE ${table()} DROP CONSTRAINT fw_tenant_check`.execute(t.db);
    await sql`DELETE FROM schema_migrations WHERE id = 120`.execute(t.db);
    await sql`INSERT INTO ${table()} (tenant_id, n) SELECT ${tenantId}, g FROM generate_series(1, 40) g`.execute(t.db);
    expect(await migrate(t.db)).toEqual([120]);
    expect(await countedRows(t.db, model.form.id)).toBe(41);
    await sql`DELETE FROM ${table()} WHERE n <= 10`.execute(t.db);
    expect(await listRecords(t.db, model, { pageSize: 5 }, systemReader(tenantId))).toMatchObject({ total: 30, totalExact: true });
    await expect(sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${tenantId + 1}, 1)`.execute(t.db)).rejects.toThrow(/fw_tenant_check/);
  });
});

describe('write generation (ADR 0931)', () => {
  const generation = async () => BigInt((await sql<{ w: string }>`SELECT sum(w)::text AS w FROM form_row_counts WHERE form_id = ${model.form.id}`.execute(t.db)).rows[0].w);

  it('moves with every writing statement, UPDATE and TRUNCATE included, and never goes back', async () => {
    const g0 = await generation();
    await sql`UPDATE ${table()} SET n = n + 1 WHERE n = 11`.execute(t.db);
    const g1 = await generation();
    expect(g1).toBeGreaterThan(g0);
    await sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${tenantId}, 7)`.execute(t.db);
    await sql`DELETE FROM ${table()} WHERE n = 7`.execute(t.db);
    expect(await generation()).toBe(g1 + 2n);
    // Folding keeps the sum of the weights.
    for (let i = 0; i < FOLD_EVERY; i++) await sql`UPDATE ${table()} SET n = n WHERE n = 12`.execute(t.db);
    expect(await generation()).toBe(g1 + 2n + BigInt(FOLD_EVERY));
    expect(await deltaRows(t.db)).toBeLessThanOrEqual(FOLD_EVERY);
    const g2 = await generation();
    await sql`TRUNCATE ${table()}`.execute(t.db);
    expect(await generation()).toBeGreaterThan(g2);
    expect(await countedRows(t.db, model.form.id)).toBe(0);
  });

  it('is added by migration 123 to counters of the first shape', async () => {
    await sql`DROP TRIGGER fw_count_upd ON ${table()}`.execute(t.db);
    await sql`ALTER TABLE form_row_counts DROP COLUMN w`.execute(t.db);
    await sql`DELETE FROM schema_migrations WHERE id = 123`.execute(t.db);
    expect(await migrate(t.db)).toEqual([123]);
    const g0 = await generation();
    await sql`INSERT INTO ${table()} (tenant_id, n) VALUES (${tenantId}, 1)`.execute(t.db);
    await sql`UPDATE ${table()} SET n = 2`.execute(t.db);
    expect(await generation()).toBe(g0 + 2n);
    expect(await countedRows(t.db, model.form.id)).toBe(await exactCount(t.db));
  });

  it('loses the change log of ADR 0933 in migration 167 and keeps counting and moving', async () => {
    // The shape migration 132 left: the log's tables, logging triggers, an UPDATE transition table.
    await sql`CREATE TABLE form_row_changes (form_id int, xid xid8 NOT NULL DEFAULT pg_current_xact_id(), id bigint)`.execute(t.db);
    await sql`CREATE TABLE form_change_horizon (form_id int PRIMARY KEY, h xid8 NOT NULL DEFAULT '0')`.execute(t.db);
    await sql`DROP TRIGGER fw_count_upd ON ${table()}`.execute(t.db);
    await sql`CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${table()} REFERENCING NEW TABLE AS fw_new
      FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${sql.lit(String(model.form.id))}, 'log')`.execute(t.db);
    await sql`DELETE FROM schema_migrations WHERE id = 167`.execute(t.db);
    expect(await migrate(t.db)).toEqual([167]);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('form_row_changes', 'form_change_horizon')`.execute(t.db);
    expect(left.rows[0].n).toBe(0);
    const upd = await sql<{ newtable: string | null }>`SELECT tgnewtable::text AS newtable FROM pg_trigger
      WHERE tgrelid = to_regclass(${`t_${tenantId}.counted`}) AND tgname = 'fw_count_upd'`.execute(t.db);
    expect(upd.rows).toEqual([{ newtable: null }]);
    const g0 = await generation();
    await sql`INSERT INTO ${table()} (tenant_id, n) SELECT ${tenantId}, g FROM generate_series(1, 100) g`.execute(t.db);
    await sql`UPDATE ${table()} SET n = n + 1`.execute(t.db);
    await sql`DELETE FROM ${table()} WHERE n = 3`.execute(t.db);
    expect(await generation()).toBe(g0 + 3n);
    expect(await countedRows(t.db, model.form.id)).toBe(await exactCount(t.db));
  });
});

describe('after a bulk write', () => {
  it('vacuums and analyzes the table: the estimate and the visibility map know the new rows', async () => {
    await createForm(t.db, { tenantId, userName: 'admin' }, { enName: 'bulk', cnName: '批量', fields: [{ enName: 'n', label: '序号', funcType: 'number' }] });
    const bulk = sql.id(`t_${tenantId}`, 'bulk');
    const rows = BULK_WRITE_ROWS * 5;
    await sql`INSERT INTO ${bulk} (tenant_id, n) SELECT ${tenantId}, g FROM generate_series(1, ${rows}) g`.execute(t.db);
    const stats = async () => (await sql<{ tuples: number; visible: number }>`
      SELECT reltuples::float8 AS tuples, relallvisible::int AS visible FROM pg_class WHERE oid = ${`t_${tenantId}.bulk`}::regclass`.execute(t.db)).rows[0];
    expect(await afterBulkWrite(t.db, `t_${tenantId}`, 'bulk', BULK_WRITE_ROWS - 1)).toBe(false);
    expect((await stats()).visible).toBe(0);
    expect(await afterBulkWrite(t.db, `t_${tenantId}`, 'bulk', rows)).toBe(true);
    const after = await stats();
    expect(after.tuples).toBe(rows);
    expect(after.visible).toBeGreaterThan(0);
  });
});
