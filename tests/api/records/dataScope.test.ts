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
import { multipartFile, waitJob, workbook } from '../io/ioSupport.js';
import { m177ScopeIndexes } from '../../../src/server/records/migrations/177_scope_indexes.js';
import { sql } from 'kysely';
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
  // The check's tip would show the record's 标题: it is judged only on records of the scope.
  buttons: [{ id: 1, name: '标记', topShow: true, checks: [{ when: '${amount} > 0', action: 'warn', errorTips: '「${title}」将被标记' }], actions: [{ kind: 'setValues', values: { note: '已标记' } }] }],
};
const PERMS = ['query', 'add', 'edit', 'export', 'print', 'invalid', 'import', 'btn1'].map((p) => `auto:${FORM}:${p}`);

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

describe('custom buttons, import in update mode, tree children', () => {
  it('answers 404 for a button acting on a record outside the scope, and runs it inside', async () => {
    const run = (ids: number[]) => a.call(as.below, 'POST', `/api/auto/${FORM}/button/action`, { button: 1, ids, menuId: null, params: {} });
    expect(await a.call(as.below, 'POST', '/api/auto/button/check', { formName: FORM, button: 1, ids: [rec.fin] })).toMatchObject({ status: 404 });
    expect(JSON.stringify((await a.call(as.below, 'POST', '/api/auto/button/check', { formName: FORM, button: 1, ids: [rec.p1] })).json)).toContain('「p1」将被标记');
    expect(await run([rec.p1, rec.fin])).toMatchObject({ status: 404 });
    expect((await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.fin}`)).json.data.note).not.toBe('已标记');
    expect((await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.p1}`)).json.data.note).not.toBe('已标记');
    const ok = await run([rec.p1]);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.p1}`)).json.data.note).toBe('已标记');
  });

  it('refuses, per row, an import in update mode naming a record outside the scope', async () => {
    const upload = async (mode: string) => {
      const m = multipartFile('scope.xlsx', workbook([['记录ID', '备注'], [rec.p2, '导入改'], [rec.fin, '导入改']]));
      const res = await a.app.inject({ method: 'POST', url: `/api/auto/${FORM}/importData?mode=${mode}`, headers: { authorization: `Bearer ${as.below}`, ...m.headers }, payload: m.payload });
      expect(res.statusCode, res.body).toBe(200);
      return (await waitJob(a, res.json().data.jobId, as.below)).result;
    };
    for (const mode of ['update', 'upsert']) {
      const result = await upload(mode);
      expect(result, mode).toMatchObject({ success: false, imported: 0 });
      expect(result.problems.map((p: any) => [p.row, p.message]), mode).toEqual([[3, `记录“${rec.fin}”不在您的数据权限范围内，不能更新`]]);
    }
    expect((await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.fin}`)).json.data.note).not.toBe('导入改');
    expect((await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.p2}`)).json.data.note).not.toBe('导入改');
    // In the scope only: the update is written.
    const m = multipartFile('scope.xlsx', workbook([['记录ID', '备注'], [rec.p2, '导入改']]));
    const res = await a.app.inject({ method: 'POST', url: `/api/auto/${FORM}/importData?mode=update`, headers: { authorization: `Bearer ${as.below}`, ...m.headers }, payload: m.payload });
    expect((await waitJob(a, res.json().data.jobId, as.below)).result).toMatchObject({ success: true, updated: 1 });
    expect((await a.call(a.admin, 'GET', `/api/auto/${FORM}/${rec.p2}`)).json.data.note).toBe('导入改');
  });

  it('lists only the tree children of the scope', async () => {
    const TREE = 'scope_tree';
    expect((await a.call(a.admin, 'POST', '/api/flowable/form', { enName: TREE, cnName: '范围树', tree: true, fields: [{ enName: 'title', label: '标题', funcType: 'input' }] })).status).toBe(200);
    const perms = ['query', 'add'].map((p) => `auto:${TREE}:${p}`);
    const r = await a.call(a.admin, 'POST', '/api/system/role', { roleName: '范围树本人', roleKey: 'scope_tree_self', permissions: perms, dataScope: '5' });
    const mine = await user('s_tree', '项目一部', [r.json.data.roleId]);
    const addTree = async (token: string, title: string) => {
      const x = await a.call(token, 'POST', `/api/auto/${TREE}/add`, { formName: TREE, data: { title } });
      expect(x.status, JSON.stringify(x.json)).toBe(200);
      return x.json.data.id as number;
    };
    const root = await addTree(mine, '根');
    const kid = await addTree(mine, '我的子级');
    const other = await addTree(a.admin, '他人子级');
    // The parent link as a tree form keeps it (pid), set directly: the add call does not take one.
    const t = await a.db.selectFrom('form_definitions').select('tenant_id').where('en_name', '=', TREE).executeTakeFirstOrThrow();
    await sql`UPDATE ${sql.id(`t_${t.tenant_id}`, TREE)} SET pid = ${root} WHERE id IN (${kid}, ${other})`.execute(a.db);
    const has = await a.call(mine, 'POST', `/api/auto/${TREE}/haveSub`, [root]);
    expect(has.status).toBe(200);
    const kids = async (token: string) => (await a.call(token, 'POST', `/api/auto/${TREE}/list`, { pageSize: 100, initFilter: { pid: root } })).json.rows.map((x: any) => x.title).sort();
    expect(await kids(a.admin)).toEqual(['他人子级', '我的子级']);
    expect(await kids(mine)).toEqual(['我的子级']);
    expect((await a.call(mine, 'GET', `/api/auto/${TREE}/${other}`)).status).toBe(404);
  });
});

describe('owner fields (ADR 1041)', () => {
  const OWNED = 'scope_owned';
  const ownedDef = (feature: Record<string, unknown>) => ({
    enName: OWNED, cnName: '归属任务', feature,
    fields: [
      { enName: 'title', label: '标题', funcType: 'input' },
      { enName: 'jbr', label: '经办人', funcType: 'user' },
      { enName: 'bm', label: '归属部门', funcType: 'dept' },
      { enName: 'xzr', label: '协作人', funcType: 'user', multiple: true },
    ],
  });

  it('refuses an owner field that is not a single user / dept field of the main form', async () => {
    for (const [feature, message] of [
      [{ ownerUserField: 'title' }, '归属人字段「标题」须为单选的用户字段'],
      [{ ownerUserField: 'xzr' }, '归属人字段「协作人」须为单选的用户字段'],
      [{ ownerDeptField: 'jbr' }, '归属部门字段「经办人」须为单选的部门字段'],
      [{ ownerDeptField: 'nope' }, '归属部门字段“nope”不是表单主表中的字段'],
    ] as const) {
      const r = await a.call(a.admin, 'POST', '/api/flowable/form', ownedDef(feature));
      expect(r.status, JSON.stringify(feature)).toBe(400);
      expect(JSON.stringify(r.json), JSON.stringify(feature)).toContain(message);
    }
  });

  it('decides 仅本人 and 本部门及以下 by the owner fields instead of the creator, index-served', async () => {
    const saved = await a.call(a.admin, 'POST', '/api/flowable/form', ownedDef({ ownerUserField: 'jbr', ownerDeptField: 'bm' }));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const perms = ['query', 'add', 'edit'].map((p) => `auto:${OWNED}:${p}`);
    const mk = async (key: string, scope: string) => (await a.call(a.admin, 'POST', '/api/system/role', { roleName: `归属${key}`, roleKey: `owned_${key}`, permissions: perms, dataScope: scope })).json.data.roleId;
    const selfTok = await user('o_self', '财务部', [await mk('self', '5')]);
    const belowTok = await user('o_below', '工程管理部', [await mk('below', '4')]);
    const uid = async (name: string) => Number((await a.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id);
    const ids: Record<string, number> = {};
    const put = async (token: string, title: string, data: Record<string, unknown>) => {
      const r = await a.call(token, 'POST', `/api/auto/${OWNED}/add`, { formName: OWNED, data: { title, ...data } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      ids[title] = r.json.data.id;
    };
    // Created by the admin, owned by o_self / by 项目一部; created by o_self, owned by someone else in 财务部.
    await put(a.admin, 'forSelf', { jbr: await uid('o_self'), bm: dept['财务部'] });
    await put(a.admin, 'forP1', { jbr: await uid('w_p1'), bm: dept['项目一部'] });
    await put(selfTok, 'bySelf', { jbr: await uid('w_fin'), bm: dept['财务部'] });
    const titles = async (token: string) => (await a.call(token, 'POST', `/api/auto/${OWNED}/list`, { pageSize: 100, exactTotal: true })).json.rows.map((x: any) => x.title).sort();
    expect(await titles(selfTok)).toEqual(['forSelf']);
    expect(await titles(belowTok)).toEqual(['forP1']);
    expect((await a.call(selfTok, 'GET', `/api/auto/${OWNED}/${ids.bySelf}`)).status).toBe(404);
    expect((await a.call(belowTok, 'GET', `/api/auto/${OWNED}/${ids.forP1}`)).status).toBe(200);
    // The predicate reads the owner columns, which carry a btree index (the sortable single-choice one).
    const form = await a.db.selectFrom('form_definitions').select(['id', 'tenant_id']).where('en_name', '=', OWNED).executeTakeFirstOrThrow();
    const defs = (await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = ${`t_${form.tenant_id}`} AND tablename = ${OWNED}`.execute(a.db)).rows.map((r) => r.indexdef);
    for (const col of ['jbr', 'bm', 'create_user_id', 'create_dept_id']) expect(defs.some((d) => new RegExp(`btree \\(${col}\\b`).test(d)), col).toBe(true);
  });
});

describe('indexes on the creator columns (migration 177)', () => {
  it('exist on every form table and are added again, idempotently, by the migration', async () => {
    const form = await a.db.selectFrom('form_definitions').select(['id', 'tenant_id']).where('en_name', '=', FORM).executeTakeFirstOrThrow();
    const schema = `t_${form.tenant_id}`;
    const names = async () => (await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE schemaname = ${schema} AND tablename = ${FORM}`.execute(a.db)).rows.map((r) => r.indexname);
    expect(await names()).toEqual(expect.arrayContaining([`ix_f${form.id}_cuser`, `ix_f${form.id}_cdept`]));
    await sql`DROP INDEX ${sql.id(schema, `ix_f${form.id}_cdept`)}`.execute(a.db);
    await m177ScopeIndexes.up(a.db);
    await m177ScopeIndexes.up(a.db);
    expect(await names()).toEqual(expect.arrayContaining([`ix_f${form.id}_cuser`, `ix_f${form.id}_cdept`]));
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
