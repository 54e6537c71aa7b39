/**
 * Saving form definitions from the designer (issue 19 item 2): versions kept on every save, the
 * check call's data changes with their counts, the 409 confirmation, the 400's structured
 * problems, restore, permissions, tenant isolation, operation-log types, and the §7 definition calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../schema-adapters/index.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

let a: RecordsApp;
let id: number;

const DEF = {
  enName: 'fs_demo',
  cnName: '保存演示',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'input' },
    { enName: 'note', label: '备注', funcType: 'input' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'qty', label: '数量', funcType: 'input' },
    ] },
    { enName: 'parts', label: '配件', funcType: 'subForm', children: [{ enName: 'pname', label: '配件名', funcType: 'input' }] },
  ],
};

const current = async () => (await a.call(a.admin, 'GET', `/api/flowable/form/${id}`)).json.data;
const versions = async (token = a.admin) => a.call(token, 'GET', `/api/flowable/form/${id}/versions`);
const opTypes = async () => {
  const rows = await a.db.selectFrom('oper_log').innerJoin('tenants', 'tenants.id', 'oper_log.tenant_id')
    .select(['oper_log.business_type']).where('oper_log.title', '=', '表单设计').where('tenants.code', '=', 'DEFAULT').orderBy('oper_log.id').execute();
  return rows.map((r) => Number(r.business_type));
};

/** The definition after the edit the data-change tests make: note, parts and lines.qty removed, amount a number. */
function changed(def: any) {
  const next = structuredClone(def);
  next.fields = next.fields.filter((f: any) => f.enName !== 'note' && f.enName !== 'parts');
  next.fields.find((f: any) => f.enName === 'amount').funcType = 'number';
  const lines = next.fields.find((f: any) => f.enName === 'lines');
  lines.children = lines.children.filter((c: any) => c.enName !== 'qty');
  return next;
}

beforeAll(async () => {
  a = await recordsApp();
  const created = await a.call(a.admin, 'POST', '/api/flowable/form', DEF);
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  id = created.json.data.id;
  for (const data of [
    { title: '甲', amount: '12', note: '留言', lines: [{ item: '螺丝', qty: '3' }, { item: '螺母' }], parts: [{ pname: '垫片' }] },
    { title: '乙', amount: '7.5', lines: [] },
    { title: '丙' },
  ]) {
    const r = await a.call(a.admin, 'POST', '/api/auto/fs_demo/add', { formName: 'fs_demo', data });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
});
afterAll(async () => a?.close());

describe('versions', () => {
  it('create keeps version 1, with time, user, name and field count; operation type 20', async () => {
    const v = await versions();
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    expect(v.json.data).toEqual([{ version: 1, current: true, savedAt: expect.any(String), savedBy: 'admin', cnName: '保存演示', fieldCount: 5 }]);
    expect(Number.isNaN(Date.parse(v.json.data[0].savedAt))).toBe(false);
    expect(await opTypes()).toEqual([20]);
  });

  it('an edit without data changes needs no confirmation and adds a version; operation type 19', async () => {
    const def = await current();
    def.cnName = '保存演示二';
    def.fields.push({ enName: 'extra', label: '附加', funcType: 'input' });
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/edit', def);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const v = (await versions()).json.data;
    expect(v.map((x: any) => [x.version, x.current, x.cnName, x.fieldCount])).toEqual([[2, true, '保存演示二', 6], [1, false, '保存演示', 5]]);
    expect(await opTypes()).toEqual([20, 19]);
  });

  it('reads one version (the replaced definition, with the form id); an unknown one is 404', async () => {
    const r = await a.call(a.admin, 'GET', `/api/flowable/form/${id}/versions/1`);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id, enName: 'fs_demo', cnName: '保存演示' });
    expect(r.json.data.fields.map((f: any) => f.enName)).toEqual(['title', 'amount', 'note', 'lines', 'parts']);
    expect(r.json.data.fields.every((f: any) => typeof f.columnId === 'number')).toBe(true);
    expect((await a.call(a.admin, 'GET', `/api/flowable/form/${id}/versions/99`)).status).toBe(404);
    expect((await a.call(a.admin, 'GET', `/api/flowable/form/${id}/versions/x`)).status).toBe(404);
    expect((await a.call(a.admin, 'GET', '/api/flowable/form/999999/versions')).status).toBe(404);
  });
});

describe('check', () => {
  it('lists drop, retype and dropSubForm with the counts of stored values', async () => {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/check', changed(await current()));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.problems).toEqual([]);
    const byField = Object.fromEntries(r.json.data.dataChanges.map((c: any) => [c.field, c]));
    expect(Object.keys(byField).sort()).toEqual(['amount', 'lines.qty', 'note', 'parts']);
    expect(byField.note).toMatchObject({ kind: 'drop', label: '备注', rows: 1 });
    expect(byField.note.effect).toContain('字段“备注”将被删除，1 条记录');
    expect(byField.amount).toMatchObject({ kind: 'retype', label: '金额', from: 'input', to: 'number', rows: 2 });
    expect(byField.amount.effect).toContain('文本转为数字');
    expect(byField.parts).toMatchObject({ kind: 'dropSubForm', label: '配件', rows: 1 });
    expect(byField.parts.effect).toContain('子表单“配件”将被删除，1 行明细');
    expect(byField['lines.qty']).toMatchObject({ kind: 'drop', label: '数量', rows: 1 });
  });

  it('a field without stored values, and a new form, have no data changes', async () => {
    const def = await current();
    def.fields = def.fields.filter((f: any) => f.enName !== 'extra');
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/check', def)).json.data).toEqual({ problems: [], dataChanges: [] });
    const fresh = await a.call(a.admin, 'POST', '/api/flowable/form/check', { ...DEF, enName: 'fs_new' });
    expect(fresh.json.data).toEqual({ problems: [], dataChanges: [] });
    // Without an id the definition is a new form: a taken enName is a problem.
    const taken = await a.call(a.admin, 'POST', '/api/flowable/form/check', DEF);
    expect(taken.json.data.problems).toEqual([{ path: 'enName', message: '表单英文名「fs_demo」已存在' }]);
  });

  it('a retype the storage migration would refuse is a problem on the field, with its path', async () => {
    const def = await current();
    def.fields[0].funcType = 'number';
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/check', def);
    expect(r.json.data.problems).toEqual([{ path: 'fields[0].funcType', message: expect.stringContaining('无法从文本改为数字') }]);
    expect(r.json.data.dataChanges).toEqual([expect.objectContaining({ kind: 'retype', field: 'title', rows: 3 })]);
    // The check changed nothing.
    expect((await a.call(a.admin, 'POST', '/api/auto/fs_demo/list', {})).json.rows.map((x: any) => x.title).sort()).toEqual(['丙', '乙', '甲']);
  });

  it('a type whose columns differ (text → date range) retires the old value: a retype saying so', async () => {
    const def = await current();
    Object.assign(def.fields[1], { funcType: 'dateRange', format: 'yyyy-MM-dd' });
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/check', def);
    expect(r.json.data.problems).toEqual([]);
    expect(r.json.data.dataChanges).toEqual([expect.objectContaining({ kind: 'retype', field: 'amount', from: 'input', to: 'dateRange', rows: 2 })]);
    expect(r.json.data.dataChanges[0].effect).toContain('原文本值不再显示，保留在库中');
  });

  it('answers the adapter problems with paths; an unknown id is 404', async () => {
    const bad = { ...DEF, enName: 'fs_bad', fields: [{ enName: 'Bad Name', label: '坏', funcType: 'input' }] };
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/check', bad);
    expect(r.status).toBe(200);
    expect(r.json.data.problems[0]).toMatchObject({ path: 'fields[0].enName' });
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/check', { ...DEF, id: 999999 })).status).toBe(404);
    // A `$sql` condition reading a system table is a problem on its field, as the save's 400 says.
    const def = await current();
    def.fields[0].hideCondition = '$sql(SELECT count(*) FROM users)';
    const sqlCheck = await a.call(a.admin, 'POST', '/api/flowable/form/check', def);
    expect(sqlCheck.json.data.problems).toEqual([{ path: 'fields[0].hideCondition', message: expect.any(String) }]);
    const saved = await a.call(a.admin, 'POST', '/api/flowable/form/edit', def);
    expect(saved.status).toBe(400);
    expect(saved.json.data.problems).toEqual(sqlCheck.json.data.problems);
  });
});

describe('saving with data changes', () => {
  it('edit without confirmDataChanges is a 409 carrying the check, and changes nothing', async () => {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/edit', changed(await current()));
    expect(r.status).toBe(409);
    expect(r.json.code).toBe(409);
    expect(r.json.msg).toBe('此修改会影响已保存的数据，请确认后再保存');
    expect(r.json.data.problems).toEqual([]);
    expect(r.json.data.dataChanges.map((c: any) => `${c.kind}:${c.field}:${c.rows}`).sort())
      .toEqual(['drop:lines.qty:1', 'drop:note:1', 'dropSubForm:parts:1', 'retype:amount:2']);
    expect((await versions()).json.data).toHaveLength(2);
    expect((await current()).fields.map((f: any) => f.enName)).toContain('note');
  });

  it('edit with confirmDataChanges: true saves, converts and keeps a version', async () => {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/edit', { ...changed(await current()), confirmDataChanges: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const def = await current();
    expect(def).not.toHaveProperty('confirmDataChanges');
    expect(def.fields.map((f: any) => f.enName)).toEqual(['title', 'amount', 'lines', 'extra']);
    const rows = (await a.call(a.admin, 'POST', '/api/auto/fs_demo/list', {})).json.rows;
    expect(rows.find((x: any) => x.title === '乙').amount).toBe(7.5);
    expect((await versions()).json.data.map((v: any) => v.version)).toEqual([3, 2, 1]);
    expect(await opTypes()).toEqual([20, 19, 19]);
  });

  it('a definition with problems is a 400 whose data.problems place them on fields', async () => {
    const def = await current();
    def.fields[0].enName = '1bad';
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/edit', def);
    expect(r.status).toBe(400);
    expect(r.json.data.problems).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'fields[0].enName' })]));
    expect(r.json.msg).toBe(r.json.data.problems[0].message);
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'fs_x', cnName: 'x', fields: [{ enName: 'a', label: 'a', funcType: 'nope' }] });
    expect(created.status).toBe(400);
    expect(created.json.data.problems[0].path).toMatch(/^fields\[0\]/);
    // A retype that would lose values is a 400 on its field, confirmed or not.
    const lossy = await current();
    lossy.fields[0].funcType = 'number';
    for (const body of [lossy, { ...lossy, confirmDataChanges: true }]) {
      const res = await a.call(a.admin, 'POST', '/api/flowable/form/edit', body);
      expect(res.status).toBe(400);
      expect(res.json.msg).toContain('无法从文本改为数字');
    }
    expect((await versions()).json.data).toHaveLength(3);
  });
});

describe('restore', () => {
  it('restoring version 1 asks for confirmation (amount back to text), then saves it as a new version with the retired data back', async () => {
    const first = await a.call(a.admin, 'POST', `/api/flowable/form/${id}/versions/1/restore`, {});
    expect(first.status).toBe(409);
    expect(first.json.data.dataChanges).toEqual([expect.objectContaining({ kind: 'retype', field: 'amount', from: 'number', to: 'input', rows: 2 })]);
    expect((await versions()).json.data).toHaveLength(3);
    const r = await a.call(a.admin, 'POST', `/api/flowable/form/${id}/versions/1/restore`, { confirmDataChanges: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ version: 4 });
    const v = (await versions()).json.data;
    expect(v.map((x: any) => [x.version, x.current, x.cnName])).toEqual([[4, true, '保存演示'], [3, false, '保存演示二'], [2, false, '保存演示二'], [1, false, '保存演示']]);
    const rows = (await a.call(a.admin, 'POST', '/api/auto/fs_demo/list', {})).json.rows;
    const jia = rows.find((x: any) => x.title === '甲');
    expect(jia.note).toBe('留言');
    const detail = (await a.call(a.admin, 'GET', `/api/auto/fs_demo/${jia.id}`)).json.data;
    expect(detail.parts).toEqual([expect.objectContaining({ pname: '垫片' })]);
    expect(detail.lines.map((l: any) => l.qty)).toEqual(['3', null]);
    expect(await opTypes()).toEqual([20, 19, 19, 19]);
  });

  it('restoring the current version changes nothing: no confirmation and no new version (issue 27 item 7); an unknown version is 404', async () => {
    // No body at all is the same as `{}`.
    const r = await a.call(a.admin, 'POST', `/api/flowable/form/${id}/versions/4/restore`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.version).toBe(4);
    expect((await versions()).json.data).toHaveLength(4);
    expect((await a.call(a.admin, 'POST', `/api/flowable/form/${id}/versions/42/restore`, {})).status).toBe(404);
  });
});

describe('import', () => {
  it('keeps working without confirmation (an administrator\'s bulk restore) and keeps a version', async () => {
    const def = await current();
    const { id: _id, ...plain } = def;
    plain.fields = plain.fields.filter((f: any) => f.enName !== 'note');
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/import', [plain]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await versions()).json.data[0]).toMatchObject({ version: 5, current: true, fieldCount: 4 });
    expect((await current()).fields.map((f: any) => f.enName)).not.toContain('note');
  });

  it('saving the definition as it is (keys in another order) adds no version (issue 27 item 7)', async () => {
    const def = await current();
    const reordered = Object.fromEntries(Object.entries(def).reverse());
    const r = await a.call(a.admin, 'POST', '/api/flowable/form/edit', reordered);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await versions()).json.data.map((x: any) => x.version)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('permissions and tenants', () => {
  it('a user without design rights gets 403; list/query may read versions but not restore', async () => {
    const none = await a.userWith('fsnone', ['auto:fs_demo:query']);
    expect((await versions(none.token)).status).toBe(403);
    expect((await a.call(none.token, 'GET', `/api/flowable/form/${id}/versions/1`)).status).toBe(403);
    expect((await a.call(none.token, 'POST', `/api/flowable/form/${id}/versions/1/restore`, { confirmDataChanges: true })).status).toBe(403);
    expect((await a.call(none.token, 'POST', '/api/flowable/form/check', DEF)).status).toBe(403);
    expect((await a.call(none.token, 'GET', '/api/flowable/form/list/options')).status).toBe(403);
    const reader = await a.userWith('fsread', ['flowable:form:list']);
    expect((await versions(reader.token)).status).toBe(200);
    expect((await a.call(reader.token, 'GET', `/api/flowable/form/${id}/versions/1`)).status).toBe(200);
    expect((await a.call(reader.token, 'POST', `/api/flowable/form/${id}/versions/1/restore`, { confirmDataChanges: true })).status).toBe(403);
    const editor = await a.userWith('fsedit', ['flowable:form:edit']);
    expect((await a.call(editor.token, 'POST', `/api/flowable/form/${id}/versions/5/restore`, { confirmDataChanges: true })).status).toBe(200);
    expect((await a.call(editor.token, 'POST', '/api/flowable/form/check', { ...DEF, id })).status).toBe(200);
  });

  it('another tenant sees none of the form\'s versions and cannot restore or check against it', async () => {
    expect((await versions(a.admin2)).status).toBe(404);
    expect((await a.call(a.admin2, 'GET', `/api/flowable/form/${id}/versions/1`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', `/api/flowable/form/${id}/versions/1/restore`, { confirmDataChanges: true })).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/flowable/form/check', { ...DEF, id })).status).toBe(404);
    const options = (await a.call(a.admin2, 'GET', '/api/flowable/form/list/options')).json.data;
    expect(options.map((o: any) => o.id)).not.toContain(id);
    const leaked = await a.db.selectFrom('form_definition_versions').select('tenant_id').where('form_id', '=', id).execute();
    expect(new Set(leaked.map((r) => Number(r.tenant_id))).size).toBe(1);
  });
});

describe('definition calls of spec 02 §7', () => {
  it('list/options answers id, enName and cnName of the tenant\'s forms', async () => {
    const r = await a.call(a.admin, 'GET', '/api/flowable/form/list/options');
    expect(r.status).toBe(200);
    expect(r.json.data).toContainEqual({ id, enName: 'fs_demo', cnName: '保存演示' });
    expect(Object.keys(r.json.data[0]).sort()).toEqual(['cnName', 'enName', 'id']);
  });

  it('export/selected/ answers the chosen definitions without ids', async () => {
    for (const url of ['/api/flowable/form/export/selected/', '/api/flowable/form/export/selected']) {
      const r = await a.call(a.admin, 'POST', url, [id]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data).toHaveLength(1);
      expect(r.json.data[0]).toMatchObject({ enName: 'fs_demo' });
      expect(r.json.data[0]).not.toHaveProperty('id');
    }
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/export/selected/', [])).status).toBe(400);
    expect((await a.call(a.admin2, 'POST', '/api/flowable/form/export/selected/', [id])).json.data).toEqual([]);
  });

  it('importTemplate is a valid definition that import accepts', async () => {
    const r = await a.call(a.admin, 'GET', '/api/flowable/form/importTemplate');
    expect(r.status).toBe(200);
    expect(validateDefinition(r.json.data)).toEqual([]);
    const im = await a.call(a.admin2, 'POST', '/api/flowable/form/import', r.json.data);
    expect(im.status, JSON.stringify(im.json)).toBe(200);
    expect(im.json.data[0].enName).toBe('sample_form');
  });

  it('deleting a form deletes its versions', async () => {
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { ...DEF, enName: 'fs_gone' });
    const gone = created.json.data.id;
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/delete', [gone])).status).toBe(200);
    expect(await a.db.selectFrom('form_definition_versions').select('version').where('form_id', '=', gone).execute()).toEqual([]);
  });
});
