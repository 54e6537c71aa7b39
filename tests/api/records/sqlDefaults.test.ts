/**
 * SQL defaults (spec 01 §7 `POST /auto/{form}/init/by/sql`): a main field with
 * `defaultType: 'sql'` and `defaultValue: '$sql(SELECT …)'` gets the first column of the first
 * row on a new record. The statement is guarded when the definition is saved and runs in the
 * tenant's sandbox with `${field}` values bound. Runs on PGlite (api) and PostgreSQL (api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;

const CODES = { enName: 'sqldef_codes', cnName: '默认值代码', fields: [{ enName: 'code', label: '代码', funcType: 'input' }] };

const FORM = {
  enName: 'sqldef_form',
  cnName: 'SQL默认值样例',
  fields: [
    { enName: 'kind', label: '类别', funcType: 'input' },
    { enName: 'next_no', label: '下一个序号', funcType: 'number', defaultType: 'sql', defaultValue: '$sql(SELECT count(*) + 1 FROM sqldef_codes)' },
    { enName: 'found', label: '已有代码', funcType: 'input', defaultType: 'sql', defaultValue: '$sql(SELECT code FROM sqldef_codes WHERE code = ${kind})' },
    { enName: 'plain', label: '固定', funcType: 'input', defaultType: 'fix', defaultValue: '固定值' },
  ],
};

const init = (data: Record<string, unknown>, token = a.admin, form = 'sqldef_form') => a.call(token, 'POST', `/api/auto/${form}/init/by/sql`, { formName: form, data });

beforeAll(async () => {
  a = await recordsApp();
  for (const def of [CODES, FORM]) {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form', def);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  for (const code of ['A1', 'B2']) expect((await a.call(a.admin, 'POST', '/api/auto/sqldef_codes/add', { data: { code } })).status).toBe(200);
}, 120_000);
afterAll(async () => a?.close());

describe('init/by/sql', () => {
  it('answers every SQL default of the form, shaped like the field, with the form values bound', async () => {
    const r = await init({ kind: 'A1' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ next_no: 3, found: 'A1' });
    // No row: null, and a fixed default is not the server's business.
    expect((await init({ kind: 'ZZ' })).json.data).toEqual({ next_no: 3, found: null });
    // A value that tries to be SQL is only a bound value.
    expect((await init({ kind: "A1' OR '1'='1" })).json.data.found).toBeNull();
  });

  it('follows the data: a record added meanwhile changes the next default', async () => {
    expect((await a.call(a.admin, 'POST', '/api/auto/sqldef_codes/add', { data: { code: 'C3' } })).status).toBe(200);
    expect((await init({})).json.data.next_no).toBe(4);
  });

  it('needs the add permission of the form, and stays in the tenant', async () => {
    const reader = await a.userWith('sqldef_reader', ['auto:sqldef_form:query']);
    expect((await init({}, reader.token)).status).toBe(403);
    const adder = await a.userWith('sqldef_adder', ['auto:sqldef_form:add']);
    expect((await init({}, adder.token)).status).toBe(200);
    expect((await init({}, a.admin2)).status).toBe(404);
    expect((await init([] as unknown as Record<string, unknown>)).status).toBe(400);
  });

  it('refuses a definition whose SQL default escapes the sandbox, sits in a sub-form, or is not $sql(…)', async () => {
    const save = (field: Record<string, unknown>) => a.call(a.admin, 'POST', '/api/flowable/form', { enName: `sqldef_bad_${Math.random().toString(36).slice(2, 8)}`, cnName: '坏默认值', fields: [field] });
    const escape = await save({ enName: 'x', label: '逃逸', funcType: 'input', defaultType: 'sql', defaultValue: "$sql(SELECT set_config('search_path', 'public', false))" });
    expect(escape.status).toBe(400);
    const notSql = await save({ enName: 'x', label: '不是SQL', funcType: 'input', defaultType: 'sql', defaultValue: 'SELECT 1' });
    expect(notSql.status).toBe(400);
    expect(notSql.json.msg).toBe('SQL 默认值须写成 $sql(SELECT …)');
    const inSub = await save({ enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'x', label: '行', funcType: 'input', defaultType: 'sql', defaultValue: '$sql(SELECT 1)' }] });
    expect(inSub.status).toBe(400);
    expect(inSub.json.msg).toBe('子表字段不支持 SQL 默认值');
  });

  it('a form without SQL defaults answers an empty object', async () => {
    expect((await init({}, a.admin, 'sqldef_codes')).json.data).toEqual({});
  });
});
