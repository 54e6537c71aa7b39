/**
 * Issue 11 items 6, 8, 9, 10 and 13 through the HTTP API, on PGlite and (api-pg) PostgreSQL:
 * malformed file entries, prototype names and oversized lists, system column names and the column
 * limit, delete/void of unknown ids, references that point nowhere or into another tenant, and a
 * reused add uuid.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

let a: RecordsApp;
const KEY_UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const fileOf = (tenantId: number, name = '合同.pdf') => {
  const key = `t${tenantId}/20260101/${KEY_UUID}/${name}`;
  return { name, fileName: key, url: `/api/common/download?fileName=${encodeURIComponent(key)}`, size: 3 };
};

const FORM = {
  enName: 'sec_ref',
  cnName: '引用检查',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'owner', label: '负责人', funcType: 'user' },
    { enName: 'team', label: '部门', funcType: 'dept', multiple: true },
    { enName: 'parent', label: '上级记录', funcType: 'relatedForm', relateEnName: 'sec_ref', relateField: 'title' },
    { enName: 'att', label: '附件', funcType: 'upload' },
    { enName: 'secret', label: '隐藏附件', funcType: 'upload', hideCondition: '${title} == "藏"' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'pic', label: '图片', funcType: 'idCard', hideCondition: '${item} == "藏"' },
      { enName: 'who', label: '经手人', funcType: 'user' },
    ] },
  ],
};

let tenant1: number;
let tenant2: number;
let myUser: number;
let otherUser: number;
let myDept: number;
let otherDept: number;
let t2Record: number;

const add = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => a.call(a.admin, 'POST', '/api/auto/sec_ref/add', { formName: 'sec_ref', data, ...extra });
const count = async () => (await a.call(a.admin, 'POST', '/api/auto/sec_ref/list', { pageSize: 1000 })).json.total as number;
const logRows = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM oper_log WHERE title = '引用检查'`.execute(a.db)).rows[0].n);

beforeAll(async () => {
  a = await recordsApp();
  for (const token of [a.admin, a.admin2]) {
    const r = await a.call(token, 'POST', '/api/flowable/form', FORM);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  const ids = async (table: 'users' | 'depts', code: string) => {
    const r = await sql<{ id: number; tenant_id: number }>`SELECT x.id, x.tenant_id FROM ${sql.table(table)} x JOIN tenants t ON t.id = x.tenant_id WHERE t.code = ${code} ORDER BY x.id LIMIT 1`.execute(a.db);
    return { id: Number(r.rows[0].id), tenant: Number(r.rows[0].tenant_id) };
  };
  const u1 = await ids('users', 'DEFAULT');
  const u2 = await ids('users', 'T2');
  [myUser, tenant1, otherUser, tenant2] = [u1.id, u1.tenant, u2.id, u2.tenant];
  myDept = (await ids('depts', 'DEFAULT')).id;
  otherDept = (await ids('depts', 'T2')).id;
  // T2's record gets an id DEFAULT's table never reaches here (each tenant numbers its own rows).
  const made = (await a.call(a.admin2, 'POST', '/api/auto/sec_ref/add', { data: { title: 'T2 记录' } })).json.data.id;
  const table = (await sql<{ name: string }>`SELECT storage->'tables'->0->>'name' AS name FROM form_definitions WHERE tenant_id = ${tenant2} AND en_name = 'sec_ref'`.execute(a.db)).rows[0].name;
  t2Record = 770_000;
  await sql`UPDATE ${sql.table(`t_${tenant2}.${table}`)} SET id = ${t2Record} WHERE id = ${made}`.execute(a.db);
});
afterAll(async () => a?.close());

describe('file entries (item 6)', () => {
  it('refuses an entry without fileName, a null entry, and entries in hidden sub-form cells and drafts', async () => {
    const before = await count();
    const { fileName: _gone, ...noKey } = fileOf(tenant1);
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/auto/sec_ref/add', { att: [noKey] }, 'att'],
      ['/api/auto/sec_ref/add', { att: [null] }, 'att'],
      ['/api/auto/sec_ref/add', { att: [{ ...fileOf(tenant1), url: 42 }] }, 'att'],
      ['/api/auto/sec_ref/add', { lines: [{ item: '藏', pic: [noKey] }] }, 'lines.0.pic'],
      ['/api/auto/stash/sec_ref/add', { att: [noKey] }, 'att'],
    ];
    for (const [url, data, field] of cases) {
      const r = await a.call(a.admin, 'POST', url, { formName: 'sec_ref', data });
      expect(r.status, `${url} ${JSON.stringify(data)}`).toBe(400);
      expect(r.json.errors[0].field).toBe(field);
      expect(r.json.msg).toMatch(/的文件信息不正确$/);
    }
    expect(await count()).toBe(before);
    // A hidden main field is dropped before anything is written, so its bad entry never lands.
    const hidden = await add({ title: '藏', secret: [noKey] });
    expect(hidden.status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/auto/sec_ref/${hidden.json.data.id}`)).json.data.secret ?? null).toBeNull();
  });

  it('refuses a malformed entry on edit and keeps the stored record', async () => {
    const id = (await add({ title: '有附件', att: [fileOf(tenant1)] })).json.data.id;
    const r = await a.call(a.admin, 'POST', `/api/auto/sec_ref/edit/${id}`, { version: 1, data: { att: [{ name: '坏.pdf', url: '/x' }] } });
    expect(r.status).toBe(400);
    const d = (await a.call(a.admin, 'GET', `/api/auto/sec_ref/${id}`)).json.data;
    expect(d.version).toBe(1);
    expect(d.att).toEqual([fileOf(tenant1)]);
  });
});

describe('references (item 10)', () => {
  it('accepts users, departments, related records and files of the own tenant', async () => {
    const parent = (await add({ title: '上级' })).json.data.id;
    const r = await add({ title: '齐全', owner: myUser, team: [myDept], parent, att: [fileOf(tenant1)], lines: [{ item: '甲', who: String(myUser) }] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = (await a.call(a.admin, 'GET', `/api/auto/sec_ref/${r.json.data.id}`)).json.data;
    expect(d.parent$view).toBe('上级');
  });

  it('refuses ids that point nowhere or into another tenant, naming the field, and writes nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ owner: 987654 }, 'owner', '「负责人」引用的用户不存在'],
      [{ owner: otherUser }, 'owner', '「负责人」引用的用户不存在'],
      [{ owner: 'abc' }, 'owner', '「负责人」的用户编号不正确'],
      [{ team: [myDept, otherDept] }, 'team', '「部门」引用的部门不存在'],
      [{ parent: t2Record }, 'parent', '「上级记录」引用的关联记录不存在'],
      [{ parent: 999999 }, 'parent', '「上级记录」引用的关联记录不存在'],
      [{ lines: [{ item: '乙', who: otherUser }] }, 'lines.0.who', '「经手人」引用的用户不存在'],
      [{ att: [fileOf(tenant2)] }, 'att', '「附件」的文件不存在'],
      [{ att: [{ ...fileOf(tenant1), url: fileOf(tenant2).url }] }, 'att', '「附件」的文件不存在'],
      [{ att: [{ ...fileOf(tenant1), fileName: '../../etc/passwd' }] }, 'att', '「附件」的文件不存在'],
    ];
    for (const [data, field, msg] of cases) {
      const r = await add({ title: '越界', ...data });
      expect(r.status, JSON.stringify(data)).toBe(400);
      expect(r.json.msg).toBe(msg);
      expect(r.json.errors[0].field).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  it('checks references on edit too', async () => {
    const id = (await add({ title: '待改' })).json.data.id;
    const r = await a.call(a.admin, 'POST', `/api/auto/sec_ref/edit/${id}`, { version: 1, data: { owner: otherUser } });
    expect(r.status).toBe(400);
    expect((await a.call(a.admin, 'GET', `/api/auto/sec_ref/${id}`)).json.data.owner).toBeNull();
  });
});

describe('delete and void of unknown ids (item 9)', () => {
  it('answers 404, changes nothing and logs nothing when any id is unknown or another tenant\'s', async () => {
    const mine = (await add({ title: '留存' })).json.data.id;
    const logs = await logRows();
    for (const op of ['delete', 'invalid/']) {
      for (const ids of [[987654], [mine, 987654], [t2Record], [mine, t2Record]]) {
        const r = await a.call(a.admin, 'POST', `/api/auto/sec_ref/${op}`, ids);
        expect(r.status, `${op} ${ids}`).toBe(404);
        expect(r.json.msg).toBe('所选记录不存在或已被删除');
      }
    }
    expect(await logRows()).toBe(logs);
    expect((await a.call(a.admin, 'GET', `/api/auto/sec_ref/${mine}`)).json.data.sys_status).toBe(1);
    expect((await a.call(a.admin2, 'GET', `/api/auto/sec_ref/${t2Record}`)).json.data.sys_status).toBe(1);
  });

  it('still voids and deletes known ids (a repeated id counts once) and logs each once', async () => {
    const id = (await add({ title: '作废删除' })).json.data.id;
    const logs = await logRows();
    const v = await a.call(a.admin, 'POST', '/api/auto/sec_ref/invalid/', [id, id]);
    expect(v.status).toBe(200);
    expect(v.json.msg).toBe('作废成功');
    const d = await a.call(a.admin, 'POST', '/api/auto/sec_ref/delete', [id]);
    expect(d.status).toBe(200);
    expect(d.json.msg).toBe('删除成功');
    expect(await logRows()).toBe(logs + 2);
    expect((await a.call(a.admin, 'POST', '/api/auto/sec_ref/delete', [id])).status).toBe(404);
  });
});

describe('add uuid reused with other data (item 13)', () => {
  it('answers the same id for a true retry (keys in any order) and 409 for different data, creating nothing', async () => {
    const uuid = (await a.call(a.admin, 'GET', '/api/auto/uuid/get')).json.data;
    const first = await add({ title: '幂等', owner: myUser }, { uuid });
    expect(first.status).toBe(200);
    const retry = await add({ owner: myUser, title: '幂等' }, { uuid });
    expect(retry.status).toBe(200);
    expect(retry.json.data.id).toBe(first.json.data.id);
    const before = await count();
    const other = await add({ title: '另一份' }, { uuid });
    expect(other.status).toBe(409);
    expect(other.json.msg).toBe('该请求编号已用于另一份数据，请重新获取编号后提交');
    expect(await count()).toBe(before);
  });
});

describe('prototype names, oversized lists and definitions (item 8)', () => {
  const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

  it('sorting or filtering by a name every JavaScript object has is a 400', async () => {
    for (const name of NAMES) {
      const bodies = [
        { sysOrderBy: { field: name, order: 'asc' } },
        { multiFieldOrder: [{ field: name, order: 'desc' }] },
        { initFilter: JSON.stringify({ [name]: 1 }) },
        { searchConList: [{ enName: name, [name]: 'x' }] },
      ];
      for (const body of bodies) {
        const r = await a.call(a.admin, 'POST', '/api/auto/sec_ref/list', body);
        expect(r.status, `${name} ${JSON.stringify(body)}`).toBe(400);
        expect(typeof r.json.msg).toBe('string');
      }
    }
  });

  it('a body holding an object with its own toString or valueOf (which String() and Number() would call) is a 400', async () => {
    const bodies: [string, unknown][] = [
      ['/api/auto/sec_ref/list', { pageSize: { toString: 1 } }],
      ['/api/auto/sec_ref/list', { searchConList: [{ enName: 'title', title$start: [{ valueOf: [] }] }] }],
      ['/api/flowable/form', { enName: 'obj_keys', cnName: '对象', fields: [{ enName: { toString: 'x' }, label: 'X', funcType: 'input' }] }],
      ['/api/flowable/form', { enName: 'obj_keys', cnName: '对象', fields: [], feature: { columnEvalList: [{ enName: [{ toLocaleString: 1 }], type: 'sum' }] } }],
      ['/api/auto/sec_ref/add', { data: { title: { valueOf: 1 } } }],
    ];
    for (const [url, body] of bodies) {
      const r = await a.call(a.admin, 'POST', url, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toMatch(/^请求体含有不允许的键名：(toString|valueOf|toLocaleString)$/);
    }
  });

  it('caps search values and entries with a Chinese 400', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => `v${i}`);
    const r = await a.call(a.admin, 'POST', '/api/auto/sec_ref/list', { searchConList: [{ enName: 'title', title: many, searchType: 'like' }] });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe('「标题」的搜索值最多1000个');
    const eq = await a.call(a.admin, 'POST', '/api/auto/sec_ref/list', { initFilter: { id: many } });
    expect(eq.status).toBe(400);
    const entries = Array.from({ length: 500 }, () => ({ enName: 'title', title: 'x' }));
    const e = await a.call(a.admin, 'POST', '/api/auto/sec_ref/list', { searchConList: entries });
    expect(e.status).toBe(400);
    expect(e.json.msg).toBe('搜索条件最多200条');
    // 1000 values is still a search.
    const ok = await a.call(a.admin, 'POST', '/api/auto/sec_ref/list', { searchConList: [{ enName: 'title', title: many.slice(0, 1000), searchType: 'equal' }] });
    expect(ok.status).toBe(200);
  });

  it('parallel definition saves of one tenant all succeed (their schema grants no longer collide)', async () => {
    const saves = Array.from({ length: 6 }, (_, i) => a.call(a.admin, 'POST', '/api/flowable/form', { enName: `par_${i}`, cnName: `并行${i}`, fields: [{ enName: 'title', label: '标题', funcType: 'input' }] }));
    expect((await Promise.all(saves)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('refuses system column names and a definition past the column limit when saved', async () => {
    for (const name of ['ctid', 'xmin', 'tableoid', 'cmin', 'cmax', 'xmax', 'oid', 'constructor']) {
      const r = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: `sys_${name}`, cnName: '系统列', fields: [{ enName: name, label: 'X', funcType: 'input' }] });
      expect(r.status, name).toBe(400);
      expect(r.json.msg).toContain(name);
    }
    const fields = Array.from({ length: 3000 }, (_, i) => ({ enName: `f${i}`, label: `字段${i}`, funcType: 'input' }));
    const r = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'too_wide', cnName: '过宽', fields });
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe('表单的字段需要 3000 个数据列，超过数据库每表最多 1589 个数据列的限制，请减少字段或拆分到子表');
    expect((await a.call(a.admin, 'GET', '/api/flowable/form/en/too_wide')).status).toBe(404);
  });
});
