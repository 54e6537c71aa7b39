/**
 * 文档管理, the resource library (issue 34 item 1, spec 02 §7 "Resources and policy", ADR 1044):
 * every /api/system/resource call, permissions inherited down the tree and widened by entries on
 * lower nodes, 404 for whatever a user may not view (files, versions, previews, downloads),
 * refused move cycles, versions of a file, tenant isolation and the menu migration.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m187ResourceMenu } from '../../../src/server/db/migrations/187_resource_menu.js';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as, deptIdByName } from '../support/api.js';

type Caller = ReturnType<typeof as>;
let t: TestApp;
let tokens: Record<string, string>;
let admin: Caller;
let staff: Caller;
let liuyang: Caller;
let doc: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const adminToken = await t.login();
  admin = as(t, adminToken);
  // A role that may create top-level folders, and a user holding only it.
  const role = await admin.post('/api/system/role', { roleName: '文档管理员', roleKey: 'docadmin', permissions: ['system:resource:add'] });
  expect(role.status).toBe(200);
  expect((await admin.post('/api/system/user', { userName: 'doc1', nickName: '文档员', password: 'doc12345', roleIds: [role.body.data.roleId] })).status).toBe(200);
  tokens = { admin: adminToken, staff: await t.login('DEFAULT', 'staff'), liuyang: await t.login('DEFAULT', 'liuyang'), doc: await t.login('DEFAULT', 'doc1', 'doc12345'), other: await t.login('T2') };
  staff = as(t, tokens.staff);
  liuyang = as(t, tokens.liuyang);
  doc = as(t, tokens.doc);
  other = as(t, tokens.other);
});
afterAll(async () => {
  await t?.close();
});

/** POST /api/system/resource/upload as multipart: the fields first, then the file (as antd's Upload sends them). */
async function upload(token: string, fields: Record<string, number>, filename: string, content: string) {
  const boundary = '----fwres' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/system/resource/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}

const raw = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const folder = async (who: Caller, parentId: number, name: string): Promise<number> => {
  const res = await who.post('/api/system/resource/insert', { parentId, name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
};
const names = async (who: Caller, query: string) => ((await who.get(`/api/system/resource/list/file?${query}`)).body.rows as { name: string }[]).map((r) => r.name);
const dirNames = async (who: Caller) => ((await who.get('/api/system/resource/getDirectory')).body.data as { name: string }[]).map((r) => r.name);
const grant = (id: number, entries: { subjectType: string; subjectId: number; level: string }[]) => admin.post('/api/system/resource/permissions/modify', { id, entries });
async function userId(name: string): Promise<number> {
  return (await admin.get(`/api/system/user/list?userName=${name}`)).body.rows.find((u: { userName: string }) => u.userName === name).userId;
}
async function roleId(key: string): Promise<number> {
  return (await admin.get(`/api/system/role/list?roleKey=${key}`)).body.rows[0].roleId;
}

describe('resource library', () => {
  it('creates folders, uploads files and answers the tree, lists, search, load and ancestors', async () => {
    const a = await folder(admin, 0, '工程资料');
    const b = await folder(admin, a, '图纸');
    const f = await upload(tokens.admin, { parentId: b }, '总平面图.txt', '第一版');
    expect(f.status).toBe(200);
    expect(f.body.data).toMatchObject({ parentId: b, kind: 'file', name: '总平面图.txt', size: Buffer.byteLength('第一版'), version: 1, level: 'manage' });
    await upload(tokens.admin, { parentId: a }, '说明.txt', '说明');

    const dir = await admin.get('/api/system/resource/getDirectory');
    expect(dir.body.canAddRoot).toBe(true);
    expect(dir.body.data).toEqual(expect.arrayContaining([{ id: a, parentId: 0, name: '工程资料', level: 'manage' }, { id: b, parentId: a, name: '图纸', level: 'manage' }]));
    // Folders first, then files.
    expect(await names(admin, `parentId=${a}`)).toEqual(['图纸', '说明.txt']);
    expect(await names(admin, '')).toContain('工程资料');
    expect(await names(admin, `parentId=${a}&name=平面`)).toEqual(['总平面图.txt']);
    expect(await names(admin, 'name=总平面')).toEqual(['总平面图.txt']);
    expect((await admin.get(`/api/system/resource/list/file?parentId=${a}&pageSize=1&pageNum=2`)).body).toMatchObject({ total: 2, rows: [{ name: '说明.txt' }] });
    expect((await admin.get(`/api/system/resource/load?id=${b}`)).body.data).toMatchObject({ id: b, name: '图纸', kind: 'folder', parentId: a });
    expect((await admin.get(`/api/system/resource/ancestors/get?id=${f.body.data.id}`)).body.data).toEqual([
      { id: a, name: '工程资料' },
      { id: b, name: '图纸' },
      { id: f.body.data.id, name: '总平面图.txt' },
    ]);
    const dl = await raw(tokens.admin, `/api/system/resource/download?id=${f.body.data.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('第一版');
    expect(dl.headers['content-disposition']).toContain('attachment');
    const pv = await raw(tokens.admin, `/api/system/resource/preview?id=${f.body.data.id}`);
    expect(pv.statusCode).toBe(200);
    expect(pv.headers['content-disposition']).toContain('inline');
    expect(pv.headers['content-security-policy']).toBe('sandbox');
  });

  it('renames with checks, refuses bad names and duplicates in Chinese', async () => {
    const a = await folder(admin, 0, '重命名测试');
    const x = await folder(admin, a, '甲');
    await folder(admin, a, '乙');
    expect((await admin.post('/api/system/resource/modify', { id: x, name: ' 丙 ' })).body.data).toMatchObject({ id: x, name: '丙' });
    expect((await admin.post('/api/system/resource/modify', { id: x, name: '乙' })).body).toMatchObject({ code: 400, msg: '同一文件夹下已存在同名的文件或文件夹：乙' });
    expect((await admin.post('/api/system/resource/insert', { parentId: a, name: '乙' })).body).toMatchObject({ code: 400, msg: '同一文件夹下已存在同名的文件或文件夹：乙' });
    expect((await admin.post('/api/system/resource/modify', { id: x, name: 'a/b' })).body.code).toBe(400);
    expect((await admin.post('/api/system/resource/modify', { id: x, name: '   ' })).body).toMatchObject({ code: 400, msg: '名称不能为空' });
    expect((await admin.post('/api/system/resource/insert', { parentId: a })).status).toBe(400);
    expect((await admin.post('/api/system/resource/insert', { parentId: 99999999, name: '无' })).status).toBe(404);
    expect((await admin.post('/api/system/resource/modify', { id: 99999999, name: '无' })).status).toBe(404);
    const file = (await upload(tokens.admin, { parentId: a }, 'a.txt', 'x')).body.data.id;
    expect((await admin.post('/api/system/resource/insert', { parentId: file, name: '放进文件' })).body).toMatchObject({ code: 400, msg: '只能放入文件夹中' });
    expect((await admin.post('/api/system/resource/upload', { parentId: a })).body).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
  });

  it('moves nodes and refuses cycles with a Chinese 400', async () => {
    const a = await folder(admin, 0, '移动测试');
    const b = await folder(admin, a, '子');
    const c = await folder(admin, b, '孙');
    const file = (await upload(tokens.admin, { parentId: a }, 'm.txt', 'm')).body.data.id;
    for (const target of [a, b, c]) {
      expect((await admin.post('/api/system/resource/move', { ids: [a], parentId: target })).body).toMatchObject({ code: 400, msg: '不能将文件夹移动到其自身或其子文件夹中' });
    }
    expect((await admin.post('/api/system/resource/move', { ids: [b], parentId: file })).body).toMatchObject({ code: 400, msg: '只能放入文件夹中' });
    expect((await admin.post('/api/system/resource/move', { ids: [c, file], parentId: 0 })).body).toMatchObject({ code: 200, msg: '移动成功' });
    expect(await names(admin, `parentId=${b}`)).toEqual([]);
    expect((await admin.get(`/api/system/resource/load?id=${c}`)).body.data.parentId).toBe(0);
    // Back under 子, then a second 孙 cannot join it.
    expect((await admin.post('/api/system/resource/move', { ids: [c], parentId: b })).status).toBe(200);
    const c2 = await folder(admin, a, '孙');
    expect((await admin.post('/api/system/resource/move', { ids: [c2], parentId: b })).body).toMatchObject({ code: 400, msg: '同一文件夹下已存在同名的文件或文件夹：孙' });
    expect((await admin.post('/api/system/resource/move', { ids: [], parentId: b })).status).toBe(400);
  });

  it('keeps every version of a file; older versions stay downloadable', async () => {
    const a = await folder(admin, 0, '版本测试');
    const v1 = await upload(tokens.admin, { parentId: a }, '合同.txt', '版本一');
    const id = v1.body.data.id;
    // The same name in the same folder adds a version; so does an upload naming the file.
    expect((await upload(tokens.admin, { parentId: a }, '合同.txt', '版本二')).body.data).toMatchObject({ id, version: 2 });
    expect((await upload(tokens.admin, { id }, '任意名.txt', '版本三号')).body.data).toMatchObject({ id, version: 3, name: '合同.txt', size: Buffer.byteLength('版本三号') });
    expect(await names(admin, `parentId=${a}`)).toEqual(['合同.txt']);
    const versions = (await admin.get(`/api/system/resource/versions?id=${id}`)).body.data as { version: number; size: number }[];
    expect(versions.map((v) => [v.version, v.size])).toEqual([[3, Buffer.byteLength('版本三号')], [2, Buffer.byteLength('版本二')], [1, Buffer.byteLength('版本一')]]);
    expect((await raw(tokens.admin, `/api/system/resource/download?id=${id}`)).body).toBe('版本三号');
    expect((await raw(tokens.admin, `/api/system/resource/download?id=${id}&version=1`)).body).toBe('版本一');
    expect((await raw(tokens.admin, `/api/system/resource/download?id=${id}&version=9`)).statusCode).toBe(404);
    expect((await admin.get(`/api/system/resource/versions?id=${a}`)).body).toMatchObject({ code: 400, msg: '文件夹没有版本' });
    expect((await upload(tokens.admin, { id: a }, 'x.txt', 'x')).body).toMatchObject({ code: 400, msg: '只能为文件上传新版本' });
    // A folder's name cannot be taken by a file.
    await folder(admin, a, '子文件夹');
    expect((await upload(tokens.admin, { parentId: a }, '子文件夹', 'x')).body.code).toBe(400);
    // Library files are not reachable through the general download by their store key.
    const keys = (await t.db.selectFrom('resource_versions').select('file_key').where('resource_id', '=', id).execute()).map((r) => r.file_key);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect((await raw(tokens.admin, `/api/common/download?fileName=${encodeURIComponent(key)}`)).statusCode).toBe(404);
  });

  it('inherits permissions down the tree; entries on lower nodes add; no view means 404 for files, previews and downloads', async () => {
    const a = await folder(admin, 0, '权限测试');
    const b = await folder(admin, a, '下级');
    const f = (await upload(tokens.admin, { parentId: b }, '机密.txt', '机密内容')).body.data.id;
    const top = (await upload(tokens.admin, { parentId: a }, '公告.png', 'png-bytes')).body.data.id;
    const urls = (id: number) => [`/api/system/resource/load?id=${id}`, `/api/system/resource/ancestors/get?id=${id}`, `/api/system/resource/versions?id=${id}`, `/api/system/resource/download?id=${id}`, `/api/system/resource/preview?id=${id}`];

    // No entry: nothing of it exists for staff.
    expect(await dirNames(staff)).not.toContain('权限测试');
    expect(await names(staff, '')).not.toContain('权限测试');
    expect(await names(staff, 'name=机密')).toEqual([]);
    expect((await staff.get(`/api/system/resource/list/file?parentId=${a}`)).status).toBe(404);
    for (const id of [a, b, f]) for (const url of urls(id)) expect((await raw(tokens.staff, url)).statusCode, url).toBe(404);
    expect((await staff.get(`/api/system/resource/permissions?id=${f}`)).status).toBe(404);
    expect((await staff.post('/api/system/resource/modify', { id: f, name: 'x.txt' })).status).toBe(404);
    expect((await staff.post('/api/system/resource/delete', { ids: [f] })).status).toBe(404);
    expect((await staff.post('/api/system/resource/move', { ids: [f], parentId: a })).status).toBe(404);
    expect((await upload(tokens.staff, { id: f }, 'x.txt', 'x')).status).toBe(404);
    expect((await staff.get('/api/system/resource/getDirectory')).body.canAddRoot).toBe(false);
    expect((await staff.post('/api/system/resource/insert', { parentId: 0, name: '员工的' })).status).toBe(403);

    // View on 权限测试 for 工程管理部 reaches staff (in its sub-department 项目一部) down the tree, not liuyang.
    const engineering = await deptIdByName(t, tokens.admin, '工程管理部');
    expect((await grant(a, [{ subjectType: 'dept', subjectId: engineering, level: 'view' }])).body).toMatchObject({ code: 200 });
    expect(await dirNames(staff)).toEqual(expect.arrayContaining(['权限测试', '下级']));
    expect(await names(staff, `parentId=${b}`)).toEqual(['机密.txt']);
    expect((await staff.get(`/api/system/resource/load?id=${f}`)).body.data).toMatchObject({ level: 'view', parentId: b });
    expect((await raw(tokens.staff, `/api/system/resource/preview?id=${top}`)).statusCode).toBe(200);
    expect((await raw(tokens.staff, `/api/system/resource/preview?id=${f}`)).body).toBe('机密内容');
    expect((await raw(tokens.staff, `/api/system/resource/download?id=${f}`)).statusCode).toBe(403);
    expect((await staff.post('/api/system/resource/modify', { id: f, name: 'x.txt' })).status).toBe(403);
    expect((await staff.get(`/api/system/resource/permissions?id=${f}`)).status).toBe(403);
    for (const url of urls(f)) expect((await raw(tokens.liuyang, url)).statusCode).toBe(404);

    // Download for staff on 下级 adds to the inherited view there only.
    const staffId = await userId('staff');
    await grant(b, [{ subjectType: 'user', subjectId: staffId, level: 'download' }]);
    const got = await raw(tokens.staff, `/api/system/resource/download?id=${f}`);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('机密内容');
    expect((await raw(tokens.staff, `/api/system/resource/download?id=${top}`)).statusCode).toBe(403);
    const perms = (await admin.get(`/api/system/resource/permissions?id=${f}`)).body.data;
    expect(perms).toMatchObject({ id: f, entries: [] });
    expect(perms.inherited).toEqual([
      { subjectType: 'dept', subjectId: engineering, level: 'view', name: '工程管理部', fromId: a, fromName: '权限测试' },
      { subjectType: 'user', subjectId: staffId, level: 'download', name: '张工（staff）', fromId: b, fromName: '下级' },
    ]);

    // Without the grant on the parent, the children are hidden again; a grant on the file alone shows it, at the top.
    await grant(a, []);
    await grant(b, []);
    for (const url of urls(f)) expect((await raw(tokens.staff, url)).statusCode).toBe(404);
    const staffRole = await roleId('staff');
    await grant(f, [{ subjectType: 'role', subjectId: staffRole, level: 'download' }]);
    for (const who of [tokens.staff, tokens.liuyang]) {
      expect((await raw(who, `/api/system/resource/download?id=${f}`)).statusCode).toBe(200);
      expect((await raw(who, `/api/system/resource/preview?id=${top}`)).statusCode).toBe(404);
    }
    expect(await names(staff, '')).toContain('机密.txt');
    expect(await dirNames(staff)).not.toContain('权限测试');
    expect((await staff.get(`/api/system/resource/load?id=${f}`)).body.data.parentId).toBe(0);
    // The folders above it stay unnamed to them.
    expect((await staff.get(`/api/system/resource/ancestors/get?id=${f}`)).body.data).toEqual([{ id: f, name: '机密.txt' }]);
    expect((await staff.get(`/api/system/resource/list/file?parentId=${b}`)).status).toBe(404);

    // Bad entries are refused in Chinese.
    expect((await grant(f, [{ subjectType: 'user', subjectId: 999999, level: 'view' }])).body).toMatchObject({ code: 400, msg: '人员不存在：999999' });
    expect((await grant(f, [{ subjectType: 'dept', subjectId: 999999, level: 'view' }])).body).toMatchObject({ code: 400, msg: '部门不存在：999999' });
    expect((await grant(f, [{ subjectType: 'team', subjectId: 1, level: 'view' }])).status).toBe(400);
    expect((await grant(f, [{ subjectType: 'user', subjectId: staffId, level: 'owner' }])).status).toBe(400);
  });

  it('lets a manager below the top work inside their folder, and the top-level creator manage theirs', async () => {
    const mine = await folder(doc, 0, '文档员的文件夹');
    expect((await doc.get(`/api/system/resource/load?id=${mine}`)).body.data.level).toBe('manage');
    const docId = await userId('doc1');
    expect((await doc.get(`/api/system/resource/permissions?id=${mine}`)).body.data.entries).toEqual([{ subjectType: 'user', subjectId: docId, level: 'manage', name: '文档员（doc1）' }]);
    // The administrator sees everything.
    expect(await dirNames(admin)).toContain('文档员的文件夹');

    const shared = await folder(admin, 0, '共享区');
    await grant(shared, [{ subjectType: 'user', subjectId: await userId('liuyang'), level: 'manage' }]);
    const sub = await folder(liuyang, shared, '物资');
    expect((await upload(tokens.liuyang, { parentId: sub }, '清单.txt', '清单')).status).toBe(200);
    expect((await liuyang.post('/api/system/resource/modify', { id: sub, name: '物资设备' })).status).toBe(200);
    // Moving needs manage on the target too.
    expect((await liuyang.post('/api/system/resource/move', { ids: [sub], parentId: mine })).status).toBe(404);
    expect((await liuyang.post('/api/system/resource/move', { ids: [sub], parentId: 0 })).status).toBe(403);
    expect((await liuyang.post('/api/system/resource/delete', { ids: [shared] })).status).toBe(200);
    expect((await admin.get(`/api/system/resource/load?id=${sub}`)).status).toBe(404);
  });

  it('deletes a folder with everything under it, files and versions included', async () => {
    const a = await folder(admin, 0, '删除测试');
    const b = await folder(admin, a, '下级');
    const f = (await upload(tokens.admin, { parentId: b }, 'd.txt', '1')).body.data.id;
    await upload(tokens.admin, { id: f }, 'd.txt', '2');
    expect((await admin.post('/api/system/resource/delete', { ids: [a] })).body).toEqual({ code: 200, msg: '删除成功' });
    for (const id of [a, b, f]) expect((await admin.get(`/api/system/resource/load?id=${id}`)).status).toBe(404);
    expect((await t.db.selectFrom('resource_versions').select('file_key').where('resource_id', '=', f).execute())).toEqual([]);
    expect((await admin.post('/api/system/resource/delete', { ids: [a] })).status).toBe(404);
  });

  it('keeps tenants apart', async () => {
    const a = await folder(admin, 0, '租户一的文件夹');
    const f = (await upload(tokens.admin, { parentId: a }, 't1.txt', '租户一')).body.data.id;
    const mine = await folder(other, 0, '租户二的文件夹');
    expect(await dirNames(other)).toEqual(['租户二的文件夹']);
    expect(await names(other, 'name=t1')).toEqual([]);
    for (const url of [`/api/system/resource/load?id=${f}`, `/api/system/resource/download?id=${f}`, `/api/system/resource/preview?id=${f}`, `/api/system/resource/versions?id=${f}`, `/api/system/resource/permissions?id=${a}`]) {
      expect((await raw(tokens.other, url)).statusCode, url).toBe(404);
    }
    expect((await other.post('/api/system/resource/move', { ids: [f], parentId: mine })).status).toBe(404);
    expect((await other.post('/api/system/resource/move', { ids: [mine], parentId: a })).status).toBe(404);
    expect((await other.post('/api/system/resource/delete', { ids: [a] })).status).toBe(404);
    expect((await other.post('/api/system/resource/insert', { parentId: a, name: '闯入' })).status).toBe(404);
    expect((await upload(tokens.other, { parentId: a }, 'x.txt', 'x')).status).toBe(404);
    expect((await admin.get(`/api/system/resource/load?id=${mine}`)).status).toBe(404);
    expect((await as(t, null).get('/api/system/resource/getDirectory')).status).toBe(401);
  });

  it('logs writes in 操作日志 and offers 文档管理 to every user, also for a tenant seeded before it (migration 187)', async () => {
    const logged = await sql<{ n: number }>`SELECT count(*)::int AS n FROM oper_log WHERE title = '文档管理' AND business_type = 4`.execute(t.db);
    expect(Number(logged.rows[0].n)).toBeGreaterThan(0);
    for (const who of [admin, staff]) {
      const routers = (await who.get('/api/getRouters')).body.data as { path: string; children?: { path: string; component?: string; meta: { title: string } }[] }[];
      expect(routers.find((r) => r.path === '/system')!.children!.find((c) => c.meta.title === '文档管理')).toMatchObject({ path: '/document-manage', component: 'document-manage/index' });
    }
    const entries = async () => (await sql<{ tenant: string; order_num: number; last: number }>`SELECT tn.code AS tenant, m.order_num,
      (SELECT max(s.order_num) FROM menus s WHERE s.parent_id = m.parent_id AND s.tenant_id = m.tenant_id) AS last
      FROM menus m JOIN tenants tn ON tn.id = m.tenant_id WHERE m.path = '/document-manage' ORDER BY tn.code`.execute(t.db)).rows;
    await sql`DELETE FROM menus WHERE path = '/document-manage' AND tenant_id = (SELECT id FROM tenants WHERE code = 'T2')`.execute(t.db);
    await m187ResourceMenu.up(t.db);
    const after = await entries();
    expect(after.map((m) => m.tenant)).toEqual(['DEFAULT', 'T2']);
    expect(Number(after[1].order_num)).toBe(Number(after[1].last));
    await m187ResourceMenu.up(t.db);
    expect(await entries()).toEqual(after);
  });
});
