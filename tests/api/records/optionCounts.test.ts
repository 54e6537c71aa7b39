/**
 * Exact totals of an option filter (issue 28 item 3, ADR 1068): a list whose only condition is
 * "this select/radio is one of these options" answers its exact total from the counts the triggers
 * keep (storage/valueCounts.ts), and that total equals count(*) after every kind of write — add,
 * an edit moving a record between options, delete, void, batch edit, import, raw SQL, COPY-like
 * bulk INSERT … SELECT, TRUNCATE, a rolled-back savepoint, parallel writers — and after definition
 * saves that retype or add a counted field. Runs on PGlite (api) and PostgreSQL (api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';
import { runImport, workbook } from '../io/ioSupport.js';
import { testDatabaseKind } from '../support/testDatabase.js';

let a: RecordsApp;
let tenantId: number;
let formId: number;
const FORM = 'oc_order';
const DEF = {
  enName: FORM,
  cnName: '选项计数',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'status', label: '状态', funcType: 'select', options: [{ label: '草拟', value: 'draft' }, { label: '已审核', value: 'approved' }, { label: '作废', value: 'void' }] },
    { enName: 'level', label: '等级', funcType: 'radio', options: [{ label: '一级', value: 1 }, { label: '二级', value: 2 }] },
  ],
};

const table = () => sql.id(`t_${tenantId}`, FORM);
const filter = (field: string, value: unknown) => ({ searchConList: [{ enName: field, [field]: value }] });

/** The list's exact total for an option filter, checked against count(*) of the same rows. */
async function expectTotal(field: string, value: unknown, column = field): Promise<number> {
  const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 2, exactTotal: true, ...filter(field, value) });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.totalExact).toBe(true);
  const values = (Array.isArray(value) ? value : [value]).map(String);
  const truth = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table()} WHERE ${sql.id(column)} = ANY(${values}::text[])`.execute(a.db);
  expect(r.json.total).toBe(truth.rows[0].n);
  return r.json.total as number;
}

const kept = async () => (await sql<{ col: string }>`SELECT col FROM form_value_columns WHERE form_id = ${formId} ORDER BY col`.execute(a.db)).rows.map((r) => r.col);

const add = async (title: string, status: string, level = 1) => {
  const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/add`, { data: { title, status, level } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
};
const edit = async (id: number, data: Record<string, unknown>) => {
  const cur = (await a.call(a.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data;
  const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/edit/${id}`, { formName: FORM, version: cur.version, data: { title: cur.title, status: cur.status, level: cur.level, ...data } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};

beforeAll(async () => {
  a = await recordsApp();
  const r = await a.call(a.admin, 'POST', '/api/flowable/form', DEF);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const t = await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
  tenantId = Number(t.id);
  formId = Number((await sql<{ id: number }>`SELECT id FROM form_definitions WHERE tenant_id = ${tenantId} AND en_name = ${FORM}`.execute(a.db)).rows[0].id);
  for (let i = 0; i < 6; i++) await add(`单据${i}`, i % 3 === 0 ? 'approved' : 'draft', 1 + (i % 2));
});

afterAll(async () => {
  await a?.close();
});

describe('option counts', () => {
  it('keeps the select and the radio of a new form, and answers their filters exactly', async () => {
    expect(await kept()).toEqual(['level', 'status']);
    expect(await expectTotal('status', 'approved')).toBe(2);
    expect(await expectTotal('status', ['approved', 'draft'])).toBe(6);
    expect(await expectTotal('level', 2)).toBe(3);
    expect(await expectTotal('status', 'nothing')).toBe(0);
    // The total is the kept count, not a count(*): a delta written by hand shows in it (the
    // UPDATE of no row moves the form's write generation, so no kept answer is reused).
    const touch = () => sql`UPDATE ${table()} SET title = title WHERE false`.execute(a.db);
    await sql`INSERT INTO form_value_counts (form_id, col, val, n) VALUES (${formId}, 'status', 'approved', 100)`.execute(a.db);
    await touch();
    const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 2, exactTotal: true, ...filter('status', 'approved') });
    expect(r.json.total).toBe(102);
    await sql`INSERT INTO form_value_counts (form_id, col, val, n) VALUES (${formId}, 'status', 'approved', -100)`.execute(a.db);
    await touch();
    expect(await expectTotal('status', 'approved')).toBe(2);
  });

  it('stays exact after an add, an edit between options, a void, a delete and a batch edit', async () => {
    const id = await add('新单', 'approved');
    expect(await expectTotal('status', 'approved')).toBe(3);
    await edit(id, { status: 'void' });
    expect(await expectTotal('status', 'approved')).toBe(2);
    expect(await expectTotal('status', 'void')).toBe(1);
    await edit(id, { title: '只改标题' });
    expect(await expectTotal('status', 'void')).toBe(1);
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/invalid/`, [id])).status).toBe(200);
    expect(await expectTotal('status', 'void')).toBe(1);
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/delete`, [id])).status).toBe(200);
    expect(await expectTotal('status', 'void')).toBe(0);
    const ids = (await sql<{ id: number }>`SELECT id FROM ${table()} WHERE status = 'draft'`.execute(a.db)).rows.map((r) => Number(r.id));
    const b = await a.call(a.admin, 'POST', `/api/auto/${FORM}/batchUpdate`, { ids, data: { status: 'approved' } });
    expect(b.status, JSON.stringify(b.json)).toBe(200);
    expect(await expectTotal('status', 'approved')).toBe(6);
    expect(await expectTotal('status', 'draft')).toBe(0);
  });

  it('stays exact after an import, raw SQL, a bulk INSERT … SELECT, a rolled-back savepoint and TRUNCATE', async () => {
    const imp = await runImport(a, FORM, 'oc.xlsx', workbook([['标题', '状态', '等级'], ['导入一', '草拟', '一级'], ['导入二', '作废', '二级']]));
    expect(imp.job?.result?.imported, JSON.stringify(imp.job)).toBe(2);
    expect(await expectTotal('status', 'draft')).toBe(1);
    expect(await expectTotal('status', 'void')).toBe(1);
    await sql`UPDATE ${table()} SET status = 'void' WHERE status = 'approved' AND id % 2 = 0`.execute(a.db);
    await expectTotal('status', 'void');
    await expectTotal('status', 'approved');
    await sql`INSERT INTO ${table()} (tenant_id, title, status, level) SELECT ${tenantId}, '批量' || g, 'draft', '1' FROM generate_series(1, 500) g`.execute(a.db);
    expect(await expectTotal('status', 'draft')).toBe(501);
    await a.db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT s`.execute(trx);
      await sql`DELETE FROM ${table()} WHERE status = 'draft'`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT s`.execute(trx);
    });
    expect(await expectTotal('status', 'draft')).toBe(501);
    // Many statements: the deltas are folded, and the totals stay.
    for (let i = 0; i < 40; i++) await sql`UPDATE ${table()} SET status = ${i % 2 ? 'draft' : 'void'} WHERE title = '批量1'`.execute(a.db);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM form_value_counts WHERE form_id = ${formId}`.execute(a.db);
    expect(rows.rows[0].n).toBeLessThan(40);
    await expectTotal('status', 'draft');
    await expectTotal('level', 1);
    await sql`TRUNCATE ${table()} CASCADE`.execute(a.db);
    expect(await expectTotal('status', 'draft')).toBe(0);
    await add('又一单', 'draft');
    expect(await expectTotal('status', 'draft')).toBe(1);
  });

  it('follows definition saves: a radio retyped to text, a new radio', async () => {
    const form = (await a.call(a.admin, 'GET', `/api/flowable/form/en/${FORM}`)).json.data;
    const fields = form.fields.map((f: any) => (f.enName === 'level' ? { ...f, funcType: 'input' } : f));
    fields.push({ enName: 'kind', label: '类型', funcType: 'radio', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] });
    const saved = await a.call(a.admin, 'POST', '/api/flowable/form/edit', { ...form, fields, confirmDataChanges: true });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await kept()).toEqual(['kind', 'status']);
    await add('类型单', 'approved');
    await sql`UPDATE ${table()} SET kind = 'a'`.execute(a.db);
    expect(await expectTotal('kind', 'a')).toBe(2);
    expect(await expectTotal('status', 'approved')).toBe(1);
    // No longer an option field: its filter is counted by the rows themselves, and stays right.
    const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 2, exactTotal: true, ...filter('level', '1') });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('option counts under parallel writers (PostgreSQL)', () => {
  it('end equal to count(*) after writers on several connections move records between options', async () => {
    const writers = 4;
    await Promise.all(Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < 15; i++) {
        await sql`INSERT INTO ${table()} (tenant_id, title, status) VALUES (${tenantId}, ${`并发${w}-${i}`}, ${i % 2 ? 'approved' : 'draft'})`.execute(a.db);
        await sql`UPDATE ${table()} SET status = 'void' WHERE title = ${`并发${w}-${Math.max(0, i - 1)}`}`.execute(a.db);
      }
    }));
    await expectTotal('status', 'void');
    await expectTotal('status', 'approved');
    await expectTotal('status', 'draft');
  });
});
