/**
 * Row-level data permissions (数据权限, issue 35; docs/security.md "Data scope"): one user per
 * scope, records created by users of several departments, and every read path — list, total,
 * sums, list/ids, detail, copy, picker, suggestions, haveSub, export, print, batch edit (selection
 * and whole search), edit and void — shows or touches exactly the records of the scope. A record
 * just outside it answers 404 as another tenant's does; two scopes never share a kept answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';
import { runExport, sheets } from '../io/ioSupport.js';
import { answerCacheStats } from '../../../src/server/records/cache/answerCache.js';
import { runSeed } from '../../../src/server/services/seed/runSeed.js';
import { seedDemoDataScope } from '../../../src/server/records/seed/seedDataScope.js';
import { TEST_PASSWORD } from '../support/testServer.js';
import { deploy, flowWorld, FORM as FLOW_FORM, SKETCHES, submit, todo } from '../flows/flowSupport.js';

let a: RecordsApp;
const FORM = 'scope_task';
const DEF = {
  enName: FORM,
  cnName: '范围任务',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'note', label: '备注', funcType: 'input' },
  ],
};
const PERMS = ['query', 'add', 'edit', 'export', 'print', 'invalid'].map((p) => `auto:${FORM}:${p}`);

/** Department ids of tenant DEFAULT by name. */
const dept: Record<string, number> = {};
/** Tokens of the scope users. */
const as: Record<string, string> = {};
/** Record ids by title. */
const rec: Record<string, number> = {};

async function role(key: string, dataScope: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await a.call(a.admin, 'POST', '/api/system/role', { roleName: `范围${key}`, roleKey: `scope_${key}`, permissions: PERMS, dataScope, ...extra });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.roleId;
}
async function user(name: string, deptName: string, roleIds: number[]): Promise<string> {
  const r = await a.call(a.admin, 'POST', '/api/system/user', { userName: name, nickName: name, password: 'secret123', deptId: dept[deptName], roleIds });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return a.login('DEFAULT', name, 'secret123');
}
async function add(token: string, title: string, amount: number): Promise<void> {
  const r = await a.call(token, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { title, amount, note: '共用' } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  rec[title] = r.json.data.id;
}
const list = async (token: string, body: Record<string, unknown> = {}) => {
  const r = await a.call(token, 'POST', `/api/auto/${FORM}/list`, { pageSize: 100, exactTotal: true, ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { titles: r.json.rows.map((x: any) => x.title).sort(), total: r.json.total };
};
const sum = async (token: string) => (await a.call(token, 'POST', `/api/auto/${FORM}/getCalcdValue`, { calcd: { amount: { operation: ['sum'] } } })).json.data[0].sum;

// Records by department: 工程管理部 (eng), 项目一部 (p1, below eng), 项目二部 (p2, below eng), 财务部 (fin, outside).
const EXPECTED: Record<string, string[]> = {
  all: ['eng', 'fin', 'p1', 'p2', 'self'],
  custom: ['p2'],
  dept: ['eng'],
  below: ['eng', 'p1', 'p2', 'self'],
  self: ['self'],
};
const AMOUNT: Record<string, number> = { eng: 1, p1: 10, p2: 100, fin: 1000, self: 10000 };

beforeAll(async () => {
  a = await recordsApp();
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', DEF)).status).toBe(200);
  const rows = await a.db.selectFrom('depts').innerJoin('tenants', 'tenants.id', 'depts.tenant_id').select(['depts.id', 'depts.dept_name']).where('tenants.code', '=', 'DEFAULT').execute();
  for (const d of rows) dept[d.dept_name] = Number(d.id);
  const writer = await role('writer', '5');
  await add(await user('w_eng', '工程管理部', [writer]), 'eng', AMOUNT.eng);
  await add(await user('w_p1', '项目一部', [writer]), 'p1', AMOUNT.p1);
  await add(await user('w_p2', '项目二部', [writer]), 'p2', AMOUNT.p2);
  await add(await user('w_fin', '财务部', [writer]), 'fin', AMOUNT.fin);
  as.all = await user('s_all', '财务部', [await role('all', '1')]);
  as.custom = await user('s_custom', '财务部', [await role('custom', '2', { deptIds: [dept['项目二部']] })]);
  as.dept = await user('s_dept', '工程管理部', [await role('dept', '3')]);
  as.below = await user('s_below', '工程管理部', [await role('below', '4')]);
  as.self = await user('s_self', '项目一部', [await role('self', '5')]);
  await add(as.self, 'self', AMOUNT.self);
});
afterAll(async () => a?.close());

describe('data scope of a role', () => {
  it('is stored with the role and its custom departments answer roleDeptTreeselect', async () => {
    const roles = (await a.call(a.admin, 'GET', '/api/system/role/list?roleKey=scope_custom')).json.rows;
    expect(roles[0]).toMatchObject({ dataScope: '2', deptIds: [dept['项目二部']] });
    const tree = await a.call(a.admin, 'GET', `/api/system/dept/roleDeptTreeselect/${roles[0].roleId}`);
    expect(tree.json).toMatchObject({ code: 200, checkedKeys: [dept['项目二部']] });
    expect(tree.json.depts[0].children.length).toBeGreaterThan(0);
    expect((await a.call(a.admin, 'GET', '/api/system/dept/roleDeptTreeselect/999999')).status).toBe(404);
    expect((await a.call(as.self, 'GET', `/api/system/dept/roleDeptTreeselect/${roles[0].roleId}`)).status).toBe(403);
    // A custom scope needs departments of the tenant.
    expect((await a.call(a.admin, 'POST', '/api/system/role', { roleName: '空', roleKey: 'scope_empty', dataScope: '2' })).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/system/role', { roleName: '坏', roleKey: 'scope_bad', dataScope: '2', deptIds: [99999999] })).status).toBe(400);
    expect((await a.call(a.admin, 'POST', '/api/system/role', { roleName: '坏', roleKey: 'scope_bad', dataScope: '9' })).status).toBe(400);
  });

  it('bounds list, total, sums, picker, suggestions and list/ids to the scope', async () => {
    for (const [scope, titles] of Object.entries(EXPECTED)) {
      expect(await list(as[scope]), scope).toEqual({ titles, total: titles.length });
      expect(await list(as[scope], { scene: 'relateForm' }), scope).toEqual({ titles, total: titles.length });
      expect(await sum(as[scope]), scope).toBe(titles.reduce((s, t) => s + AMOUNT[t], 0));
      const ids = await a.call(as[scope], 'POST', `/api/auto/${FORM}/list/ids`, Object.values(rec));
      expect(ids.json.data.map((r: any) => r.title).sort(), scope).toEqual(titles);
      const sug = await a.call(as[scope], 'POST', '/api/auto/search/suggestion', { formName: FORM, fieldName: 'title', text: '' });
      expect(sug.json.data.sort(), scope).toEqual(titles);
    }
    // The admin sees everything; the filtered total of a scope is exact, not the table's count.
    expect((await list(a.admin)).titles).toEqual(EXPECTED.all);
    const page = await a.call(as.below, 'POST', `/api/auto/${FORM}/list`, { pageSize: 1 });
    expect(page.json.total).toBe(4);
  });

  it('answers 404 for the detail, copy and print of a record just outside the scope', async () => {
    expect((await a.call(as.below, 'GET', `/api/auto/${FORM}/${rec.p2}`)).json.data.title).toBe('p2');
    expect(await a.call(as.below, 'GET', `/api/auto/${FORM}/${rec.fin}`)).toMatchObject({ status: 404 });
    expect((await a.call(as.self, 'GET', `/api/auto/${FORM}/${rec.p1}`)).status).toBe(404);
    expect((await a.call(as.dept, 'GET', `/api/auto/${FORM}/${rec.p1}/copy`)).status).toBe(404);
    const t = await a.call(a.admin, 'POST', '/api/print/template', { formName: FORM, name: '范围打印', paper: 'A4', orientation: 'portrait', body: '<p>{{标题}}</p>' });
    expect(t.status, JSON.stringify(t.json)).toBe(200);
    const ok = await a.call(as.below, 'POST', `/api/print/form/${FORM}/render`, { templateName: '范围打印', ids: [rec.p1] });
    expect(ok.json.data.sheets[0].html).toBe('<p>p1</p>');
    expect((await a.call(as.below, 'POST', `/api/print/form/${FORM}/render`, { templateName: '范围打印', ids: [rec.p1, rec.fin] })).status).toBe(404);
    expect((await a.call(as.below, 'POST', `/api/print/form/${FORM}/docx`, { templateName: '范围打印', ids: [rec.fin] })).status).toBe(404);
  });

  it('exports only the rows of the scope, by search and by chosen ids', async () => {
    const bySearch = await runExport(a, FORM, { currentColumns: ['title'], queryMap: {} }, as.below);
    expect(bySearch.job.status).toBe('done');
    expect(sheets(bySearch.file!.body)['范围任务'].slice(1).map((r) => r[0]).sort()).toEqual(EXPECTED.below);
    const byIds = await runExport(a, FORM, { currentColumns: ['title'], queryMap: { ids: [rec.self, rec.fin] } }, as.self);
    expect(sheets(byIds.file!.body)['范围任务'].slice(1).map((r) => r[0])).toEqual(['self']);
  });

  it('never edits, voids or batch-edits a record outside the scope', async () => {
    const before = (await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.fin}`)).json.data;
    expect((await a.call(as.below, 'POST', `/api/auto/${FORM}/edit/${rec.fin}`, { formName: FORM, data: { note: '越权' }, version: before.version })).status).toBe(404);
    expect((await a.call(as.below, 'POST', `/api/auto/${FORM}/invalid`, [rec.fin])).status).toBe(404);
    // A selection holding an outside id is refused whole (记录不存在), nothing written.
    const sel = await a.call(as.below, 'POST', `/api/auto/${FORM}/batchUpdate`, { formName: FORM, ids: [rec.p1, rec.fin], data: { note: '批量' } });
    expect(sel.status).toBe(400);
    expect(sel.json.errors).toEqual([{ field: String(rec.fin), message: '记录不存在' }]);
    // A whole search counts and writes the scope's records only.
    const count = await a.call(as.below, 'POST', `/api/auto/${FORM}/batchUpdate/count`, { formName: FORM, query: { keyword: '共用' } });
    expect(count.json.data.total).toBe(4);
    const whole = await a.call(as.below, 'POST', `/api/auto/${FORM}/batchUpdate`, { formName: FORM, query: { keyword: '共用' }, expectedCount: 4, data: { note: '已批量' } });
    expect(whole.json, JSON.stringify(whole.json)).toMatchObject({ code: 200, data: { updated: 4 } });
    const notes = (await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageSize: 100 })).json.rows.map((r: any) => [r.title, r.note]).sort();
    expect(notes).toEqual([['eng', '已批量'], ['fin', '共用'], ['p1', '已批量'], ['p2', '已批量'], ['self', '已批量']]);
  });

  it('takes the union of several roles and a per-form override', async () => {
    const dept3 = (await a.call(a.admin, 'GET', '/api/system/role/list?roleKey=scope_dept')).json.rows[0].roleId;
    const self5 = (await a.call(a.admin, 'GET', '/api/system/role/list?roleKey=scope_self')).json.rows[0].roleId;
    const both = await user('s_both', '工程管理部', [dept3, self5]);
    await add(both, 'both', 0);
    expect((await list(both)).titles).toEqual(['both', 'eng']);
    // 仅本人 by default, 全部数据 on this form.
    const over = await role('override', '5', { formScopes: [{ formName: FORM, dataScope: '1' }] });
    const overUser = await user('s_over', '财务部', [over]);
    expect((await list(overUser)).total).toBe(6);
    expect((await a.call(a.admin, 'GET', `/api/system/role/${over}`)).json.data.formScopes).toEqual([{ formName: FORM, dataScope: '1' }]);
  });

  it('narrows a dashboard panel as it narrows the list the panel opens', async () => {
    const panel = { id: 'p1', title: '金额合计', kind: 'kpi', form: FORM, measure: { op: 'sum', field: 'amount' } };
    const created = await a.call(a.admin, 'POST', '/api/dashboard', { name: '范围看板', panels: [panel] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    for (const [scope, titles] of Object.entries(EXPECTED)) {
      const data = await a.call(as[scope], 'GET', `/api/dashboard/${created.json.data.id}/data`);
      expect(data.status, JSON.stringify(data.json)).toBe(200);
      expect(data.json.data.panels[0].value, scope).toBe(titles.reduce((s, t) => s + AMOUNT[t], 0));
    }
  });

  it('never serves one scope a total kept for another (answer cache, ADR 1028)', async () => {
    const body = { keyword: '', pageSize: 1, exactTotal: true };
    // Each scope asks twice: the second answer is a kept one, and still its own.
    for (let round = 0; round < 2; round++) {
      const hits = answerCacheStats().hits;
      expect((await a.call(as.self, 'POST', `/api/auto/${FORM}/list`, body)).json.total).toBe(1);
      // 4 of the seed plus the record of s_both (工程管理部) added above.
      expect((await a.call(as.below, 'POST', `/api/auto/${FORM}/list`, body)).json.total).toBe(5);
      expect((await a.call(as.custom, 'POST', `/api/auto/${FORM}/list`, body)).json.total).toBe(1);
      expect(await sum(as.self)).toBe(AMOUNT.self);
      expect(await sum(as.custom)).toBe(AMOUNT.p2);
      if (round === 1) expect(answerCacheStats().hits).toBeGreaterThan(hits);
    }
  });
});

describe('the demo of data scopes', () => {
  it('shows 赵经理 (项目经理, 本部门及以下) and 小孙 (办事员, 仅本人) fewer 合同台账 records than 普通员工', async () => {
    // The step a served database runs (main.ts); the shared test template leaves it out.
    expect(await runSeed(a.db, { adminPassword: TEST_PASSWORD, steps: [seedDemoDataScope] })).toEqual(['demo-data-scope']);
    const count = async (token: string) => (await a.call(token, 'POST', '/api/auto/contract_ledger/list', { pageSize: 100, exactTotal: true })).json;
    const all = await count(await a.login('DEFAULT', 'staff'));
    const pm = await count(await a.login('DEFAULT', 'zhaojingli'));
    const clerk = await count(await a.login('DEFAULT', 'xiaosun'));
    expect(clerk.total).toBeGreaterThan(0);
    expect(clerk.rows.every((r: any) => r.create_by === 'xiaosun')).toBe(true);
    expect(pm.total).toBeGreaterThan(clerk.total);
    expect(all.total).toBeGreaterThan(pm.total);
    expect(new Set(pm.rows.map((r: any) => r.create_by))).toEqual(new Set(['zhaojingli', 'xiaosun', 'xiaozhou', 'staff']));
  });
});

describe('flow tasks', () => {
  it('shows a task\'s record to its assignee whatever their scope, and to no one else of that scope', async () => {
    const w = await flowWorld(a);
    const role = (await a.call(a.admin, 'GET', '/api/system/role/list?roleKey=flow_staff')).json.rows[0];
    const edited = await a.call(a.admin, 'POST', '/api/system/role/edit', { roleId: role.roleId, roleName: role.roleName, roleKey: role.roleKey, permissions: role.permissions, dataScope: '5' });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    await deploy(w, SKETCHES.byAmount);
    const id = await submit(w, 'emp', { title: '差旅', amount: 100 });
    await expect.poll(async () => (await todo(w, 'lead', id)).length).toBe(1);
    const titles = async (user: 'lead' | 'other' | 'emp') =>
      (await a.call(w.tokens[user], 'POST', `/api/auto/${FLOW_FORM}/list`, { pageSize: 100 })).json.rows.map((r: any) => r.title);
    expect(await titles('emp')).toEqual(['差旅']);
    expect(await titles('lead')).toEqual(['差旅']);
    expect(await titles('other')).toEqual([]);
    expect((await a.call(w.tokens.lead, 'GET', `/api/auto/${FLOW_FORM}/${id}`)).status).toBe(200);
    expect((await a.call(w.tokens.other, 'GET', `/api/auto/${FLOW_FORM}/${id}`)).status).toBe(404);
  });
});
