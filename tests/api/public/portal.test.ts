/**
 * Issue 32 item 1: the portal. The seed's demo sources in DEFAULT (and T2's one news item) are
 * read without a token: only published records (status and 是否发布 as each source says) and only
 * their published fields are served, rich text cleaned; a tenant's portal never shows another's;
 * answers carry Cache-Control and an ETag that a write or a setting change moves (304 while
 * unchanged); reads are limited per address; the setting is the administrators'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { PUBLIC_LIMITS } from '../../../src/server/public/publicThrottle.js';
import { PORTAL_MESSAGES } from '../../../src/server/public/portal.js';

let t: TestApp;
let admin: string;
let clock = new Date('2026-11-28T02:00:00Z');
const anon = () => as(t, null);
const NEWS = '/api/portal/records/portal_xwdt';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

/** A GET without a token, with its headers. */
async function raw(url: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

async function newsIdOf(title: string): Promise<number> {
  const res = await as(t, admin).post('/api/auto/portal_xwdt/list', { pageNum: 1, pageSize: 50, sysStatus: null });
  const row = (res.body.rows as any[]).find((r) => r.bt === title);
  expect(row, title).toBeTruthy();
  return Number(row.id);
}

async function setting(form: string) {
  const res = await as(t, admin).get(`/api/flowable/form/portal/${form}`);
  expect(res.status).toBe(200);
  const { configured: _c, updateBy: _u, formFields: _f, sections: _s, ...rest } = res.body.data;
  return rest;
}

describe('portal: published records and fields only', () => {
  it('the home lists the sections with published items only, without a token', async () => {
    const res = await anon().get('/api/portal/home?tenantCode=DEFAULT');
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.tenantName).toBe('华建工程有限公司');
    expect(data.sections.map((s: any) => s.key)).toEqual(['profile', 'news', 'zbcg', 'events', 'honor', 'message']);
    const zbcg = data.sections.find((s: any) => s.key === 'zbcg');
    expect(zbcg.sources.map((s: any) => s.cnName)).toEqual(['招标公告', '中标公示']);
    const news = data.sections.find((s: any) => s.key === 'news').sources[0];
    expect(news.total).toBe(3);
    expect(news.items.map((i: any) => i.title)).toEqual(['集团召开2026年安全生产工作会议', '华建工程中标市政道路改造项目', '集团举办青年职工技能竞赛']);
    const text = JSON.stringify(data);
    // Drafts, records with 是否发布 off, internal notes and the marker itself never appear.
    expect(text).not.toMatch(/未发布|草稿|内部备注|nbbz|sffb|保密/);
  });

  it('a list and a detail serve the published fields only; unpublished and draft records are 404', async () => {
    const list = await anon().get(`${NEWS}?tenantCode=DEFAULT&pageNum=1&pageSize=10`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(3);
    const id = await newsIdOf('华建工程中标市政道路改造项目');
    const res = await anon().get(`${NEWS}/${id}?tenantCode=DEFAULT`);
    expect(res.status).toBe(200);
    expect(res.body.data.fields.map((f: any) => f.enName)).toEqual(['bt', 'fbrq', 'ly', 'zw']);
    expect(res.body.data.date).toBe('2026-11-12');
    expect(JSON.stringify(res.body)).not.toMatch(/合同尚未签订|nbbz|sffb/);

    for (const title of ['（未发布）四季度经营分析会材料', '（草稿）年终总结报道']) {
      const hidden = await anon().get(`${NEWS}/${await newsIdOf(title)}?tenantCode=DEFAULT`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.msg).toBe(PORTAL_MESSAGES.noItem);
    }
    // A form that is no portal source answers like a missing one.
    const other = await anon().get('/api/portal/records/auto_ryxx?tenantCode=DEFAULT');
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe(PORTAL_MESSAGES.noSection);
  });

  it('a tender list and detail by status: drafts stay out', async () => {
    const list = await anon().get('/api/portal/records/portal_zbgg?tenantCode=DEFAULT');
    expect(list.status).toBe(200);
    expect(list.body.data.rows.map((r: any) => r.title)).toEqual(['办公楼装修工程施工招标公告', '商品混凝土采购招标公告']);
    const detail = await anon().get(`/api/portal/records/portal_zbgg/${list.body.data.rows[0].id}?tenantCode=DEFAULT`);
    expect(detail.body.data.fields.find((f: any) => f.enName === 'jzrq').value).toBe('2026-12-10');
    expect(JSON.stringify(detail.body)).not.toContain('380 万元');
  });

  it('集团概况 filters by {lx}; an unknown category is empty', async () => {
    const res = await anon().get('/api/portal/records/portal_jtgk?tenantCode=DEFAULT&lx=qywh');
    expect(res.body.data.rows.map((r: any) => r.title)).toEqual(['企业文化']);
    expect(res.body.data.categories.map((c: any) => c.label)).toEqual(['集团简介', '组织架构', '企业文化', '发展历程']);
    expect((await anon().get('/api/portal/records/portal_jtgk?tenantCode=DEFAULT&lx=zzjg')).body.data.total).toBe(0);
    // A source without a category field refuses `lx` rather than ignoring it.
    expect((await anon().get(`${NEWS}?tenantCode=DEFAULT&lx=x`)).status).toBe(404);
  });

  it('rich text is served cleaned', async () => {
    const add = await as(t, admin).post('/api/auto/portal_xwdt/add', {
      data: { bt: '带脚本的新闻', fbrq: '2026-11-27', sffb: true, zw: '<p onclick="alert(1)">正文<script>alert(2)</script><img src="https://evil.example/x.png" onerror="alert(3)"><a href="javascript:alert(4)">链接</a></p>' },
    });
    expect(add.status).toBe(200);
    const res = await anon().get(`${NEWS}/${add.body.data.id}?tenantCode=DEFAULT`);
    const zw = res.body.data.fields.find((f: any) => f.enName === 'zw').value as string;
    expect(zw).toContain('正文');
    expect(zw).not.toMatch(/script|onclick|onerror|javascript:|evil\.example/);
  });

  it('a field taken out of the published list is no longer served; a publish flag turned on shows the record', async () => {
    const before = await setting('portal_xwdt');
    const save = await as(t, admin).post('/api/flowable/form/portal/portal_xwdt', { ...before, fields: before.fields.filter((f: string) => f !== 'ly') });
    expect(save.status).toBe(200);
    const id = await newsIdOf('集团召开2026年安全生产工作会议');
    const res = await anon().get(`${NEWS}/${id}?tenantCode=DEFAULT`);
    expect(res.body.data.fields.map((f: any) => f.enName)).toEqual(['bt', 'fbrq', 'zw']);
    expect(JSON.stringify(res.body)).not.toContain('集团办公室');
    await as(t, admin).post('/api/flowable/form/portal/portal_xwdt', before);

    // Status is part of the rule too: a news record turned off is hidden, on again is served.
    const hid = await newsIdOf('（未发布）四季度经营分析会材料');
    const detail = await as(t, admin).get(`/api/auto/portal_xwdt/${hid}`);
    const edit = await as(t, admin).post(`/api/auto/portal_xwdt/edit/${hid}`, { formName: 'portal_xwdt', data: { ...detail.body.data, sffb: true }, version: detail.body.data.version });
    expect(edit.status).toBe(200);
    expect((await anon().get(`${NEWS}/${hid}?tenantCode=DEFAULT`)).status).toBe(200);
  });

  it('a disabled source serves nothing', async () => {
    const before = await setting('portal_jtry');
    await as(t, admin).post('/api/flowable/form/portal/portal_jtry', { ...before, enabled: false });
    expect((await anon().get('/api/portal/records/portal_jtry?tenantCode=DEFAULT')).status).toBe(404);
    const home = await anon().get('/api/portal/home?tenantCode=DEFAULT');
    expect(home.body.data.sections.map((s: any) => s.key)).not.toContain('honor');
    await as(t, admin).post('/api/flowable/form/portal/portal_jtry', before);
    expect((await anon().get('/api/portal/records/portal_jtry?tenantCode=DEFAULT')).status).toBe(200);
  });
});

describe('portal: tenants', () => {
  it("T2's portal shows its own items only; DEFAULT's forms and records are not found there", async () => {
    const home = await anon().get('/api/portal/home?tenantCode=T2');
    expect(home.body.data.tenantName).toBe('宏远建设集团');
    expect(home.body.data.sections.map((s: any) => s.key)).toEqual(['news']);
    expect(home.body.data.sections[0].sources[0].items.map((i: any) => i.title)).toEqual(['宏远建设集团年度表彰大会召开']);
    expect((await anon().get('/api/portal/records/portal_zbgg?tenantCode=T2')).status).toBe(404);
    const t2 = await anon().get(`${NEWS}?tenantCode=T2`);
    const t2Ids = (t2.body.data.rows as any[]).map((r) => r.id);
    const defaultId = await newsIdOf('集团举办青年职工技能竞赛');
    if (!t2Ids.includes(defaultId)) expect((await anon().get(`${NEWS}/${defaultId}?tenantCode=T2`)).status).toBe(404);
    for (const id of t2Ids) expect((await anon().get(`${NEWS}/${id}?tenantCode=T2`)).body.data.title).toBe('宏远建设集团年度表彰大会召开');
  });

  it('an unknown tenant is a 400; the default tenant is DEFAULT', async () => {
    const res = await anon().get('/api/portal/home?tenantCode=NOPE');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('租户不存在');
    expect((await anon().get('/api/portal/home')).body.data.tenantCode).toBe('DEFAULT');
  });
});

describe('portal: caching and limits', () => {
  it('answers carry Cache-Control and an ETag; the same ETag is 304, a write moves it', async () => {
    const first = await raw('/api/portal/records/portal_tzgg?tenantCode=DEFAULT');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await raw('/api/portal/records/portal_tzgg?tenantCode=DEFAULT', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another tenant's or another page's answer has another tag.
    expect((await raw('/api/portal/records/portal_tzgg?tenantCode=DEFAULT&pageSize=5')).headers.etag).not.toBe(tag);

    const add = await as(t, admin).post('/api/auto/portal_tzgg/add', { data: { bt: '关于冬季防火的通知', fbrq: '2026-11-27', zw: '<p>注意防火。</p>' } });
    expect(add.status).toBe(200);
    const after = await raw('/api/portal/records/portal_tzgg?tenantCode=DEFAULT', { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().data.rows[0].title).toBe('关于冬季防火的通知');
  });

  it('a setting change moves the ETag of the home', async () => {
    const first = await raw('/api/portal/home?tenantCode=DEFAULT');
    const before = await setting('portal_qzhd');
    await as(t, admin).post('/api/flowable/form/portal/portal_qzhd', { ...before, sort: before.sort + 1 });
    const after = await raw('/api/portal/home?tenantCode=DEFAULT', { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
  });

  it(`reads are limited to ${PUBLIC_LIMITS.portal.perHour} an hour per address`, async () => {
    const ip = '10.9.8.7';
    const rows = Array.from({ length: PUBLIC_LIMITS.portal.perHour - 1 }, () => ({ action: 'portal', client_ip: ip, attempt_time: clock }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('public_attempts').values(rows.slice(i, i + 500)).execute();
    expect((await raw('/api/portal/home?tenantCode=DEFAULT', {}, ip)).statusCode).toBe(200);
    const over = await raw('/api/portal/home?tenantCode=DEFAULT', {}, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(PUBLIC_LIMITS.portal.message);
    // Another address is not affected; an hour later the address reads again.
    expect((await raw('/api/portal/home?tenantCode=DEFAULT', {}, '10.9.8.8')).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 3601_000);
    expect((await raw('/api/portal/home?tenantCode=DEFAULT', {}, ip)).statusCode).toBe(200);
  });
});

describe('portal: the setting', () => {
  it('is for form administrators; fields that could leak the tenant cannot be published', async () => {
    expect((await anon().get('/api/flowable/form/portal/portal_xwdt')).status).toBe(401);
    const staff = await t.login('DEFAULT', 'staff');
    expect((await as(t, staff).post('/api/flowable/form/portal/portal_xwdt', await setting('portal_xwdt'))).status).toBe(403);
    const res = await as(t, admin).post('/api/flowable/form/portal/auto_ryxx', {
      enabled: true, section: 'news', titleField: 'xm', dateField: null, categoryField: null, fields: ['shr'], publishStatus: 1, publishField: null, publishValue: null, sort: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('字段「审核人」的类型不能在门户发布');
    const none = await as(t, admin).post('/api/flowable/form/portal/auto_ryxx', {
      enabled: true, section: 'news', titleField: 'xm', dateField: null, categoryField: null, fields: [], publishStatus: null, publishField: null, publishValue: null, sort: 0,
    });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请设置发布条件：单据状态或发布标记字段');
    expect((await as(t, admin).post('/api/flowable/form/portal/auto_ryxx', { enabled: true })).status).toBe(400);
  });
});
