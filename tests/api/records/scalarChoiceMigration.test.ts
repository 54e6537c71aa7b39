/**
 * Migration 150 (ADR 1010) from today's shape: a form whose single choices are jsonb columns (the
 * shape before it, with the btree index and expression statistics that shape had) holding values
 * of every kind, a type-2 view over it, then the migration. Every value reads back as before, the
 * columns are scalar, a choice list has its GIN index and equal filters answer the same rows.
 */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { createForm, getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel } from '../../../src/server/records/query/formModel.js';
import { listRecords } from '../../../src/server/records/repositories/recordQueries.js';
import { readChildren, readMain } from '../../../src/server/records/repositories/recordWrites.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { syncExpressionStats } from '../../../src/server/records/storage/expressionStats.js';
import type { FormStorage } from '../../../src/server/records/storage/types.js';

let t: TestDb;
let tenantId: number;
let schema: string;

const FORM = {
  enName: 'sc_orders', cnName: '选项存储',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'status', label: '状态', funcType: 'select', options: [{ label: '草稿', value: 'draft' }, { label: '零', value: '0' }, { label: '通过', value: 'ok' }] },
    { enName: 'rate', label: '税率', funcType: 'select', options: [{ label: '3%', value: 3 }, { label: '6%', value: 6 }] },
    { enName: 'czfs', label: '操作方式', funcType: 'select', selectMode: 1, configDataId: 4530 },
    { enName: 'level', label: '级别', funcType: 'radio', options: [{ label: '一', value: 'a' }, { label: '二', value: 'b' }] },
    { enName: 'owner', label: '负责人', funcType: 'user' },
    { enName: 'tags', label: '标签', funcType: 'checkbox', options: [{ label: 'X', value: 'x' }, { label: 'Y', value: 'y' }, { label: '七', value: 7 }] },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'kind', label: '种类', funcType: 'select', options: [{ label: '甲', value: 'j' }] }] },
  ],
};

/** The stored JSON of each row before the migration (jsonb literals), and what the API read then. */
const ROWS: { title: string; status: string; rate: string; czfs: string; level: string; owner: string; tags: string }[] = [
  { title: 'r1', status: '"draft"', rate: '3', czfs: '4531', level: '"a"', owner: '12', tags: '["x", 7]' },
  { title: 'r2', status: '"0"', rate: '6', czfs: '4532', level: '"b"', owner: '"13"', tags: '["y"]' },
  { title: 'r3', status: '"ok"', rate: 'null', czfs: '"4531"', level: 'null', owner: 'null', tags: '[]' },
  { title: 'r4', status: '""', rate: '3', czfs: 'null', level: '"a"', owner: '12', tags: 'null' },
  { title: 'r5', status: '[]', rate: '6', czfs: '4532', level: '"b"', owner: '14', tags: '["x"]' },
  { title: 'r6', status: '"draft"', rate: '3', czfs: '4531', level: '"a"', owner: '12', tags: '["x", "y"]' },
];

const CHOICES = ['status', 'rate', 'czfs', 'level', 'owner'] as const;

async function columnTypes(table: string): Promise<Record<string, string>> {
  const r = await sql<{ column_name: string; data_type: string }>`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table}`.execute(t.db);
  return Object.fromEntries(r.rows.map((x) => [x.column_name, x.data_type]));
}

async function ids(body: Record<string, unknown>): Promise<string[]> {
  const model = formModel(await getFormByName(t.db, tenantId, 'sc_orders'));
  const r = await listRecords(t.db, model, { pageNum: 1, pageSize: 100, ...body }, systemReader(tenantId));
  return r.rows.map((x) => String(x.title)).sort();
}

async function allRows(): Promise<Record<string, unknown>[]> {
  const model = formModel(await getFormByName(t.db, tenantId, 'sc_orders'));
  const r = await listRecords(t.db, model, { pageNum: 1, pageSize: 100 }, systemReader(tenantId));
  return [...r.rows].sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

/** Puts the form's tables back into the shape before migration 150, with the values above. */
async function buildOldShape(): Promise<void> {
  const form = await getFormByName(t.db, tenantId, 'sc_orders');
  const storage = structuredClone(form.storage) as FormStorage;
  const main = storage.tables[0];
  const table = sql.id(schema, main.name);
  await sql`DROP VIEW IF EXISTS ${sql.id(schema, 'sc_view')}`.execute(t.db);
  for (const c of main.columns) {
    if (c.role !== 'value') continue;
    if ((CHOICES as readonly string[]).includes(c.field)) {
      await sql`ALTER TABLE ${table} ALTER COLUMN ${sql.id(c.name)} TYPE jsonb USING NULL`.execute(t.db);
      c.kind = 'jsonb';
    }
    if (c.field === 'tags') {
      // Before 150 a choice list had the btree every sortable value column had.
      await sql`DROP INDEX ${sql.id(schema, `ix_f${form.id}_c${c.columnId}_value_gin`)}`.execute(t.db);
      await sql`CREATE INDEX ${sql.id(`ix_f${form.id}_c${c.columnId}_value_btree`)} ON ${table} (${sql.id(c.name)}, id)`.execute(t.db);
      c.index = 'btree';
    }
  }
  const sub = storage.tables[1];
  const kind = sub.columns.find((c) => c.field === 'kind' && c.role === 'value')!;
  await sql`ALTER TABLE ${sql.id(schema, sub.name)} ALTER COLUMN ${sql.id(kind.name)} TYPE jsonb USING NULL`.execute(t.db);
  kind.kind = 'jsonb';
  await syncExpressionStats(t.db, schema, form.id, main, true);
  const col = (f: string) => sql.id(main.columns.find((c) => c.field === f && c.role === 'value')!.name);
  for (const r of ROWS) {
    const inserted = await sql<{ id: number }>`INSERT INTO ${table} (tenant_id, ${col('title')}, ${col('status')}, ${col('rate')}, ${col('czfs')}, ${col('level')}, ${col('owner')}, ${col('tags')})
      VALUES (${tenantId}, ${r.title}, ${r.status}::jsonb, ${r.rate}::jsonb, ${r.czfs}::jsonb, ${r.level}::jsonb, ${r.owner}::jsonb, ${r.tags}::jsonb) RETURNING id`.execute(t.db);
    await sql`INSERT INTO ${sql.id(schema, sub.name)} (tenant_id, parent_id, row_order, ${sql.id(kind.name)}) VALUES (${tenantId}, ${inserted.rows[0].id}, 0, ${'"j"'}::jsonb)`.execute(t.db);
  }
  await sql`UPDATE form_definitions SET storage = ${JSON.stringify(storage)}::jsonb WHERE id = ${form.id}`.execute(t.db);
  // The view's own snapshot had jsonb columns too, and its VIEW read the jsonb ones.
  const view = await getFormByName(t.db, tenantId, 'sc_view');
  const vs = structuredClone(view.storage) as FormStorage;
  for (const c of vs.tables[0].columns) if (c.field === 'vstatus' && c.role === 'value') c.kind = 'jsonb';
  await sql`UPDATE form_definitions SET storage = ${JSON.stringify(vs)}::jsonb WHERE id = ${view.id}`.execute(t.db);
  const vcol = vs.tables[0].columns.find((c) => c.field === 'vstatus' && c.role === 'value')!;
  const vview = vs.tables[0].columns.find((c) => c.field === 'vstatus' && c.role === 'view')!;
  await sql`CREATE VIEW ${sql.id(schema, 'sc_view')} AS SELECT (s.id::text || '@sc_orders') AS id, s.id AS src_id, 'sc_orders'::text AS data_table,
      s.tenant_id, s.sys_status, NULL::bigint AS pid, s.create_by, s.create_user_id, s.create_dept_id, s.create_time, s.update_by, s.update_time, s.version,
      s.${col('status')} AS ${sql.id(vcol.name)}, s.${sql.id(main.columns.find((c) => c.field === 'status' && c.role === 'view')!.name)} AS ${sql.id(vview.name)}
    FROM ${table} s`.execute(t.db);
}

/** What the API answered for each row before the migration: jsonb values as they were stored. */
const BEFORE: ({ title: string } & Record<string, any>)[] = ROWS.map((r) => ({ title: r.title, ...Object.fromEntries([...CHOICES, 'tags'].map((k) => [k, JSON.parse(r[k as keyof typeof r])])) }));

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'SC');
  schema = `t_${tenantId}`;
  await createForm(t.db, { tenantId, userName: 'admin' }, FORM);
  await createForm(t.db, { tenantId, userName: 'admin' }, {
    enName: 'sc_view', cnName: '选项视图', type: 2,
    fields: [{ enName: 'vstatus', label: '状态', funcType: 'select', options: [{ label: '草稿', value: 'draft' }] }],
    view: { sources: ['sc_orders'], columns: { vstatus: { sc_orders: 'status' } } },
  });
  await buildOldShape();
  await sql`DELETE FROM schema_migrations WHERE id = 150`.execute(t.db);
  expect(await migrate(t.db)).toEqual([150]);
});
afterAll(async () => t?.close());

describe('migration 150: single choices become scalar columns', () => {
  it('turns the jsonb choices into text and numeric columns and gives the choice list a GIN index', async () => {
    const form = await getFormByName(t.db, tenantId, 'sc_orders');
    const main = form.storage.tables[0];
    const types = await columnTypes(main.name);
    const typeOf = (f: string) => types[main.columns.find((c) => c.field === f && c.role === 'value')!.name];
    expect(CHOICES.map(typeOf)).toEqual(['text', 'text', 'text', 'text', 'numeric']);
    expect(typeOf('tags')).toBe('jsonb');
    const sub = form.storage.tables[1];
    expect((await columnTypes(sub.name))[sub.columns.find((c) => c.field === 'kind')!.name]).toBe('text');
    const indexes = (await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = ${schema} AND tablename = ${main.name}`.execute(t.db)).rows.map((r) => r.indexdef);
    expect(indexes.some((d) => / USING gin \(tags\)/.test(d))).toBe(true);
    expect(indexes.some((d) => /\(tags, id\)/.test(d))).toBe(false);
    expect(indexes.some((d) => /\(status, id\)/.test(d))).toBe(true);
    expect(main.columns.filter((c) => c.kind === 'jsonb')).toEqual([]);
  });

  it('keeps every value as the API read it (an option number stays a number, an empty list becomes empty)', async () => {
    const rows = await allRows();
    const after = rows.map((r) => ({ title: r.title, ...Object.fromEntries([...CHOICES, 'tags'].map((k) => [k, r[k]])) }));
    // Three values change only in form: the empty list of a single choice reads as null, and a
    // user id or a constant id stored as a text ("13", "4531") reads as the number it names.
    const expected = BEFORE.map((r) => ({
      ...r,
      status: Array.isArray(r.status) && !r.status.length ? null : r.status,
      owner: r.owner === null ? null : Number(r.owner),
      czfs: r.czfs === null ? null : Number(r.czfs),
    }));
    expect(after).toEqual(expected);
    const model = formModel(await getFormByName(t.db, tenantId, 'sc_orders'));
    // The record read (mapRow) agrees with the list's JSON rows, sub-form rows included.
    const one = await readMain(t.db, model, tenantId, Number(rows[0].id));
    expect(one).toMatchObject({ status: 'draft', rate: 3, czfs: 4531, level: 'a', owner: 12, tags: ['x', 7] });
    expect(await readChildren(t.db, model, model.subs.get('lines')!, tenantId, Number(rows[0].id))).toMatchObject([{ kind: 'j' }]);
  });

  it('answers the same rows for equal filters, emptiness and "any of" a list', async () => {
    const where = (pred: (r: (typeof BEFORE)[number]) => boolean) => BEFORE.filter(pred).map((r) => r.title).sort();
    expect(await ids({ searchConList: [{ enName: 'status', status: 'draft' }] })).toEqual(where((r) => r.status === 'draft'));
    expect(await ids({ searchConList: [{ enName: 'status', status: ['0', 'ok'] }] })).toEqual(where((r) => r.status === '0' || r.status === 'ok'));
    expect(await ids({ searchConList: [{ enName: 'rate', rate: 3 }] })).toEqual(where((r) => r.rate === 3));
    expect(await ids({ searchConList: [{ enName: 'czfs', czfs: [4531] }] })).toEqual(where((r) => String(r.czfs) === '4531'));
    expect(await ids({ searchConList: [{ enName: 'level', level: 'b', searchType: 'equal' }] })).toEqual(where((r) => r.level === 'b'));
    expect(await ids({ searchConList: [{ enName: 'owner', owner: ['12', 13] }] })).toEqual(where((r) => r.owner === 12 || r.owner === '13'));
    expect(await ids({ searchConList: [{ enName: 'tags', tags: ['y', 7] }] })).toEqual(where((r) => Array.isArray(r.tags) && r.tags.some((x: unknown) => x === 'y' || x === 7)));
    // A number typed with leading zeros finds the number (and is no invalid jsonb literal).
    expect(await ids({ searchConList: [{ enName: 'tags', tags: ['007'] }] })).toEqual(where((r) => Array.isArray(r.tags) && r.tags.includes(7)));
    expect(await ids({ searchConList: [{ enName: 'owner', owner: 'abc' }] })).toEqual([]);
    expect(await ids({ searchConList: [{ enName: 'status', searchRange: 'isNull' }] })).toEqual(where((r) => r.status === '' || r.status === null || (Array.isArray(r.status) && !r.status.length)));
    expect(await ids({ searchConList: [{ enName: 'owner', searchRange: 'notNull' }] })).toEqual(where((r) => r.owner !== null));
  });

  it('builds the view again over the converted column', async () => {
    const view = await getFormByName(t.db, tenantId, 'sc_view');
    expect(view.storage.tables[0].columns.find((c) => c.field === 'vstatus' && c.role === 'value')!.kind).toBe('text');
    const model = formModel(view);
    const r = await listRecords(t.db, model, { pageNum: 1, pageSize: 100, searchConList: [{ enName: 'vstatus', vstatus: 'draft' }] }, systemReader(tenantId));
    expect(r.rows.map((x) => x.vstatus)).toEqual(['draft', 'draft']);
  });
});
