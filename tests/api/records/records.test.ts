/** Record calls over HTTP: add, detail, edit, drafts, delete, void, checks, rules (CONTRACT.md §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;

const ORDER_FORM = {
  enName: 'rec_order',
  cnName: '订单',
  fields: [
    { enName: 'serial', label: '单号', funcType: 'serialNumber', format: 'DD-{yyyyMMdd}-{seq:3}' },
    { enName: 'title', label: '标题', funcType: 'input', required: true, maxLength: 20 },
    { enName: 'phone', label: '电话', funcType: 'input', fixLength: 11, fixLengthTips: '电话须为11位' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '采购', value: 'p' }, { label: '销售', value: 's' }] },
    { enName: 'secret', label: '隐藏', funcType: 'input', isShow: false },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input', required: true },
      { enName: 'qty', label: '数量', funcType: 'number' },
    ] },
  ],
};

const REF_FORM = {
  enName: 'rec_ship',
  cnName: '发货',
  fields: [
    { enName: 'order_ref', label: '订单', funcType: 'relatedForm', relateEnName: 'rec_order', relateField: 'title' },
  ],
};

const count = async (form = 'rec_order', token = a.admin) => (await a.call(token, 'POST', `/api/auto/${form}/list`, { pageSize: 1000 })).json.total;

beforeAll(async () => {
  a = await recordsApp();
  for (const def of [ORDER_FORM, REF_FORM]) {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form', def);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
});
afterAll(async () => a?.close());

describe('add', () => {
  it('adds with sub-rows, a serial number and a server-computed $view', async () => {
    const r = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', {
      formName: 'rec_order', data: { title: '钢材', amount: '12.5', kind: 's', kind$view: '伪造', lines: [{ item: '螺纹钢', qty: 3 }, { item: '盘条', qty: 1 }] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = await a.call(a.admin, 'GET', `/api/auto/rec_order/${r.json.data.id}`);
    expect(d.json.data).toMatchObject({ title: '钢材', amount: 12.5, kind: 's', kind$view: '销售', sys_status: 1, version: 1 });
    expect(d.json.data.serial).toMatch(/^DD-\d{8}-\d{3}$/);
    expect(d.json.data.lines.map((l: any) => [l.item, l.qty, l.rowIndex])).toEqual([['螺纹钢', 3, '1'], ['盘条', 1, '2']]);
  });

  it('the same uuid twice creates one record, also concurrently', async () => {
    const uuid = (await a.call(a.admin, 'GET', '/api/auto/uuid/get')).json.data;
    const before = await count();
    const body = { formName: 'rec_order', data: { title: '幂等' }, uuid };
    const first = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', body);
    const second = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', body);
    expect(second.json.data.id).toBe(first.json.data.id);
    const uuid2 = (await a.call(a.admin, 'GET', '/api/auto/uuid/get')).json.data;
    const many = await Promise.all(Array.from({ length: 6 }, () => a.call(a.admin, 'POST', '/api/auto/rec_order/add', { ...body, uuid: uuid2 })));
    expect(many.every((m) => m.status === 200)).toBe(true);
    expect(new Set(many.map((m) => m.json.data.id)).size).toBe(1);
    expect(await count()).toBe(before + 2);
  });

  it('serial numbers follow each other', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: `序${i}` } })).json.data.id);
    const serials = [];
    for (const id of ids) serials.push((await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}`)).json.data.serial as string);
    const nums = serials.map((s) => Number(s.slice(-3)));
    expect(nums[1]).toBe(nums[0] + 1);
    expect(nums[2]).toBe(nums[1] + 1);
  });

  it('rules are enforced by the server: 400 with the spec message, nothing written', async () => {
    const before = await count();
    const missing = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { amount: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toBe('标题不能为空');
    const fix = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: 'x', phone: '123' } });
    expect(fix.json.msg).toBe('电话须为11位');
    const long = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: 'x'.repeat(21) } });
    expect(long.status).toBe(400);
    const nan = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: 'x', amount: 'abc' } });
    expect(nan.status).toBe(400);
    const unknown = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: 'x', nope: 1 } });
    expect(unknown.status).toBe(400);
    const subBad = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: 'x', lines: [{ item: 'ok', qty: 1 }, { item: 'bad', qty: 'many' }] } });
    expect(subBad.status).toBe(400);
    const subRequired = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: 'x', lines: [{ qty: 1 }] } });
    expect(subRequired.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('hidden fields are dropped', async () => {
    const r = await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '隐', secret: '不该保存' } });
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_order/${r.json.data.id}`)).json.data.secret).toBeNull();
  });
});

describe('edit, drafts, copy', () => {
  it('edits at the current version; a stale version is a 409 and writes nothing', async () => {
    const id = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '原', lines: [{ item: 'A' }, { item: 'B' }] } })).json.data.id;
    const d1 = (await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}`)).json.data;
    const ok = await a.call(a.admin, 'POST', `/api/auto/rec_order/edit/${id}`, {
      formName: 'rec_order', version: d1.version, data: { title: '改', lines: [{ id: d1.lines[1].id, item: 'B2' }, { item: 'C' }] },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const d2 = (await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}`)).json.data;
    expect(d2.title).toBe('改');
    expect(d2.version).toBe(d1.version + 1);
    expect(d2.lines.map((l: any) => l.item)).toEqual(['B2', 'C']);
    expect(d2.lines[0].id).toBe(d1.lines[1].id);
    const stale = await a.call(a.admin, 'POST', `/api/auto/rec_order/edit/${id}`, { version: d1.version, data: { title: '旧版本', lines: [] } });
    expect(stale.status).toBe(409);
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}`)).json.data).toEqual(d2);
    const noVersion = await a.call(a.admin, 'POST', `/api/auto/rec_order/edit/${id}`, { data: { title: 'x' } });
    expect(noVersion.status).toBe(400);
  });

  it('a file entry with a bad display name (a rename the browser did not check) is a 400, nothing written', async () => {
    const list = await a.call(a.admin, 'POST', '/api/auto/contract_ledger/list', { pageSize: 100 });
    const row = list.json.rows.find((r: any) => Array.isArray(r.attachments) && r.attachments.length);
    expect(row, 'a demo contract with attachments').toBeTruthy();
    const renamed = row.attachments.map((f: any, i: number) => (i === 0 ? { ...f, name: '图纸\u0000.pdf' } : f));
    const bad = await a.call(a.admin, 'POST', `/api/auto/contract_ledger/edit/${row.id}`, { version: row.version, data: { attachments: renamed } });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('合同附件的文件信息不正确');
    const after = (await a.call(a.admin, 'GET', `/api/auto/contract_ledger/${row.id}`)).json.data;
    expect(after.version).toBe(row.version);
    expect(after.attachments).toEqual(row.attachments);
  });

  it('a partial edit is checked against the stored record merged with the change', async () => {
    const id = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '部分', lines: [{ item: 'A' }] } })).json.data.id;
    const ok = await a.call(a.admin, 'POST', `/api/auto/rec_order/edit/${id}`, { version: 1, data: { amount: 9 } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const d = (await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}`)).json.data;
    expect(d).toMatchObject({ title: '部分', amount: 9, version: 2 });
    expect(d.lines.map((l: any) => l.item)).toEqual(['A']);
    const cleared = await a.call(a.admin, 'POST', `/api/auto/rec_order/edit/${id}`, { version: 2, data: { title: '' } });
    expect(cleared.status).toBe(400);
    expect(cleared.json.msg).toBe('标题不能为空');
  });

  it('stash keeps a draft without required checks; push checks and approves it', async () => {
    const s = await a.call(a.admin, 'POST', '/api/auto/stash/rec_order/add', { data: { amount: 5 } });
    expect(s.status, JSON.stringify(s.json)).toBe(200);
    const d = (await a.call(a.admin, 'GET', `/api/auto/rec_order/${s.json.data.id}`)).json.data;
    expect(d.sys_status).toBe(-1);
    const bad = await a.call(a.admin, 'POST', `/api/auto/push/rec_order/${d.id}`, { version: d.version, data: {} });
    expect(bad.status).toBe(400);
    const good = await a.call(a.admin, 'POST', `/api/auto/push/rec_order/${d.id}`, { version: d.version, data: { title: '提交' } });
    expect(good.status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_order/${d.id}`)).json.data.sys_status).toBe(1);
  });

  it('copy gives the data without ids, serials or system values', async () => {
    const id = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '复制源', lines: [{ item: 'X' }] } })).json.data.id;
    const c = (await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}/copy`)).json.data;
    expect(c).not.toHaveProperty('id');
    expect(c.serial).toBeNull();
    expect(c.lines).toEqual([expect.objectContaining({ item: 'X' })]);
    expect(c.lines[0]).not.toHaveProperty('id');
  });
});

describe('checks, delete and void', () => {
  it('refuses to delete referenced records (nothing deleted) and warns on approved ones', async () => {
    const o1 = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '被引用', lines: [{ item: 'L' }] } })).json.data.id;
    const o2 = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '未引用' } })).json.data.id;
    const ship = await a.call(a.admin, 'POST', '/api/auto/rec_ship/add', { data: { order_ref: o1 } });
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_ship/${ship.json.data.id}`)).json.data.order_ref$view).toBe('被引用');
    const stop = await a.call(a.admin, 'POST', '/api/auto/rec_order/check/delete', [o1, o2]);
    expect(stop.json.data).toMatchObject({ success: false, action: 'stop' });
    expect(stop.json.data.errorTips).toContain('发货');
    const del = await a.call(a.admin, 'POST', '/api/auto/rec_order/delete', [o1, o2]);
    expect(del.status).toBe(400);
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_order/${o2}`)).status).toBe(200);
    const warn = await a.call(a.admin, 'POST', '/api/auto/rec_order/check/delete', [o2]);
    expect(warn.json.data).toMatchObject({ success: false, action: 'warn' });
    const ok = await a.call(a.admin, 'POST', '/api/auto/rec_order/delete', [o2]);
    expect(ok.json.msg).toBe('删除成功');
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_order/${o2}`)).status).toBe(404);
  });

  it('deletes a record with its sub-rows; voids set sys_status -2', async () => {
    const id = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '删', lines: [{ item: 'a' }, { item: 'b' }] } })).json.data.id;
    const lines = (await a.call(a.admin, 'GET', `/api/auto/rec_order/${id}`)).json.data.lines;
    expect(lines).toHaveLength(2);
    await a.call(a.admin, 'POST', '/api/auto/rec_order/delete', [id]);
    const left = await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
    const { sql } = await import('kysely');
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`t_${left.id}`, 'rec_order$lines')} WHERE parent_id = ${id}`.execute(a.db);
    expect(rows.rows[0].n).toBe(0);
    const v = (await a.call(a.admin, 'POST', '/api/auto/rec_order/add', { data: { title: '作废' } })).json.data.id;
    const inv = await a.call(a.admin, 'POST', '/api/auto/rec_order/invalid/', [v]);
    expect(inv.json.msg).toBe('作废成功');
    expect((await a.call(a.admin, 'GET', `/api/auto/rec_order/${v}`)).json.data.sys_status).toBe(-2);
    expect((await a.call(a.admin, 'POST', '/api/auto/rec_order/check/invalid', [v])).json.data.action).toBe('stop');
  });

  it('writes the operation log', async () => {
    const rows = await a.db.selectFrom('oper_log').select(['business_type', 'title']).where('title', '=', '订单').execute();
    const types = new Set(rows.map((r) => r.business_type));
    for (const t of [1, 2, 3, 10]) expect(types.has(t)).toBe(true);
  });
});

describe('list over HTTP', () => {
  it('answers rows and total, totalExact, list/ids, getCalcdValue, suggestion and haveSub', async () => {
    const list = await a.call(a.admin, 'POST', '/api/auto/rec_order/list', { pageNum: 1, pageSize: 2, searchConList: [{ enName: 'title', title: '钢' }] });
    expect(list.json).toMatchObject({ code: 200, msg: '查询成功', total: 1, totalExact: true });
    expect(list.json.rows[0].title).toBe('钢材');
    const ids = await a.call(a.admin, 'POST', '/api/auto/rec_order/list/ids', [list.json.rows[0].id]);
    expect(ids.json.data[0].title).toBe('钢材');
    const calc = await a.call(a.admin, 'POST', '/api/auto/rec_order/getCalcdValue', { searchConList: [{ enName: 'title', title: '钢' }], calcd: { amount: { operation: ['sum', 'avg'], precision: 2 } } });
    expect(calc.json.data).toEqual([{ field: 'amount', sum: 12.5, avg: 12.5 }]);
    const sug = await a.call(a.admin, 'POST', '/api/auto/search/suggestion', { formName: 'rec_order', fieldName: 'title', text: '钢' });
    expect(sug.json.data).toEqual(['钢材']);
    const sub = await a.call(a.admin, 'POST', '/api/auto/rec_order/haveSub', [list.json.rows[0].id]);
    expect(sub.json.data).toEqual({ [list.json.rows[0].id]: false });
    expect((await a.call(a.admin, 'POST', '/api/auto/rec_order/list', { sysOrderBy: { field: 'nope' } })).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/auto/no_such_form/list', {})).status).toBe(404);
    expect((await a.call(a.admin, 'POST', '/api/auto/rec_order/list', [1, 2])).status).toBe(400);
  });
});
