/**
 * Public dashboards (issue 33, ADR 1056): a dashboard marked 公开访问 is read without a token by
 * `?tenantCode=`, each panel over the portal's published records only; unpublished records and
 * fields are never counted; panels over a form without a portal setting or over unpublished
 * fields are refused on save (Chinese 400) and left out on read when the setting changes later;
 * tenants are apart; answers carry the portal's cache headers and answer 304 while unchanged.
 * PGlite (api) and PostgreSQL (api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { PUBLIC_DASHBOARD_MESSAGES } from '../../../src/server/dashboards/publicDashboard.js';

let a: RecordsApp;
const FORM = 'pubstat_sales';
const HIDDEN = 'pubstat_hidden';
const DEF = {
  enName: FORM,
  cnName: '公开销售',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '工程', value: 'eng' }, { label: '材料', value: 'mat' }, { label: '服务', value: 'svc' }] },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'secret', label: '内部成本', funcType: 'number', precision: 2 },
    { enName: 'pub', label: '是否发布', funcType: 'switch' },
  ],
};
const SETTING = {
  enabled: true, section: 'news', titleField: 'title', dateField: null, categoryField: null, fields: ['title', 'kind', 'amount'],
  publishStatus: null, publishField: 'pub', publishValue: 'true', sort: 0,
};
const DEFAULT_RECORDS = [
  { title: '甲', kind: 'eng', amount: 100, secret: 1, pub: true },
  { title: '乙', kind: 'eng', amount: 50, secret: 2, pub: true },
  { title: '丙', kind: 'mat', amount: 7, secret: 3, pub: true },
  { title: '丁（未发布）', kind: 'eng', amount: 1000, secret: 4, pub: false },
  { title: '戊（未发布）', kind: 'svc', amount: 9999, secret: 5 },
];
const T2_RECORDS = [
  { title: '壹', kind: 'eng', amount: 77777, secret: 6, pub: true },
  { title: '贰（未发布）', kind: 'mat', amount: 5, secret: 7, pub: false },
];
const PANELS = [
  { id: 'count', title: '公开数量', kind: 'kpi', form: FORM, measure: { op: 'count' } },
  { id: 'total', title: '金额合计', kind: 'kpi', form: FORM, measure: { op: 'sum', field: 'amount' } },
  { id: 'by-kind', title: '各类金额', kind: 'bar', form: FORM, groupBy: { field: 'kind' }, measure: { op: 'sum', field: 'amount' } },
];
const dashboard = (p: Record<string, unknown> = {}) => ({ name: '公开统计', routeKey: 'pub-sales', refreshSeconds: 60, isPublic: true, panels: PANELS, ...p });
const read = (tenantCode: string, headers: Record<string, string> = {}) =>
  a.app.inject({ method: 'GET', url: `/api/public/dashboard/pub-sales?tenantCode=${tenantCode}`, headers });
const panelOf = (body: any, id: string) => body.data.data.find((p: any) => p.id === id);
let defaultId = 0;

beforeAll(async () => {
  a = await recordsApp();
  for (const [token, recs] of [[a.admin, DEFAULT_RECORDS], [a.admin2, T2_RECORDS]] as const) {
    expect((await a.call(token, 'POST', '/api/flowable/form', DEF)).status).toBe(200);
    for (const data of recs) expect((await a.call(token, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data })).status).toBe(200);
    const s = await a.call(token, 'POST', `/api/flowable/form/portal/${FORM}`, SETTING);
    expect(s.status, JSON.stringify(s.json)).toBe(200);
  }
  expect((await a.call(a.admin, 'POST', '/api/flowable/form', { ...DEF, enName: HIDDEN, cnName: '未发布表单' })).status).toBe(200);
  const saved = await a.call(a.admin, 'POST', '/api/dashboard', dashboard());
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  defaultId = saved.json.data.id;
});
afterAll(async () => { await a?.close(); });

describe('saving a public dashboard', () => {
  it('refuses a panel over an unpublished field, a form without a portal setting, or no page path', async () => {
    const secret = await a.call(a.admin, 'POST', '/api/dashboard', dashboard({ routeKey: 'pub-x', panels: [{ ...PANELS[0], id: 's', title: '成本', measure: { op: 'sum', field: 'secret' } }] }));
    expect(secret.status).toBe(400);
    expect(secret.json.msg).toBe('面板「成本」：字段「内部成本」未在门户发布，不能用于公开的仪表盘');
    const filter = await a.call(a.admin, 'POST', '/api/dashboard', dashboard({ routeKey: 'pub-x', panels: [{ ...PANELS[0], filter: '${secret} > 2' }] }));
    expect(filter.status).toBe(400);
    expect(filter.json.msg).toContain('内部成本');
    const hidden = await a.call(a.admin, 'POST', '/api/dashboard', dashboard({ routeKey: 'pub-x', panels: [{ ...PANELS[0], form: HIDDEN }] }));
    expect(hidden.status).toBe(400);
    expect(hidden.json.msg).toBe(`面板「公开数量」：表单「${HIDDEN}」未设置门户发布，不能用于公开的仪表盘`);
    const noKey = await a.call(a.admin, 'POST', '/api/dashboard', dashboard({ routeKey: null }));
    expect(noKey.status).toBe(400);
    expect(noKey.json.msg).toBe(PUBLIC_DASHBOARD_MESSAGES.needsKey);
    // The same panels are fine on a private dashboard.
    const priv = await a.call(a.admin, 'POST', '/api/dashboard', dashboard({ routeKey: 'pub-private', isPublic: false, panels: [{ ...PANELS[0], form: HIDDEN }] }));
    expect(priv.status).toBe(200);
    expect((await a.call(a.admin, 'GET', `/api/dashboard/${defaultId}`)).json.data.isPublic).toBe(true);
  });
});

describe('reading a public dashboard without a token', () => {
  it('counts and sums published records only, and shows no unpublished value', async () => {
    const res = await read('DEFAULT');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.name).toBe('公开统计');
    expect(panelOf(body, 'count').value).toBe(3);
    expect(panelOf(body, 'total').value).toBe(157);
    const bars = panelOf(body, 'by-kind').points;
    expect(bars.map((p: any) => [p.label, p.value])).toEqual([['工程', 150], ['材料', 7]]);
    expect(bars.every((p: any) => p.listFilter === null)).toBe(true);
    expect(res.body).not.toMatch(/9999|1000|服务|未发布|secret/);
  });

  it('keeps tenants apart: another tenant without the dashboard answers 404, with its own counts only its records', async () => {
    const none = await read('T2');
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe(PUBLIC_DASHBOARD_MESSAGES.missing);
    expect((await a.call(a.admin2, 'POST', '/api/dashboard', dashboard())).status).toBe(200);
    const t2 = (await read('T2')).json();
    expect(panelOf(t2, 'count').value).toBe(1);
    expect(panelOf(t2, 'total').value).toBe(77777);
    expect(panelOf((await read('DEFAULT')).json(), 'total').value).toBe(157);
  });

  it('answers 404 for a private dashboard and an unknown tenant 400', async () => {
    const priv = await a.app.inject({ method: 'GET', url: '/api/public/dashboard/pub-private?tenantCode=DEFAULT' });
    expect(priv.statusCode).toBe(404);
    expect((await read('NOPE')).statusCode).toBe(400);
  });

  it('carries Cache-Control and an ETag; 304 while unchanged, a new published record moves it', async () => {
    const first = await read('DEFAULT');
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^".+"$/);
    const again = await read('DEFAULT', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/add`, { formName: FORM, data: { title: '己', kind: 'mat', amount: 3, pub: true } })).status).toBe(200);
    const moved = await read('DEFAULT', { 'if-none-match': tag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(tag);
    expect(panelOf(moved.json(), 'count').value).toBe(4);
  });

  it('leaves out a panel whose field was unpublished since the save', async () => {
    expect((await a.call(a.admin, 'POST', `/api/flowable/form/portal/${FORM}`, { ...SETTING, fields: ['title', 'amount'] })).status).toBe(200);
    const body = (await read('DEFAULT')).json();
    expect(body.data.panels.map((p: any) => p.id)).toEqual(['count', 'total']);
    expect(body.data.data.map((p: any) => p.id)).toEqual(['count', 'total']);
    expect((await a.call(a.admin, 'POST', `/api/flowable/form/portal/${FORM}`, SETTING)).status).toBe(200);
  });
});
