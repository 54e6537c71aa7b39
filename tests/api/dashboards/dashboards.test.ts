/**
 * Dashboards (issue 33 items 1–2, docs/dashboards.md): each panel's numbers equal what SQL over
 * the form's table says; a group's list filter opens exactly that group's records in the list;
 * panels of a form the caller may not list answer 403 alone; one tenant never sees or counts
 * another's; administration needs its permission; the seeded cockpit and named pages answer;
 * funnels, gauges and progress boards read the same rows. PGlite (api) and PostgreSQL (api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { loadModel } from '../../../src/server/records/services/recordContext.js';
import { m191DashboardMenu } from '../../../src/server/db/migrations/191_dashboard_menu.js';
import { m178NamedDashboards } from '../../../src/server/db/migrations/178_named_dashboards.js';
import { addShippedDashboards, SHIPPED_DASHBOARDS } from '../../../src/server/dashboards/seedDemoDashboards.js';

let a: RecordsApp;
const FORM = 'dash_sales';
const DEF = {
  enName: FORM,
  cnName: '销售登记',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '工程', value: 'eng' }, { label: '材料', value: 'mat' }, { label: '服务', value: 'svc' }] },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'sign_date', label: '签订日期', funcType: 'dateStamp' },
    { enName: 'urgent', label: '加急', funcType: 'switch' },
  ],
};
type Rec = { title: string; kind?: string; amount?: number; sign_date?: string; urgent?: boolean };
const DEFAULT_RECORDS: Rec[] = [
  { title: '甲', kind: 'eng', amount: 1200.5, sign_date: '2026-01-05', urgent: true },
  { title: '乙', kind: 'eng', amount: 300, sign_date: '2026-01-31' },
  { title: '丙', kind: 'mat', amount: 80.25, sign_date: '2026-02-01', urgent: true },
  { title: '丁', kind: 'mat', amount: 999.99, sign_date: '2026-02-28' },
  { title: '戊', kind: 'svc', amount: 45, sign_date: '2025-12-31' },
  { title: '己', kind: 'eng', sign_date: '2026-03-15' },
  { title: '庚', amount: 10, sign_date: '2026-03-01' },
  { title: '辛', kind: 'svc', amount: 5000 },
];
const T2_RECORDS: Rec[] = [
  { title: '壹', kind: 'eng', amount: 77777, sign_date: '2026-01-10' },
  { title: '贰', kind: 'svc', amount: 1, sign_date: '2026-05-10' },
];

const panel = (p: Record<string, unknown>) => ({ id: 'p1', title: '面板', kind: 'bar', form: FORM, measure: { op: 'count' }, ...p });
const preview = async (token: string, p: Record<string, unknown>) => {
  const r = await a.call(token, 'POST', '/api/dashboard/preview', { panel: panel(p) });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data;
};

/** SQL over the form's own table: `select` and `group` name the field columns as `{amount}`. */
async function truth(tenantCode: string, select: string, where = 'TRUE', group?: string): Promise<Record<string, unknown>[]> {
  const tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', tenantCode).executeTakeFirstOrThrow()).id;
  const model = await loadModel(a.db, Number(tenantId), FORM);
  const col = (text: string) => text.replace(/\{(\w+)\}/g, (_, f: string) => `t."${model.main.fields.get(f)!.columns.value!.name}"`);
  const text = `SELECT ${group ? `${col(group)} AS k, ` : ''}${col(select)} AS v FROM "${model.schema}"."${model.main.table.name}" t WHERE ${col(where)}${group ? ' GROUP BY 1' : ''}`;
  return (await sql.raw<Record<string, unknown>>(text).execute(a.db)).rows;
}
const byKey = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((r) => [String(r.k), Number(r.v)]));
const pointsByKey = (points: { key: unknown; value: number }[]) => Object.fromEntries(points.map((p) => [String(p.key), p.value]));

/** A progress board's form: tasks with a percent, a planned period and plain start/end dates. */
const TASKS = 'dash_tasks';
const TASKS_DEF = {
  enName: TASKS,
  cnName: '任务进度',
  fields: [
    { enName: 'name', label: '任务', funcType: 'input' },
    { enName: 'stage', label: '阶段', funcType: 'select', options: [{ label: '设计', value: 'design' }, { label: '施工', value: 'build' }] },
    { enName: 'pct', label: '完成率', funcType: 'number', precision: 1 },
    { enName: 'period', label: '工期', funcType: 'dateRange', format: 'yyyy-MM-dd' },
    { enName: 'begin', label: '开始', funcType: 'dateStamp' },
    { enName: 'finish', label: '结束', funcType: 'dateStamp' },
  ],
};
const TASK_RECORDS = [
  { name: '基坑', stage: 'build', pct: 100, period$start: '2020-01-01', period$end: '2020-12-31', begin: '2020-01-01', finish: '2020-12-31' },
  { name: '主体', stage: 'build', pct: 42.5, period$start: '2020-01-01', period$end: '2099-12-31', begin: '2020-01-01', finish: '2099-12-31' },
  { name: '方案', stage: 'design', pct: 12.25, period$start: '2098-01-01', period$end: '2099-01-01', begin: '2098-01-01', finish: '2099-01-01' },
  { name: '装修' },
];

beforeAll(async () => {
  a = await recordsApp();
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', TASKS_DEF)).status).toBe(200);
  for (const data of TASK_RECORDS) expect((await a.call(a.admin, 'POST', `/api/auto/${TASKS}/add`, { formName: TASKS, data })).status).toBe(200);
  for (const [token, recs] of [[a.admin, DEFAULT_RECORDS], [a.admin2, T2_RECORDS]] as const) {
    expect((await a.call(token, 'POST', '/api/flowable/form', DEF)).status).toBe(200);
    for (const data of recs) {
      const r = await a.call(token, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
  }
});
afterAll(async () => { await a?.close(); });

describe('panel data against SQL', () => {
  it('counts and sums by a choice field, with option labels and an empty group', async () => {
    const count = await preview(a.admin, { groupBy: { field: 'kind' } });
    expect(count.status).toBe(200);
    expect(pointsByKey(count.points)).toEqual(byKey(await truth('DEFAULT', 'count(*)', 'TRUE', '{kind}')));
    expect(count.points.map((p: { label: string }) => p.label)).toEqual(['工程', '材料', '服务', '（空）']);
    const sum = await preview(a.admin, { kind: 'pie', groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } });
    const want = byKey(await truth('DEFAULT', 'coalesce(sum({amount}), 0)', 'TRUE', '{kind}'));
    expect(pointsByKey(sum.points)).toEqual(want);
    // Largest first.
    expect(sum.points.map((p: { value: number }) => p.value)).toEqual(Object.values(want).sort((x, y) => y - x));
  });

  it('avg, min and max over a number field', async () => {
    for (const op of ['avg', 'min', 'max']) {
      const d = await preview(a.admin, { kind: 'kpi', measure: { op, field: 'amount' } });
      const [row] = await truth('DEFAULT', `round(${op}({amount}), 2)`);
      expect(d.value, op).toBe(Number(row.v));
    }
  });

  it('groups by month in date order, and each group opens exactly its records in the list', async () => {
    const d = await preview(a.admin, { kind: 'line', groupBy: { field: 'sign_date', bucket: 'month' } });
    expect(pointsByKey(d.points)).toEqual(byKey(await truth('DEFAULT', 'count(*)', 'TRUE', "to_char({sign_date}, 'YYYY-MM')")));
    expect(d.points.map((p: { label: string }) => p.label)).toEqual(['2025年12月', '2026年1月', '2026年2月', '2026年3月', '（空）']);
    expect(d.points.at(-1).listFilter).toBeNull();
    // A limit keeps the latest buckets, still in date order.
    const latest = await preview(a.admin, { kind: 'line', groupBy: { field: 'sign_date', bucket: 'month' }, limit: 2 });
    expect(latest.points.map((p: { label: string }) => p.label)).toEqual(['2026年2月', '2026年3月']);
    for (const p of d.points.filter((x: { key: unknown }) => x.key !== null)) {
      const list = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 50, initFilter: p.listFilter });
      expect(list.status, JSON.stringify(list.json)).toBe(200);
      expect(list.json.total, p.label).toBe(p.value);
    }
    const kinds = await preview(a.admin, { groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } });
    for (const p of kinds.points.filter((x: { key: unknown }) => x.key !== null)) {
      const list = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 50, initFilter: p.listFilter });
      const sum = list.json.rows.reduce((s: number, r: { amount?: number | string | null }) => s + Number(r.amount ?? 0), 0);
      expect(Math.round(sum * 100) / 100, p.label).toBe(p.value);
    }
  });

  it('shows the days without records inside the range as 0 for a count or a sum, and leaves them out of an average and a pie', async () => {
    // 材料 was signed on 2026-02-01 and 2026-02-28: the 26 days between hold none.
    const byDay = { kind: 'line', groupBy: { field: 'sign_date', bucket: 'day' }, filter: "${kind} == 'mat'", limit: 100 };
    const count = await preview(a.admin, byDay);
    expect(count.points).toHaveLength(28);
    expect(count.points[0]).toMatchObject({ key: '2026-02-01', value: 1 });
    expect(count.points[27]).toMatchObject({ key: '2026-02-28', value: 1 });
    expect(count.points.slice(1, 27).every((p: { value: number }) => p.value === 0)).toBe(true);
    // An empty day opens its (no) records like any other.
    const empty = count.points[13];
    expect(empty).toMatchObject({ key: '2026-02-14', label: '2026-02-14', listFilter: { sign_date$start: '2026-02-14', sign_date$end: '2026-02-14' } });
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 50, initFilter: empty.listFilter })).json.total).toBe(0);
    const sum = await preview(a.admin, { ...byDay, measure: { op: 'sum', field: 'amount' } });
    expect(sum.points.map((p: { value: number }) => p.value)).toEqual([80.25, ...Array(26).fill(0), 999.99]);
    for (const op of ['avg', 'min', 'max']) {
      const d = await preview(a.admin, { ...byDay, measure: { op, field: 'amount' } });
      expect(d.points.map((p: { key: string }) => p.key), op).toEqual(['2026-02-01', '2026-02-28']);
    }
    // A pie draws no slice of nothing.
    expect((await preview(a.admin, { ...byDay, kind: 'pie' })).points.map((p: { key: string }) => p.key)).toEqual(['2026-02-01', '2026-02-28']);
    // The latest `limit` days of the filled range.
    const last3 = await preview(a.admin, { ...byDay, limit: 3 });
    expect(last3.points.map((p: { key: string; value: number }) => `${p.key}=${p.value}`)).toEqual(['2026-02-26=0', '2026-02-27=0', '2026-02-28=1']);
  });

  it('filters in the condition grammar', async () => {
    const cases: [string, string][] = [
      ["${amount} >= 300 && ${kind} in ['eng', 'mat']", `{amount} >= 300 AND {kind} IN ('eng', 'mat')`],
      ["${urgent} || ${kind} == 'svc'", `coalesce({urgent}, false) OR coalesce({kind} = 'svc', false)`],
      ["!(${kind} == 'eng') && !isEmpty(${kind})", `{kind} IS NOT NULL AND {kind} <> '' AND {kind} <> 'eng'`],
      ["${sign_date} < '2026-02-01' && ${amount} != null", `{sign_date} < '2026-02-01' AND {amount} IS NOT NULL`],
      ["isEmpty(${amount}) || 1000 < ${amount}", `{amount} IS NULL OR {amount} > 1000`],
      ["contains(${title}, '甲')", `{title} LIKE '%甲%'`],
    ];
    for (const [filter, where] of cases) {
      const d = await preview(a.admin, { kind: 'kpi', filter });
      expect(d.status, `${filter}: ${d.msg}`).toBe(200);
      expect(d.value, filter).toBe(Number((await truth('DEFAULT', 'count(*)', where))[0].v));
    }
    const sums = await preview(a.admin, { groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' }, filter: '${amount} < 1000' });
    expect(pointsByKey(sums.points)).toEqual(byKey(await truth('DEFAULT', 'sum({amount})', '{amount} < 1000', '{kind}')));
  });

  it('refuses what cannot be read, with a 400 naming it', async () => {
    for (const [p, msg] of [
      [{ filter: '${amount} + 1 > 2' }, '筛选条件不支持'],
      [{ filter: '${nope} == 1' }, '筛选条件的字段不存在'],
      [{ filter: '${amount} >' }, '筛选条件格式不正确'],
      [{ filter: "$sql(select 1)" }, '筛选条件不支持'],
      [{ filter: `${'!'.repeat(300)}\${urgent}` }, '嵌套超过'],
      [{ filter: Array.from({ length: 100 }, (_, i) => `\${amount} > ${i}`).join(' && ') }, '嵌套超过'],
      [{ groupBy: { field: 'title', bucket: 'month' } }, '不是日期'],
      [{ groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'title' } }, '不是数字'],
      [{ groupBy: { field: 'missing' } }, '分组字段不存在'],
    ] as const) {
      const d = await preview(a.admin, { groupBy: { field: 'kind' }, ...p });
      expect(d.status, JSON.stringify(p)).toBe(400);
      expect(d.msg).toContain(msg);
      const save = await a.call(a.admin, 'POST', '/api/dashboard', { name: '坏的', panels: [panel({ groupBy: { field: 'kind' }, ...p })] });
      expect(save.status).toBe(400);
      expect(save.json.msg).toContain(msg);
    }
    const bad = await a.call(a.admin, 'POST', '/api/dashboard/preview', { panel: panel({ kind: 'radar' }) });
    expect(bad.status).toBe(400);
  });
});

describe('dashboards', () => {
  it('are created, read, edited with their version, and deleted', async () => {
    const panels = [panel({ id: 'k', kind: 'kpi', title: '总数' }), panel({ id: 'b', groupBy: { field: 'kind' } })];
    const created = await a.call(a.admin, 'POST', '/api/dashboard', { name: '销售看板', panels });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id;
    const read = await a.call(a.admin, 'GET', `/api/dashboard/${id}`);
    expect(read.json.data).toMatchObject({ name: '销售看板', version: 1, refreshSeconds: 60, panels });
    const data = await a.call(a.admin, 'GET', `/api/dashboard/${id}/data`);
    expect(data.json.data.panels.map((p: { status: number }) => p.status)).toEqual([200, 200]);
    expect(data.json.data.panels[0].value).toBe(DEFAULT_RECORDS.length);
    const edit = await a.call(a.admin, 'POST', '/api/dashboard/edit', { id, version: 1, name: '销售看板二', panels: panels.slice(1), refreshSeconds: 30 });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    const stale = await a.call(a.admin, 'POST', '/api/dashboard/edit', { id, version: 1, name: '旧的', panels });
    expect(stale.status).toBe(409);
    const after = (await a.call(a.admin, 'GET', `/api/dashboard/${id}`)).json.data;
    expect(after).toMatchObject({ name: '销售看板二', version: 2, refreshSeconds: 30 });
    expect(after.panels).toHaveLength(1);
    const list = await a.call(a.admin, 'GET', '/api/dashboard/list');
    expect(list.json.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ name: '销售看板二', panelCount: 1 });
    expect((await a.call(a.admin, 'POST', '/api/dashboard/delete', [id])).status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/dashboard/${id}`)).status).toBe(404);
    expect((await a.call(a.admin, 'GET', '/api/dashboard/abc')).status).toBe(404);
  });

  it('keep each tenant to its own dashboards and rows', async () => {
    const created = await a.call(a.admin, 'POST', '/api/dashboard', { name: '租户看板', panels: [panel({ groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } })] });
    const id = created.json.data.id;
    expect((await a.call(a.admin2, 'GET', `/api/dashboard/${id}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'GET', `/api/dashboard/${id}/data`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/dashboard/delete', [id])).status).toBe(404);
    expect((await a.call(a.admin, 'GET', `/api/dashboard/${id}`)).status).toBe(200);
    // The same form name in T2 aggregates T2's rows only.
    const t2 = await preview(a.admin2, { groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } });
    expect(pointsByKey(t2.points)).toEqual(byKey(await truth('T2', 'sum({amount})', 'TRUE', '{kind}')));
    expect(pointsByKey(t2.points)).toEqual({ eng: 77777, svc: 1 });
  });

  it('answer 403 for the panels of forms the caller may not list, and administration only to its holders', async () => {
    const created = await a.call(a.admin, 'POST', '/api/dashboard', {
      name: '权限看板',
      panels: [panel({ id: 'mine', kind: 'kpi' }), panel({ id: 'other', kind: 'kpi', form: 'contract_ledger' }), panel({ id: 'gone', kind: 'kpi', form: 'contract_ledger' })],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id;
    const viewer = await a.userWith('dashview', [`auto:${FORM}:query`]);
    const data = await a.call(viewer.token, 'GET', `/api/dashboard/${id}/data`);
    expect(data.status).toBe(200);
    const [mine, other] = data.json.data.panels;
    expect(mine).toMatchObject({ status: 200, value: DEFAULT_RECORDS.length });
    expect(other).toMatchObject({ status: 403, msg: '当前操作没有权限' });
    expect(other.value).toBeUndefined();
    expect((await a.call(viewer.token, 'POST', '/api/dashboard/preview', { panel: panel({ kind: 'kpi' }) })).status).toBe(403);
    expect((await a.call(viewer.token, 'POST', '/api/dashboard', { name: 'x', panels: [] })).status).toBe(403);
    expect((await a.call(viewer.token, 'POST', '/api/dashboard/delete', [id])).status).toBe(403);
    expect((await a.call(viewer.token, 'GET', '/api/dashboard/list')).status).toBe(403);
    const nobody = await a.userWith('dashnone', []);
    const none = await a.call(nobody.token, 'GET', `/api/dashboard/${id}/data`);
    expect(none.json.data.panels.map((p: { status: number }) => p.status)).toEqual([403, 403, 403]);
    const builder = await a.userWith('dashadmin', ['system:dashboard:add', 'system:dashboard:list']);
    expect((await a.call(builder.token, 'GET', '/api/dashboard/list')).status).toBe(200);
    // Preview reads as its caller: the builder holds no list permission of the form.
    expect((await preview(builder.token, { kind: 'kpi' })).status).toBe(403);
  });

  it('ship the cockpit 管理驾驶舱 over the demo forms, every panel answering', async () => {
    for (const token of [a.admin, a.admin2]) {
      const d = await a.call(token, 'GET', '/api/dashboard/key/guanlijiashicang');
      expect(d.status).toBe(200);
      expect(d.json.data.name).toBe('管理驾驶舱');
      const data = await a.call(token, 'GET', `/api/dashboard/${d.json.data.id}/data`);
      const panels = data.json.data.panels;
      expect(panels.map((p: { status: number; msg?: string }) => `${p.status}${p.msg ?? ''}`)).toEqual(panels.map(() => '200'));
      expect(panels.find((p: { id: string }) => p.id === 'contract-count').value).toBeGreaterThan(0);
      expect(panels.find((p: { id: string }) => p.id === 'contract-by-type').points.length).toBeGreaterThan(1);
    }
  });

  it('offer 仪表盘管理 under 系统管理 to holders of system:dashboard:list, also in a tenant seeded before it (migration 191)', async () => {
    type Router = { path: string; component?: string; meta: { title: string }; children?: Router[] };
    const systemEntries = async (token: string) => ((await a.call(token, 'GET', '/api/getRouters')).json.data as Router[]).find((r) => r.path === '/system')?.children ?? [];
    expect((await systemEntries(a.admin)).find((c) => c.meta.title === '仪表盘管理')).toMatchObject({ path: '/system/dashboard', component: 'system/dashboard/index' });
    const lister = await a.userWith('dashmenu', ['system:dashboard:list']);
    expect((await systemEntries(lister.token)).map((c) => c.meta.title)).toContain('仪表盘管理');
    const other = await a.userWith('dashnomenu', ['system:dept:list']);
    expect((await systemEntries(other.token)).map((c) => c.meta.title)).not.toContain('仪表盘管理');
    // A tenant as seeded before: no entry; the migration puts it right after 表单配置, once.
    const order = async () => (await sql<{ tenant: string; path: string }>`SELECT tn.code AS tenant, m.path FROM menus m JOIN tenants tn ON tn.id = m.tenant_id
      JOIN menus g ON g.id = m.parent_id WHERE g.path = '/system' AND g.parent_id = 0 ORDER BY tn.code, m.order_num, m.id`.execute(a.db)).rows;
    const seeded = await order();
    const t2 = (rows: { tenant: string; path: string }[]) => rows.filter((r) => r.tenant === 'T2').map((r) => r.path);
    expect(t2(seeded).slice(t2(seeded).indexOf('/system/form'), t2(seeded).indexOf('/system/form') + 2)).toEqual(['/system/form', '/system/dashboard']);
    await sql`DELETE FROM menus WHERE path = '/system/dashboard' AND tenant_id = (SELECT id FROM tenants WHERE code = 'T2')`.execute(a.db);
    await m191DashboardMenu.up(a.db);
    expect(t2(await order())).toEqual(t2(seeded));
    await m191DashboardMenu.up(a.db);
    expect(await order()).toEqual(seeded);
  });
});

describe('funnel, gauge and progress panels', () => {
  it('a funnel groups as a bar does, largest first, without empty date buckets', async () => {
    const d = await preview(a.admin, { kind: 'funnel', groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } });
    const want = byKey(await truth('DEFAULT', 'coalesce(sum({amount}), 0)', 'TRUE', '{kind}'));
    expect(pointsByKey(d.points)).toEqual(want);
    expect(d.points.map((p: { value: number }) => p.value)).toEqual(Object.values(want).sort((x, y) => y - x));
    const byDay = await preview(a.admin, { kind: 'funnel', groupBy: { field: 'sign_date', bucket: 'day' }, filter: "${kind} == 'mat'", limit: 100 });
    expect(byDay.points.map((p: { key: string }) => p.key)).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('a gauge answers its value, its scale and the percent, a fixed max or a second measure', async () => {
    const fixed = await preview(a.admin, { kind: 'gauge', filter: '${urgent}', gauge: { max: 8 } });
    const urgent = Number((await truth('DEFAULT', 'count(*)', 'coalesce({urgent}, false)'))[0].v);
    expect(fixed).toMatchObject({ status: 200, value: urgent, max: 8, percent: Math.round((urgent / 8) * 1000) / 10 });
    const share = await preview(a.admin, { kind: 'gauge', measure: { op: 'sum', field: 'amount' }, filter: "${kind} == 'eng'", gauge: { total: { op: 'sum', field: 'amount', filter: '!isEmpty(${kind})' } } });
    const part = Number((await truth('DEFAULT', 'sum({amount})', "{kind} = 'eng'"))[0].v);
    const whole = Number((await truth('DEFAULT', 'sum({amount})', '{kind} IS NOT NULL'))[0].v);
    expect(share).toMatchObject({ status: 200, value: part, max: whole, percent: Math.round((part / whole) * 1000) / 10 });
  });

  it('a progress board lists the records with their percent, time elapsed and group, as SQL has them', async () => {
    const board = { kind: 'progress', form: TASKS, progress: { label: 'name', percent: 'pct', period: 'period', group: 'stage' } };
    const d = await preview(a.admin, board);
    expect(d.status, d.msg).toBe(200);
    expect(d.groupLabel).toBe('阶段');
    const tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
    const model = await loadModel(a.db, Number(tenantId), TASKS);
    const col = (f: string) => `t."${model.main.fields.get(f)!.columns.value!.name}"`;
    const rows = (await sql.raw<{ id: number; name: string; pct: string | null }>(`SELECT t.id, ${col('name')} AS name, ${col('pct')} AS pct FROM "${model.schema}"."${model.main.table.name}" t`).execute(a.db)).rows;
    const byName = new Map(rows.map((r) => [r.name, r]));
    // Groups in key order (build before design), the empty group last, then by name.
    expect(d.items.map((i: { label: string }) => i.label)).toEqual(['主体', '基坑', '方案', '装修']);
    for (const i of d.items) expect(i.id, i.label).toBe(byName.get(i.label)!.id);
    expect(d.items.map((i: { group: string | null }) => i.group)).toEqual(['施工', '施工', '设计', null]);
    const pct = (name: string) => Math.round(Number(byName.get(name)!.pct) * 10) / 10;
    expect(d.items.map((i: { percent: number | null }) => i.percent)).toEqual([pct('主体'), pct('基坑'), pct('方案'), null]);
    expect(pct('主体')).toBe(42.5);
    const main = d.items[0];
    expect(main).toMatchObject({ start: '2020-01-01', end: '2099-12-31' });
    const elapsed = (Date.now() - Date.parse('2020-01-01')) / (Date.parse('2099-12-31') - Date.parse('2020-01-01')) * 100;
    expect(Math.abs(main.timePercent - elapsed)).toBeLessThan(0.2);
    expect(d.items[1].timePercent).toBe(100);
    expect(d.items[2].timePercent).toBe(0);
    expect(d.items[3]).toMatchObject({ percent: null, timePercent: null, start: null, end: null });
    // Without a percent field the bar is the time elapsed; start/end fields work as a period does; filters and limit apply.
    const byTime = await preview(a.admin, { kind: 'progress', form: TASKS, progress: { label: 'name', start: 'begin', end: 'finish' }, filter: '!isEmpty(${stage})' });
    const timeOf = Object.fromEntries(byTime.items.map((i: { label: string; percent: number }) => [i.label, i.percent]));
    expect(timeOf).toEqual({ 基坑: 100, 方案: 0, 主体: main.timePercent });
    expect((await preview(a.admin, { kind: 'progress', form: TASKS, progress: { label: 'name', period: 'period' }, limit: 2 })).items).toHaveLength(2);
  });

  it('refuses bad definitions of the new panels with a Chinese 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'gauge' }, '须指定最大值或对比的合计'],
      [{ kind: 'gauge', gauge: { total: { op: 'sum', field: 'title' } } }, '不是数字'],
      [{ kind: 'gauge', gauge: { max: 10 }, filter: '${nope} > 1' }, '筛选条件的字段不存在'],
      [{ kind: 'funnel' }, '须指定分组字段'],
      [{ kind: 'progress' }, '进度看板须指定'],
      [{ kind: 'progress', progress: { label: 'missing', percent: 'amount' } }, '名称字段不存在'],
      [{ kind: 'progress', progress: { label: 'title' } }, '须指定进度字段或工期'],
      [{ kind: 'progress', progress: { label: 'title', percent: 'kind' } }, '不是数字'],
      [{ kind: 'progress', progress: { label: 'title', period: 'sign_date' } }, '不是日期范围'],
      [{ kind: 'progress', progress: { label: 'title', start: 'sign_date' } }, '须同时指定开始日期和结束日期'],
      [{ kind: 'progress', progress: { label: 'title', start: 'amount', end: 'sign_date' } }, '不是日期'],
    ];
    for (const [p, msg] of cases) {
      const d = await preview(a.admin, p);
      expect(d.status, JSON.stringify(p)).toBe(400);
      expect(d.msg, JSON.stringify(p)).toContain(msg);
      const save = await a.call(a.admin, 'POST', '/api/dashboard', { name: '坏的', panels: [panel(p)] });
      expect(save.status, JSON.stringify(p)).toBe(400);
      expect(save.json.msg).toContain(msg);
    }
    for (const [p, msg] of [
      [{ kind: 'bar', groupBy: { field: 'kind' }, gauge: { max: 1 } }, '只有仪表盘面板'],
      [{ kind: 'bar', groupBy: { field: 'kind' }, progress: { label: 'title', percent: 'amount' } }, '只有进度看板'],
      [{ kind: 'kpi', paramField: 'nope' }, '页面参数字段不存在'],
    ] as const) {
      const save = await a.call(a.admin, 'POST', '/api/dashboard', { name: '坏的', panels: [panel(p)] });
      expect(save.status, JSON.stringify(p)).toBe(400);
      expect(save.json.msg).toContain(msg);
    }
    for (const p of [{ kind: 'gauge', gauge: { max: 0 } }, { kind: 'progress', link: 'http://x/{id}', progress: { label: 'title', percent: 'amount' } }]) {
      expect((await a.call(a.admin, 'POST', '/api/dashboard/preview', { panel: panel(p) })).status, JSON.stringify(p)).toBe(400);
    }
  });

  it('narrows panels with a paramField to the page parameter (?param=)', async () => {
    const created = await a.call(a.admin, 'POST', '/api/dashboard', { name: '参数看板', panels: [
      panel({ id: 'one', kind: 'kpi', measure: { op: 'sum', field: 'amount' }, paramField: 'kind' }),
      panel({ id: 'all', kind: 'kpi' }),
    ] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.id;
    const read = async (q: string) => (await a.call(a.admin, 'GET', `/api/dashboard/${id}/data${q}`)).json.data.panels;
    const [mat, all] = await read('?param=mat');
    expect(mat.value).toBe(Number((await truth('DEFAULT', 'sum({amount})', "{kind} = 'mat'"))[0].v));
    expect(all.value).toBe(DEFAULT_RECORDS.length);
    const [none] = await read('');
    expect(none.value).toBe(Number((await truth('DEFAULT', 'sum({amount})'))[0].v));
    expect((await a.call(a.admin, 'GET', `/api/dashboard/${id}/data?param=${'x'.repeat(65)}`)).status).toBe(400);
  });
});

describe('map panels (ADR 1062)', () => {
  const tenantOf = async (code: string) => Number((await a.db.selectFrom('tenants').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  type MapPoint = { key: string | null; label: string; value: number; listFilter: Record<string, unknown> | null };

  it('the cockpit colours 合同台账 by 所在省份 as SQL sums it, each province opening its contracts, only for who may list them', async () => {
    const d = (await a.call(a.admin, 'GET', '/api/dashboard/key/guanlijiashicang')).json.data;
    expect(d.panels.find((p: { id: string }) => p.id === 'contract-by-region')).toMatchObject({ kind: 'map', form: 'contract_ledger', groupBy: { field: 'region' } });
    const panels = (await a.call(a.admin, 'GET', `/api/dashboard/${d.id}/data`)).json.data.panels;
    const map = panels.find((p: { id: string }) => p.id === 'contract-by-region');
    expect(map).toMatchObject({ status: 200, groupLabel: '所在省份', measureLabel: '合同金额合计' });
    const model = await loadModel(a.db, await tenantOf('DEFAULT'), 'contract_ledger');
    const col = (f: string) => `t."${model.main.fields.get(f)!.columns.value!.name}"`;
    const rows = (await sql.raw<{ k: string; v: string }>(`SELECT ${col('region')} AS k, sum(${col('amount')}) AS v FROM "${model.schema}"."${model.main.table.name}" t WHERE t.tenant_id = ${await tenantOf('DEFAULT')} GROUP BY 1`).execute(a.db)).rows;
    const points: MapPoint[] = map.points;
    expect(Object.fromEntries(points.map((p) => [String(p.key), p.value]))).toEqual(Object.fromEntries(rows.map((r) => [String(r.k), Math.round(Number(r.v) * 100) / 100])));
    // Province names the map knows, several provinces, and no zero-filled provinces.
    expect(points.length).toBeGreaterThan(3);
    expect(points.every((p) => typeof p.key === 'string' && /(省|市|自治区|特别行政区)$/.test(p.key) && p.value > 0)).toBe(true);
    const zj = points.find((p) => p.key === '浙江省')!;
    const list = await a.call(a.admin, 'POST', '/api/auto/contract_ledger/list', { pageNum: 1, pageSize: 200, initFilter: zj.listFilter });
    expect(list.status).toBe(200);
    expect(list.json.rows.length).toBeGreaterThan(0);
    expect(Math.round(list.json.rows.reduce((s: number, r: { amount?: number | string }) => s + Number(r.amount ?? 0), 0) * 100) / 100).toBe(zj.value);
    // Same permission path as the other panels: no list permission of 合同台账, no map.
    const viewer = await a.userWith('dashmapview', [`auto:${FORM}:query`]);
    const seen = (await a.call(viewer.token, 'GET', `/api/dashboard/${d.id}/data`)).json.data.panels;
    expect(seen.find((p: { id: string }) => p.id === 'contract-by-region')).toMatchObject({ status: 403 });
    // T2's map counts T2's contracts only.
    const d2 = (await a.call(a.admin2, 'GET', '/api/dashboard/key/guanlijiashicang')).json.data;
    const map2 = (await a.call(a.admin2, 'GET', `/api/dashboard/${d2.id}/data`)).json.data.panels.find((p: { id: string }) => p.id === 'contract-by-region');
    const model2 = await loadModel(a.db, await tenantOf('T2'), 'contract_ledger');
    const total2 = (await sql.raw<{ v: string }>(`SELECT sum(t."${model2.main.fields.get('amount')!.columns.value!.name}") AS v FROM "${model2.schema}"."${model2.main.table.name}" t WHERE t.tenant_id = ${await tenantOf('T2')}`).execute(a.db)).rows[0].v;
    expect(Math.round((map2.points as MapPoint[]).reduce((s, p) => s + p.value, 0) * 100) / 100).toBeCloseTo(Number(total2), 2);
  });

  it('a map needs a grouping; a tenant whose 合同台账 lacks 所在省份 gets the cockpit without the map', async () => {
    expect((await a.call(a.admin, 'POST', '/api/dashboard', { name: '地图', panels: [panel({ kind: 'map', groupBy: undefined })] })).json.msg).toBe('面板「面板」：图表须指定分组字段');
    const t2 = await tenantOf('T2');
    const form = await a.db.selectFrom('form_definitions').select(['id', 'definition']).where('tenant_id', '=', t2).where('en_name', '=', 'contract_ledger').executeTakeFirstOrThrow();
    const def = form.definition as { fields: { enName: string }[] };
    try {
      await a.db.updateTable('form_definitions').set({ definition: JSON.stringify({ ...def, fields: def.fields.filter((f) => f.enName !== 'region') }) }).where('id', '=', form.id).execute();
      const cockpit = await a.db.selectFrom('dashboards').select('id').where('tenant_id', '=', t2).where('route_key', '=', 'guanlijiashicang').executeTakeFirstOrThrow();
      await a.db.deleteFrom('dashboards').where('id', '=', cockpit.id).execute();
      expect(await addShippedDashboards(a.db, t2)).toEqual(['管理驾驶舱']);
      const again = (await a.call(a.admin2, 'GET', '/api/dashboard/key/guanlijiashicang')).json.data;
      expect(again.panels.map((p: { id: string }) => p.id)).toEqual(SHIPPED_DASHBOARDS[0].panels.map((p) => p.id).filter((id) => id !== 'contract-by-region'));
    } finally {
      await a.db.updateTable('form_definitions').set({ definition: JSON.stringify(def) }).where('id', '=', form.id).execute();
    }
  });
});

describe('named pages (spec 02 §2.2–2.3)', () => {
  const KEYS = ['investment-statistics', 'report-statistics', 'payment-statistics', 'company-overview', 'company-overview-temporary',
    'company-overview-temporaryecharts', 'jiaojian', 'jiaojian-bi', 'jiaojian-dept', 'jiaojian-scgl', 'xmjdkb', 'xmjdkb-detail', 'view-app-report'];
  type Data = { id: string; status: number; msg?: string; value?: number; points?: { value: number }[]; items?: { id: number; percent: number | null }[] };

  it('ship every page for both demo tenants, every panel answering with numbers that differ', async () => {
    expect(SHIPPED_DASHBOARDS.map((d) => d.key).slice(1)).toEqual(KEYS);
    for (const token of [a.admin, a.admin2]) {
      for (const key of KEYS) {
        const d = await a.call(token, 'GET', `/api/dashboard/key/${key}`);
        expect(d.status, key).toBe(200);
        expect(d.json.data.panels.length, key).toBe(SHIPPED_DASHBOARDS.find((x) => x.key === key)!.panels.length);
        const panels: Data[] = (await a.call(token, 'GET', `/api/dashboard/${d.json.data.id}/data`)).json.data.panels;
        expect(panels.map((p) => `${p.id}:${p.status}${p.msg ?? ''}`), key).toEqual(panels.map((p) => `${p.id}:200`));
        for (const p of panels) {
          if (key === 'xmjdkb-detail') continue;
          // The demo data tells something: a number is not 0, a chart has groups of more than one value.
          if (p.points) {
            expect(p.points.length, `${key}/${p.id}`).toBeGreaterThan(0);
            expect(new Set(p.points.map((x) => x.value)).size, `${key}/${p.id}`).toBeGreaterThan(1);
          } else if (p.items) expect(p.items.length, `${key}/${p.id}`).toBeGreaterThan(1);
          else expect(p.value, `${key}/${p.id}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('/xmjdkb/{id}: one project, its contracts as SQL counts them', async () => {
    const board = (await a.call(a.admin, 'GET', '/api/dashboard/key/xmjdkb')).json.data;
    const projects: Data = (await a.call(a.admin, 'GET', `/api/dashboard/${board.id}/data`)).json.data.panels.find((p: Data) => p.id === 'projects-progress');
    expect(projects.items!.length).toBe(3);
    const detail = (await a.call(a.admin, 'GET', '/api/dashboard/key/xmjdkb-detail')).json.data;
    const tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
    const model = await loadModel(a.db, Number(tenantId), 'contract_ledger');
    const project = `t."${model.main.fields.get('project')!.columns.value!.name}"`;
    for (const p of projects.items!) {
      const panels: Data[] = (await a.call(a.admin, 'GET', `/api/dashboard/${detail.id}/data?param=${p.id}`)).json.data.panels;
      const one = panels.find((x) => x.id === 'project')!;
      expect(one.items!.map((i) => i.id)).toEqual([p.id]);
      const want = (await sql.raw<{ n: number }>(`SELECT count(*)::int AS n FROM "${model.schema}"."${model.main.table.name}" t WHERE ${project} = '${p.id}'`).execute(a.db)).rows[0].n;
      expect(panels.find((x) => x.id === 'contracts')!.value).toBe(want);
    }
  });

  it('migration 178 adds the missing pages to a tenant seeded before them, keeping an administrator\'s edit, never twice', async () => {
    const t2 = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'T2').executeTakeFirstOrThrow()).id;
    const edited = (await a.call(a.admin2, 'GET', '/api/dashboard/key/payment-statistics')).json.data;
    expect((await a.call(a.admin2, 'POST', '/api/dashboard/edit', { id: edited.id, version: edited.version, name: '我的付款统计', routeKey: 'payment-statistics', panels: edited.panels.slice(0, 2) })).status).toBe(200);
    await a.db.deleteFrom('dashboards').where('tenant_id', '=', t2).where('route_key', 'in', ['jiaojian', 'xmjdkb']).execute();
    await m178NamedDashboards.up(a.db);
    await m178NamedDashboards.up(a.db);
    const rows = await a.db.selectFrom('dashboards').select(['route_key', 'name']).where('tenant_id', '=', t2).where('route_key', 'is not', null).execute();
    const keys = rows.map((r) => r.route_key);
    expect(keys.length).toBe(new Set(keys).size);
    for (const key of KEYS) expect(keys, key).toContain(key);
    expect(rows.find((r) => r.route_key === 'payment-statistics')!.name).toBe('我的付款统计');
    expect((await a.call(a.admin2, 'GET', '/api/dashboard/key/payment-statistics')).json.data.panels).toHaveLength(2);
  });
});

describe('count panels over every row read the counts kept on write (ADR 1075)', () => {
  it('a count and a count by a select option equal SQL right after a write, and come from the kept counts', async () => {
    const tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
    const model = await loadModel(a.db, Number(tenantId), FORM);
    const table = sql.id(model.schema, model.main.table.name);
    const col = model.main.fields.get('kind')!.columns.value!.name;
    const formId = model.form.id;
    const created = await a.call(a.admin, 'POST', '/api/dashboard', { name: '计数看板', panels: [
      { id: 'n', title: '总数', kind: 'kpi', form: FORM, measure: { op: 'count' } },
      { id: 'by-kind', title: '各类数量', kind: 'pie', form: FORM, groupBy: { field: 'kind' }, measure: { op: 'count' } },
      { id: 'amount', title: '金额', kind: 'kpi', form: FORM, measure: { op: 'sum', field: 'amount' } },
      { id: 'eng', title: '工程数量', kind: 'kpi', form: FORM, measure: { op: 'count' }, filter: "${kind} == 'eng'" },
    ] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const read = async () => {
      const r = await a.call(a.admin, 'GET', `/api/dashboard/${created.json.data.id}/data`);
      expect(r.status).toBe(200);
      return r.json.data.panels as { id: string; value?: number; points?: { key: unknown; label: string; value: number }[] }[];
    };
    const total = async (where = 'TRUE') => Number((await truth('DEFAULT', 'count(*)', where))[0].v);
    try {
      for (const data of [{ title: '壬', kind: 'svc', amount: 7 }, { title: '癸' }]) {
        expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data })).status).toBe(200);
      }
      let [n, byKind, amount, eng] = await read();
      expect(n.value).toBe(await total());
      expect(pointsByKey(byKind.points!)).toEqual(byKey(await truth('DEFAULT', 'count(*)', 'TRUE', '{kind}')));
      // As the GROUP BY orders them: largest first, ties by key, the empty group last among equals.
      expect(byKind.points!.map((p) => p.label)).toEqual(['工程', '服务', '材料', '（空）']);
      expect(amount.value).toBe(Number((await truth('DEFAULT', 'coalesce(sum({amount}), 0)'))[0].v));
      expect(eng.value).toBe(await total("{kind} = 'eng'"));
      // The counts kept on write answer (not a count of the rows): deltas written by hand show in
      // the unfiltered counts, not in the filtered count, which counts its rows.
      await sql`INSERT INTO form_value_counts (form_id, col, val, n) VALUES (${formId}, ${col}, 'mat', 100)`.execute(a.db);
      await sql`INSERT INTO form_row_counts (form_id, n) VALUES (${formId}, 100)`.execute(a.db);
      [n, byKind, amount, eng] = await read();
      expect(n.value).toBe(await total() + 100);
      expect(byKind.points![0]).toMatchObject({ key: 'mat', label: '材料', value: 102 });
      expect(eng.value).toBe(await total("{kind} = 'eng'"));
    } finally {
      await sql`INSERT INTO form_value_counts (form_id, col, val, n) VALUES (${formId}, ${col}, 'mat', -100)`.execute(a.db);
      await sql`INSERT INTO form_row_counts (form_id, n) VALUES (${formId}, -100)`.execute(a.db);
      await sql`DELETE FROM ${table} WHERE title IN ('壬', '癸')`.execute(a.db);
    }
    const [n, byKind] = await read();
    expect(n.value).toBe(await total());
    expect(pointsByKey(byKind.points!)).toEqual(byKey(await truth('DEFAULT', 'count(*)', 'TRUE', '{kind}')));
  });
});
