import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';

let t: TestApp;
let dataDir: string;
let token: string;
let tokenT2: string;
const previousLimit = process.env.UPLOAD_MAX_MB;

/** A multipart body with one part. */
function multipart(field: string, filename: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = '----fwtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(tok: string | null, filename: string, content: Buffer | string, field = 'file') {
  const body = multipart(field, filename, content);
  return t.app.inject({ method: 'POST', url: '/api/common/upload', payload: body.payload, headers: { ...body.headers, ...(tok ? { authorization: `Bearer ${tok}` } : {}) } });
}

function download(tok: string | null, fileName: string, extra = '') {
  return t.app.inject({ method: 'GET', url: `/api/common/download?fileName=${encodeURIComponent(fileName)}${extra}`, headers: tok ? { authorization: `Bearer ${tok}` } : {} });
}

beforeAll(async () => {
  process.env.UPLOAD_MAX_MB = '1';
  dataDir = mkdtempSync(join(tmpdir(), 'fw-files-'));
  t = await createTestApp({ config: { dataDir } });
  token = await t.login('DEFAULT');
  tokenT2 = await t.login('T2');
});
afterAll(async () => {
  await t?.close();
  if (previousLimit === undefined) delete process.env.UPLOAD_MAX_MB;
  else process.env.UPLOAD_MAX_MB = previousLimit;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/common/upload', () => {
  it('stores the file and answers fileName, url, size and obsUrl; the same user downloads the same bytes', async () => {
    const res = await upload(token, '合同 2024.pdf', 'hello pdf');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.size).toBe(9);
    expect(body.data.fileName).toMatch(/合同 2024\.pdf$/);
    expect(body.data.url).toBe(`/api/common/download?fileName=${encodeURIComponent(body.data.fileName)}`);
    expect(body.data.obsUrl).toBe(body.data.url);
    expect(body.url).toBe(body.data.url);
    const got = await t.app.inject({ method: 'GET', url: body.data.url, headers: { authorization: `Bearer ${token}` } });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('hello pdf');
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="__ 2024.pdf"; filename*=UTF-8''${encodeURIComponent('合同 2024.pdf')}`);
  });

  it('answers 413 with 文件大小超过 1MB past the limit and keeps nothing', async () => {
    const before = readdirSync(dataDir, { recursive: true }).filter((p) => String(p).endsWith('big.bin')).length;
    const res = await upload(token, 'big.bin', Buffer.alloc(1024 * 1024 + 10, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: '文件大小超过 1MB' });
    const after = readdirSync(dataDir, { recursive: true }).filter((p) => String(p).endsWith('big.bin')).length;
    expect(after).toBe(before);
  });

  it('sanitises names: a path in the name keeps only its last segment, reserved characters are replaced', async () => {
    const res = await upload(token, '../../etc/pa<ss>wd', 'x');
    expect(res.statusCode).toBe(200);
    const key: string = res.json().data.fileName;
    expect(key).toMatch(/^t\d+\/\d{8}\/[0-9a-f-]{36}\/pa_ss_wd$/);
    expect(key).not.toContain('..');
  });

  it('refuses a request without a file part, a wrong field name and a missing token', async () => {
    const noMultipart = await t.request({ method: 'POST', url: '/api/common/upload', token, body: { a: 1 } });
    expect(noMultipart.statusCode).toBe(400);
    expect((await upload(token, 'a.txt', 'a', 'other')).statusCode).toBe(400);
    expect((await upload(null, 'a.txt', 'a')).statusCode).toBe(401);
  });
});

describe('GET /api/common/download', () => {
  it('keeps files to their tenant: another tenant gets 404 as for a missing file', async () => {
    const key: string = (await upload(token, 'secret.txt', 'tenant one')).json().data.fileName;
    const other = await download(tokenT2, key);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('文件不存在');
    expect((await download(null, key)).statusCode).toBe(401);
  });

  it('refuses path traversal and malformed keys without touching the disk', async () => {
    const tenantKey: string = (await upload(token, 'a.txt', 'a')).json().data.fileName;
    const prefix = tenantKey.split('/')[0];
    for (const bad of [`${prefix}/../../../etc/passwd`, `${prefix}/20240101/../x`, '/etc/passwd', `${prefix}/20240101/00000000-0000-0000-0000-000000000000/..`]) {
      const res = await download(token, bad);
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/common/download', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(400);
  });

  it('serves images inline only when asked, never HTML', async () => {
    const png = (await upload(token, 'p.png', 'png-bytes')).json().data.fileName;
    expect((await download(token, png, '&inline=true')).headers['content-disposition']).toMatch(/^inline;/);
    const html = (await upload(token, 'x.html', '<script>alert(1)</script>')).json().data.fileName;
    const res = await download(token, html, '&inline=true');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('never deletes on a GET: delete=true is accepted and ignored (deleting is POST /api/common/file/delete)', async () => {
    const key: string = (await upload(token, 'export.xlsx', 'sheet')).json().data.fileName;
    const first = await download(token, key, '&delete=true');
    expect(first.body).toBe('sheet');
    expect((await download(token, key)).body).toBe('sheet');
  });
});

describe('GET /api/common/recognition/status', () => {
  it('says recognition is off when no service is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/common/recognition/status', token });
    expect(res.json().data).toMatchObject({ idCard: !!process.env.OCR_SERVICE_URL, message: '识别服务未配置' });
  });
});
