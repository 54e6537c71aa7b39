/** Permissions, tenant isolation and hostile input for records and `$sql` conditions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
let reader: { token: string; userId: number };
let adder: { token: string; userId: number };
let recordId: number;
let formId: number;

const FORM = {
  enName: 'sec_form',
  cnName: '安全样例',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number' },
    { enName: 'flag', label: '标记', funcType: 'input', hideCondition: '$sql(SELECT count(*) FROM sec_form WHERE title = ${title} AND amount > ${amount})' },
    { enName: 'note', label: '备注', funcType: 'input' },
    { enName: 'memo', label: '说明', funcType: 'input' },
    { enName: 'me', label: '本人', funcType: 'input', hideCondition: '$sql(SELECT count(*) FROM sec_form WHERE create_user_id = #{userId})' },
  ],
};

beforeAll(async () => {
  a = await recordsApp();
  for (const token of [a.admin, a.admin2]) {
    const r = await a.call(token, 'POST', '/api/flowable/form', FORM);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    if (token === a.admin) formId = r.json.data.id;
  }
  // Each tenant's table numbers its own rows: make DEFAULT's record an id T2 does not have.
  for (const t of ['临时1', '临时2']) {
    const id = (await a.call(a.admin, 'POST', '/api/auto/sec_form/add', { data: { title: t } })).json.data.id;
    await a.call(a.admin, 'POST', '/api/auto/sec_form/delete', [id]);
  }
  recordId = (await a.call(a.admin, 'POST', '/api/auto/sec_form/add', { data: { title: '默认租户', amount: 10 } })).json.data.id;
  await a.call(a.admin2, 'POST', '/api/auto/sec_form/add', { data: { title: '第二租户', amount: 20 } });
  reader = await a.userWith('reader', ['auto:sec_form:query']);
  adder = await a.userWith('adder', ['auto:sec_form:add']);
});
afterAll(async () => a?.close());

describe('permission matrix', () => {
  it('a role with only query can list and read but not add, edit, delete, void or design', async () => {
    expect((await a.call(reader.token, 'POST', '/api/auto/sec_form/list', {})).status).toBe(200);
    expect((await a.call(reader.token, 'GET', `/api/auto/sec_form/${recordId}`)).status).toBe(200);
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/auto/sec_form/add', { data: { title: 'x' } }],
      ['POST', `/api/auto/sec_form/edit/${recordId}`, { version: 1, data: { title: 'x' } }],
      ['POST', '/api/auto/sec_form/delete', [recordId]],
      ['POST', '/api/auto/sec_form/invalid/', [recordId]],
      ['POST', '/api/auto/sec_form/check/delete', [recordId]],
      ['POST', '/api/auto/stash/sec_form/add', { data: {} }],
      ['GET', `/api/auto/sec_form/${recordId}/copy`, undefined],
      ['POST', '/api/flowable/form', { ...FORM, enName: 'sec_other' }],
      ['POST', '/api/flowable/form/import', [{ ...FORM, enName: 'sec_other' }]],
      ['GET', '/api/flowable/form/export', undefined],
      ['GET', '/api/flowable/form/list', undefined],
      ['GET', `/api/flowable/form/${formId}`, undefined],
      ['POST', '/api/flowable/form/delete', [1]],
    ];
    for (const [method, url, body] of attempts) {
      const r = await a.call(reader.token, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.json.msg).toBe('当前操作没有权限');
    }
    const d = (await a.call(a.admin, 'GET', `/api/auto/sec_form/${recordId}`)).json.data;
    expect(d).toMatchObject({ title: '默认租户', sys_status: 1, version: 1 });
  });

  it('a role with only add can add but not list', async () => {
    expect((await a.call(adder.token, 'POST', '/api/auto/sec_form/add', { data: { title: '新增者' } })).status).toBe(200);
    expect((await a.call(adder.token, 'POST', '/api/auto/sec_form/list', {})).status).toBe(403);
    expect((await a.call(adder.token, 'POST', '/api/auto/sec_form/getCalcdValue', { calcd: { amount: {} } })).status).toBe(403);
  });

  it('a definition by id needs flowable:form:list or flowable:form:query (issue 11 item 11)', async () => {
    const designer = await a.userWith('def_reader', ['flowable:form:query']);
    const byId = await a.call(designer.token, 'GET', `/api/flowable/form/${formId}`);
    expect(byId.status).toBe(200);
    expect(byId.json.data.enName).toBe('sec_form');
    const refused = await a.call(reader.token, 'GET', `/api/flowable/form/${formId}`);
    expect(refused.status).toBe(403);
    expect(refused.json.msg).toBe('当前操作没有权限');
    // The form pages read by enName, which stays open to every user of the tenant.
    expect((await a.call(reader.token, 'GET', '/api/flowable/form/en/sec_form')).status).toBe(200);
  });

  it('no token, no records', async () => {
    expect((await a.call('', 'POST', '/api/auto/sec_form/list', {})).status).toBe(401);
  });
});

describe('tenant isolation', () => {
  it('another tenant sees, counts and writes only its own records', async () => {
    const mine = await a.call(a.admin2, 'POST', '/api/auto/sec_form/list', { pageSize: 100 });
    expect(mine.json.rows.map((r: any) => r.title)).toEqual(['第二租户']);
    expect((await a.call(a.admin2, 'GET', `/api/auto/sec_form/${recordId}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/auto/sec_form/list/ids', [recordId])).json.data).toEqual([]);
    expect((await a.call(a.admin2, 'POST', `/api/auto/sec_form/edit/${recordId}`, { version: 1, data: { title: '越界' } })).status).toBe(404);
    await a.call(a.admin2, 'POST', '/api/auto/sec_form/delete', [recordId]);
    await a.call(a.admin2, 'POST', '/api/auto/sec_form/invalid/', [recordId]);
    const d = (await a.call(a.admin, 'GET', `/api/auto/sec_form/${recordId}`)).json.data;
    expect(d).toMatchObject({ title: '默认租户', sys_status: 1, version: 1 });
    const sug = await a.call(a.admin2, 'POST', '/api/auto/search/suggestion', { formName: 'sec_form', fieldName: 'title', text: '租户' });
    expect(sug.json.data).toEqual(['第二租户']);
  });
});

describe('$sql hide conditions', () => {
  const hide = (token: string, fieldName: string, data: unknown) =>
    a.call(token, 'POST', `/api/auto/sec_form/${fieldName}/hide`, { formName: 'sec_form', fieldName, data });

  it('binds ${field} values as parameters and runs in the caller tenant', async () => {
    expect((await hide(a.admin, 'flag', { title: '默认租户', amount: 5 })).json.data).toBe(1);
    expect((await hide(a.admin, 'flag', { title: '第二租户', amount: 5 })).json.data).toBe(0);
    expect((await hide(a.admin2, 'flag', { title: '第二租户', amount: 5 })).json.data).toBe(1);
    expect((await hide(a.admin, 'me', {})).json.data).toBe(1);
    expect((await hide(reader.token, 'me', {})).json.data).toBe(0);
  });

  it('injection through data is just a value', async () => {
    const r = await hide(a.admin, 'flag', { title: "默认租户' OR '1'='1", amount: '0) OR (1=1' });
    expect([200, 400]).toContain(r.status);
    if (r.status === 200) expect(r.json.data).toBe(0);
    expect((await hide(a.admin, 'flag', { title: "x' OR '1'='1", amount: 0 })).json.data).toBe(0);
  });

  it('cannot read system tables, write, or run SQL from the request', async () => {
    // Refused when saved (tests/api/security/sqlConditions.test.ts has the full list).
    for (const cond of ['$sql(SELECT count(*) FROM users)', '$sql(WITH d AS (DELETE FROM sec_form RETURNING 1) SELECT count(*) FROM d)']) {
      const def = { ...FORM, fields: [...FORM.fields, { enName: 'steal', label: '越权', funcType: 'input', hideCondition: cond }] };
      expect((await a.call(a.admin, 'POST', '/api/flowable/form/edit', { ...def, id: formId })).status).toBe(400);
    }
    expect((await hide(a.admin, 'title', {})).status).toBe(400);
    const sneaky = await a.call(a.admin, 'POST', '/api/auto/sec_form/flag/hide', { formName: 'sec_form', fieldName: 'flag', sql: 'SELECT 42', data: {} });
    expect(sneaky.json.data).toBe(0);
    expect((await a.call(a.admin, 'POST', '/api/auto/sec_form/list', {})).json.total).toBe(2);
  });

  it('a definition cannot reach another tenant schema', async () => {
    const ids = await a.db.selectFrom('tenants').select(['id', 'code']).execute();
    const other = ids.find((t) => t.code === 'T2')!.id;
    const def = { ...FORM, enName: 'sec_probe', fields: [{ enName: 'p', label: 'p', funcType: 'input', hideCondition: `$sql(SELECT count(*) FROM t_${other}.sec_form)` }] };
    const r = await a.call(a.admin, 'POST', '/api/flowable/form', def);
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe(`SQL条件不允许访问模式 t_${other}`);
  });
});

describe('per-user state', () => {
  it('saved filters belong to their user only', async () => {
    const url = `/api/queries/${reader.userId}/sec_form`;
    expect((await a.call(reader.token, 'POST', url, ['title', 'amount'])).status).toBe(200);
    expect((await a.call(reader.token, 'GET', url)).json.data).toEqual(['title', 'amount']);
    expect((await a.call(adder.token, 'GET', url)).status).toBe(403);
    expect((await a.call(adder.token, 'POST', url, ['x'])).status).toBe(403);
    expect((await a.call(reader.token, 'POST', url, { not: 'a list' })).status).toBe(400);
  });

  it('table settings: fixed columns between 0 and the column count', async () => {
    const base = { formName: 'sec_form', pageSize: 40, showStatus: false, columns: [{ enName: 'title', width: 200 }, { enName: 'amount', width: 90 }] };
    expect((await a.call(reader.token, 'POST', '/api/system/config/userColumns/update', { ...base, fixColumns: 2 })).status).toBe(200);
    expect((await a.call(reader.token, 'GET', '/api/system/config/userColumns/sec_form')).json.data).toMatchObject({ pageSize: 40, fixColumns: 2, showStatus: false });
    // The bound is the form's columns (six), not the widths sent (two).
    expect((await a.call(reader.token, 'POST', '/api/system/config/userColumns/update', { ...base, fixColumns: 6 })).status).toBe(200);
    expect((await a.call(reader.token, 'POST', '/api/system/config/userColumns/update', { ...base, fixColumns: 7 })).status).toBe(400);
    expect((await a.call(reader.token, 'POST', '/api/system/config/userColumns/update', { ...base, fixColumns: -1 })).status).toBe(400);
    expect((await a.call(reader.token, 'POST', '/api/system/config/userColumns/update', { ...base, pageSize: 0 })).status).toBe(400);
    expect((await a.call(reader.token, 'POST', '/api/system/config/userColumns/update', { ...base, columns: [{ enName: 'x"; drop', width: 10 }] })).status).toBe(400);
  });
});

describe('form pages a user may not open (issue 26 item 7)', () => {
  it('a form of the tenant without the right answers 403; an unknown form 404, whoever asks', async () => {
    const none = await a.userWith('nothing', ['system:dept:list']);
    const calls = (form: string): [string, string, unknown][] => [
      ['POST', `/api/auto/${form}/list`, {}],
      ['POST', `/api/auto/${form}/getCalcdValue`, { calcd: { amount: {} } }],
      ['POST', `/api/auto/${form}/list/ids`, [recordId]],
      ['POST', `/api/auto/${form}/haveSub`, [recordId]],
      ['GET', `/api/auto/${form}/${recordId}`, undefined],
      ['GET', `/api/auto/${form}/${recordId}/copy`, undefined],
      ['POST', `/api/auto/${form}/add`, { data: { title: 'x' } }],
      ['POST', `/api/auto/${form}/edit/${recordId}`, { version: 1, data: { title: 'x' } }],
    ];
    for (const [method, url, body] of calls('sec_form')) {
      const r = await a.call(none.token, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.json.msg).toBe('当前操作没有权限');
    }
    for (const token of [none.token, reader.token, a.admin]) {
      for (const [method, url, body] of calls('sec_nowhere')) {
        const r = await a.call(token, method, url, body);
        expect(r.status, `${method} ${url}`).toBe(404);
        expect(r.json.msg).toBe('表单不存在');
      }
    }
    // The adder may add but not read: its list and detail calls are refused, not empty.
    expect((await a.call(adder.token, 'GET', `/api/auto/sec_form/${recordId}`)).status).toBe(403);
    expect((await a.call(adder.token, 'POST', '/api/auto/sec_form/list/ids', [recordId])).status).toBe(403);
    const d = (await a.call(a.admin, 'GET', `/api/auto/sec_form/${recordId}`)).json.data;
    expect(d).toMatchObject({ title: '默认租户', version: 1 });
  });
});
