/**
 * 制度发布 (issue 34 item 3, spec 02 §7): the lifecycle draft → edit → publish (消息中心 messages
 * to the chosen users and departments) → read → remove, the settings, the cleaning of the rich
 * text with the print-template rules, and the tenant and permission checks of every call.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m185PolicyMenu } from '../../../src/server/db/migrations/185_policy_menu.js';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as, deptIdByName } from '../support/api.js';

let t: TestApp;
let adminToken: string;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let liuyang: ReturnType<typeof as>;
let otherTenant: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  admin = as(t, adminToken);
  staff = as(t, await t.login('DEFAULT', 'staff'));
  liuyang = as(t, await t.login('DEFAULT', 'liuyang'));
  otherTenant = as(t, await t.login('T2'));
});
afterAll(async () => {
  await t?.close();
});

async function userId(name: string): Promise<number> {
  const res = await admin.get(`/api/system/user/list?userName=${name}`);
  return res.body.rows.find((u: { userName: string }) => u.userName === name).userId;
}

async function upload(tok: string, filename: string, content: string): Promise<{ url: string }> {
  const boundary = '----fwpolicy' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tok}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const messages = async (who: ReturnType<typeof as>, keyword: string) =>
  (await who.post('/api/msg/detail/page/get', { keyword, pageSize: 100 })).body.rows as { title: string; content: string; link: string; msgType: string }[];

describe('policy publishing', () => {
  it('saves a draft with cleaned rich text and attachments, publishes it to a department, and the recipients read it', async () => {
    const file = await upload(adminToken, '考勤制度.txt', '附件内容');
    const dirty = '<h1>考勤制度</h1><p onclick="x()">上班时间 <b>9:00</b><script>alert(1)</script></p><img src="/api/common/download?fileName=t1%2F20261128%2Fa.png"><img src="http://evil.example/x.png"><a href="javascript:alert(1)">坏链接</a>';
    const saved = await admin.post('/api/policy/information/edit', { title: '  考勤制度  ', content: dirty, attachments: [{ name: '考勤制度.txt', url: file.url }] });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id as number;
    const got = (await admin.get(`/api/policy/information/get?id=${id}`)).body.data;
    expect(got).toMatchObject({ title: '考勤制度', status: '0', attachments: [{ name: '考勤制度.txt', url: file.url }], publishTime: null, notified: 0 });
    expect(got.content).toContain('<h1>考勤制度</h1>');
    expect(got.content).toContain('<b>9:00</b>');
    expect(got.content).toContain('src="/api/common/download?fileName=t1%2F20261128%2Fa.png"');
    for (const bad of ['<script', 'onclick', 'evil.example', 'javascript:']) expect(got.content).not.toContain(bad);

    // Drafts list with a filter; nobody has a message yet.
    const drafts = (await admin.get('/api/policy/list?status=0&title=考勤')).body;
    expect(drafts.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect(await messages(staff, '考勤制度')).toEqual([]);

    // Edit, then publish to 工程管理部 (staff sits in its sub-department 项目一部) and to liuyang by id.
    expect((await admin.post('/api/policy/information/edit', { id, title: '考勤制度', content: `${dirty}<p>第二版</p>` })).status).toBe(200);
    const engineering = await deptIdByName(t, adminToken, '工程管理部');
    const published = await admin.post('/api/policy/publish', { id, deptIds: [engineering], userIds: [await userId('liuyang')] });
    expect(published.status).toBe(200);
    expect(published.body.data).toEqual({ id, notified: 2 });

    const [msg] = await messages(staff, '考勤制度');
    expect(msg).toMatchObject({ title: '制度发布：考勤制度', msgType: '2', link: `/policy/view?id=${id}` });
    expect(msg.content).toContain('上班时间 9:00');
    expect(msg.content).toContain('第二版');
    expect(msg.content).not.toContain('<');
    expect(await messages(liuyang, '考勤制度')).toHaveLength(1);
    expect(await messages(admin, '制度发布：考勤制度')).toEqual([]);

    // A recipient reads it without the list permission; the list itself stays closed to them.
    expect((await staff.get(`/api/policy/information/get?id=${id}`)).body.data).toMatchObject({ id, status: '1', title: '考勤制度' });
    expect((await staff.get('/api/policy/list')).status).toBe(403);
    const listed = (await admin.get('/api/policy/list?status=1')).body.rows.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ status: '1', notified: 2, deptIds: [engineering] });
    expect(listed.publishTime).toBeTruthy();

    // Removing takes it away from readers too.
    expect((await admin.get(`/api/policy/information/remove?id=${id}`)).body).toMatchObject({ code: 200 });
    expect((await staff.get(`/api/policy/information/get?id=${id}`)).status).toBe(404);
    expect((await admin.get(`/api/policy/information/remove?id=${id}`)).status).toBe(404);
  });

  it('settings change the message title and type', async () => {
    expect((await admin.get('/api/policy/setting')).body.data).toEqual({ titleTemplate: '制度发布：{title}', msgType: '2' });
    const set = await admin.post('/api/policy/setting', { titleTemplate: '新制度《{title}》请阅读', msgType: '1' });
    expect(set.body.data).toEqual({ titleTemplate: '新制度《{title}》请阅读', msgType: '1' });
    const id = (await admin.post('/api/policy/information/edit', { title: '报销制度', content: '<p>按月报销</p>', userIds: [await userId('staff')] })).body.data.id;
    // The saved recipients are used when the publish call names none.
    expect((await admin.post('/api/policy/publish', { id })).body.data).toEqual({ id, notified: 1 });
    expect((await messages(staff, '报销制度'))[0]).toMatchObject({ title: '新制度《报销制度》请阅读', msgType: '1', content: '按月报销' });
    expect((await admin.post('/api/policy/setting', { msgType: '3' })).status).toBe(400);
    await admin.post('/api/policy/setting', { titleTemplate: '制度发布：{title}', msgType: '2' });
  });

  it('refuses bad input with a 400 in Chinese', async () => {
    expect((await admin.post('/api/policy/information/edit', { title: '   ' })).body).toMatchObject({ code: 400, msg: '制度标题不能为空' });
    expect((await admin.post('/api/policy/information/edit', { title: 'x', nope: 1 })).status).toBe(400);
    expect((await admin.post('/api/policy/information/edit', { title: 'x', content: 'a'.repeat(200_001) })).status).toBe(400);
    expect((await admin.post('/api/policy/information/edit', { title: 'x', attachments: [{ name: 'a', url: 'http://elsewhere/x' }] })).status).toBe(400);
    const id = (await admin.post('/api/policy/information/edit', { title: '无人制度' })).body.data.id;
    expect((await admin.post('/api/policy/publish', { id })).body).toMatchObject({ code: 400, msg: '请选择通知的人员或部门' });
    expect((await admin.post('/api/policy/publish', { id, userIds: [999999] })).body).toMatchObject({ code: 400, msg: '人员不存在：999999' });
    expect((await admin.post('/api/policy/publish', { id, deptIds: [999999] })).body).toMatchObject({ code: 400, msg: '部门不存在：999999' });
    expect((await admin.get(`/api/policy/information/get?id=${id}`)).body.data.status).toBe('0');
    expect((await admin.get('/api/policy/information/remove?id=abc')).status).toBe(400);
    expect((await admin.get('/api/policy/list?pageSize=5000')).status).toBe(400);
  });

  it('keeps tenants apart and checks permissions on every call', async () => {
    const id = (await admin.post('/api/policy/information/edit', { title: '保密制度', content: '<p>内部</p>' })).body.data.id;
    // Another tenant's admin sees nothing, cannot edit, publish, read or remove it, nor attach our files.
    expect((await otherTenant.get('/api/policy/list')).body.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await otherTenant.get(`/api/policy/information/get?id=${id}`)).status).toBe(404);
    expect((await otherTenant.post('/api/policy/information/edit', { id, title: '改' })).status).toBe(404);
    expect((await otherTenant.post('/api/policy/publish', { id, userIds: [1] })).status).toBe(404);
    expect((await otherTenant.get(`/api/policy/information/remove?id=${id}`)).status).toBe(404);
    const ours = await upload(adminToken, 'ours.txt', 'x');
    expect((await otherTenant.post('/api/policy/information/edit', { title: 'x', attachments: [{ name: 'a', url: ours.url }] })).status).toBe(404);
    // Users of other departments in T2 cannot be notified from DEFAULT.
    const t2Dept = (await otherTenant.get('/api/system/dept/list')).body.data[0].deptId;
    expect((await admin.post('/api/policy/publish', { id, deptIds: [t2Dept] })).status).toBe(400);
    // staff holds no policy permission: every write is a 403, a draft is not readable.
    expect((await staff.post('/api/policy/information/edit', { title: 'x' })).status).toBe(403);
    expect((await staff.post('/api/policy/publish', { id, userIds: [1] })).status).toBe(403);
    expect((await staff.get(`/api/policy/information/remove?id=${id}`)).status).toBe(403);
    expect((await staff.post('/api/policy/setting', { msgType: '1' })).status).toBe(403);
    expect((await staff.get(`/api/policy/information/get?id=${id}`)).status).toBe(404);
    expect((await as(t, null).get('/api/policy/list')).status).toBe(401);
    expect((await admin.get(`/api/policy/information/get?id=${id}`)).body.data.title).toBe('保密制度');
  });

  it('offers 制度发布 in the 系统管理 menu, also for a tenant seeded before it (migration 185)', async () => {
    const routers = (await admin.get('/api/getRouters')).body.data as { path: string; children?: { path: string; component?: string; meta: { title: string } }[] }[];
    const entry = routers.find((r) => r.path === '/system')!.children!.find((c) => c.meta.title === '制度发布');
    expect(entry).toMatchObject({ component: 'policy/list/index' });
    expect(JSON.stringify((await staff.get('/api/getRouters')).body.data)).not.toContain('制度发布');
    const policyMenus = async () => (await sql<{ tenant: string; order_num: number; last: number }>`SELECT tn.code AS tenant, m.order_num,
      (SELECT max(s.order_num) FROM menus s WHERE s.parent_id = m.parent_id AND s.tenant_id = m.tenant_id) AS last
      FROM menus m JOIN tenants tn ON tn.id = m.tenant_id WHERE m.path = '/system/policy' ORDER BY tn.code`.execute(t.db)).rows;
    // A tenant as seeded before: no entry; the migration puts it last, once.
    await sql`DELETE FROM menus WHERE path = '/system/policy' AND tenant_id = (SELECT id FROM tenants WHERE code = 'T2')`.execute(t.db);
    await m185PolicyMenu.up(t.db);
    const after = await policyMenus();
    expect(after.map((m) => m.tenant)).toEqual(['DEFAULT', 'T2']);
    expect(after.every((m) => Number(m.order_num) === Number(m.last))).toBe(true);
    await m185PolicyMenu.up(t.db);
    expect(await policyMenus()).toEqual(after);
  });
});
