/**
 * File deletion (issue 11 item 3): a POST, allowed to whoever may edit the record holding the file,
 * or to its uploader while no record holds it; a GET never deletes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';

let t: TestApp;
let dataDir: string;
let admin: string;
let staff: string;

function multipart(filename: string, content: string) {
  const boundary = '----fwsec' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file as `token`; its stored entry as a record field keeps it. */
async function upload(token: string, name: string): Promise<{ name: string; url: string; fileName: string; size: number }> {
  const body = multipart(name, `content of ${name}`);
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  const d = res.json().data;
  return { name, url: d.url, fileName: d.fileName, size: d.size };
}

const remove = (token: string, fileName: string) => as(t, token).post('/api/common/file/delete', { fileName });
const exists = async (key: string) => (await t.request({ method: 'GET', url: `/api/common/download?fileName=${encodeURIComponent(key)}`, token: admin })).statusCode === 200;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fw-secfiles-'));
  t = await createTestApp({ config: { dataDir } });
  admin = await t.login('DEFAULT', 'admin');
  staff = await t.login('DEFAULT', 'staff');
  const form = await as(t, admin).post('/api/flowable/form', {
    enName: 'sec_docs',
    cnName: '机密文件',
    fields: [
      { enName: 'title', label: '标题', funcType: 'input' },
      { enName: 'attachments', label: '附件', funcType: 'upload' },
    ],
  });
  expect(form.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/common/file/delete', () => {
  it('refuses a staff user deleting an administrator\'s upload; the uploader deletes it', async () => {
    const f = await upload(admin, 'admin-plan.pdf');
    const refused = await remove(staff, f.fileName);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有权限删除该文件：只能删除自己上传的文件');
    expect(await exists(f.fileName)).toBe(true);
    expect((await remove(admin, f.fileName)).body).toEqual({ code: 200, msg: '删除成功' });
    expect(await exists(f.fileName)).toBe(false);
  });

  it('lets a user delete their own upload that no record holds, by key or by download URL', async () => {
    const a = await upload(staff, 'mine.txt');
    expect((await remove(staff, a.fileName)).status).toBe(200);
    expect(await exists(a.fileName)).toBe(false);
    const b = await upload(staff, 'mine2.txt');
    expect((await remove(staff, b.url)).status).toBe(200);
    expect(await exists(b.fileName)).toBe(false);
    expect((await remove(staff, b.fileName)).status).toBe(404);
  });

  it('refuses deleting a record\'s attachment to whoever cannot edit that record, even its uploader', async () => {
    const f = await upload(staff, 'attached.pdf');
    const add = await as(t, admin).post('/api/auto/sec_docs/add', { formName: 'sec_docs', data: { title: '一号', attachments: [f] } });
    expect(add.status).toBe(200);
    const refused = await remove(staff, f.fileName);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有权限删除该文件：文件所在的记录您无权修改');
    expect(await exists(f.fileName)).toBe(true);

    // A user holding auto:sec_docs:edit may.
    const api = as(t, admin);
    const role = await api.post('/api/system/role', { roleName: '文件编辑', roleKey: 'sec_editor', permissions: ['auto:sec_docs:edit', 'auto:sec_docs:query'] });
    expect(role.status).toBe(200);
    const user = await api.post('/api/system/user', { userName: 'sec_editor', nickName: '编辑', password: 'Editor2026', roleIds: [role.body.data.roleId] });
    expect(user.status).toBe(200);
    const editor = await t.login('DEFAULT', 'sec_editor', 'Editor2026');
    expect((await remove(editor, f.fileName)).status).toBe(200);
    expect(await exists(f.fileName)).toBe(false);
  });

  it('keeps tenants apart and refuses malformed names', async () => {
    const f = await upload(admin, 'default-only.pdf');
    const t2 = await t.login('T2', 'admin');
    expect((await remove(t2, f.fileName)).status).toBe(404);
    expect(await exists(f.fileName)).toBe(true);
    const bad = await remove(staff, '../../etc/passwd');
    expect(bad.status).toBe(400);
    expect((await as(t, staff).post('/api/common/file/delete', {})).status).toBe(400);
  });

  it('is logged as a delete in the operation log', async () => {
    const f = await upload(staff, 'logged.txt');
    await remove(staff, f.fileName);
    const log = await as(t, admin).get('/api/system/operlog/list?title=文件删除&pageSize=50');
    expect(log.body.rows.some((r: any) => r.businessType === 3 && String(r.operParam).includes(f.fileName))).toBe(true);
  });
});

describe('GET /api/common/download', () => {
  it('never deletes, whatever the query says', async () => {
    const f = await upload(admin, 'keep.pdf');
    const res = await t.request({ method: 'GET', url: `/api/common/download?fileName=${encodeURIComponent(f.fileName)}&delete=true`, token: staff });
    expect(res.statusCode).toBe(200);
    expect(await exists(f.fileName)).toBe(true);
  });
});
