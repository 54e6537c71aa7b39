/**
 * Batch download (`POST /api/common/download/zip`) and merge download (`POST /api/common/merge/pdf`):
 * real uploads on a real server; the zip is unpacked and the merged PDF's pages counted. Only the
 * caller's tenant's files pass; traversal and malformed references are refused with a 4xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let t: TestApp;
let dataDir: string;
let token: string;
let tokenT2: string;

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

async function upload(tok: string, filename: string, content: Buffer | string): Promise<{ fileName: string; url: string }> {
  const boundary = '----fwbundle' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tok}` } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const post = (tok: string | null, url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: tok ? { authorization: `Bearer ${tok}` } : {} });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fw-bundles-'));
  t = await createTestApp({ config: { dataDir } });
  token = await t.login('DEFAULT');
  tokenT2 = await t.login('T2');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/common/download/zip', () => {
  it('answers a zip holding every file under its display name, same names kept apart', async () => {
    const a = await upload(token, '清单.txt', 'first file');
    const b = await upload(token, '清单.txt', 'second file');
    const c = await upload(token, 'photo.png', PNG);
    const res = await post(token, '/api/common/download/zip', { fileName: '合同附件', files: [{ url: a.url }, { url: b.fileName }, { url: c.url, name: '现场照片.png' }] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('合同附件.zip')}`);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['清单 (2).txt', '清单.txt', '现场照片.png'].sort());
    expect(strFromU8(entries['清单.txt'])).toBe('first file');
    expect(strFromU8(entries['清单 (2).txt'])).toBe('second file');
    expect(Buffer.from(entries['现场照片.png']).equals(PNG)).toBe(true);
  });

  it('refuses another tenant\'s file (404), traversal and malformed references (400), an empty list (400) and no token (401)', async () => {
    const own = await upload(token, 'own.txt', 'mine');
    const other = await upload(tokenT2, 'secret.txt', 'theirs');
    const cross = await post(token, '/api/common/download/zip', { files: [{ url: own.url }, { url: other.url }] });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().msg).toBe('文件不存在');
    for (const url of ['../../etc/passwd', own.fileName.replace(/[^/]+$/, '../../../x.txt'), '/api/common/download?fileName=..%2F..%2Fsecret', 'http://evil/x']) {
      const res = await post(token, '/api/common/download/zip', { files: [{ url }] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toMatch(/^文件地址不正确/);
    }
    expect((await post(token, '/api/common/download/zip', { files: [] })).statusCode).toBe(400);
    expect((await post(token, '/api/common/download/zip', { files: [{ url: own.url }], extra: 1 })).statusCode).toBe(400);
    expect((await post(null, '/api/common/download/zip', { files: [{ url: own.url }] })).statusCode).toBe(401);
    const missing = own.fileName.replace(/[0-9a-f-]{36}/, '00000000-0000-0000-0000-000000000000');
    expect((await post(token, '/api/common/download/zip', { files: [{ url: missing }] })).statusCode).toBe(404);
  });
});

describe('POST /api/common/merge/pdf', () => {
  it('merges PDFs and images in order into one stored PDF whose page count is the sum; msg holds its url', async () => {
    const p2 = await upload(token, 'two.pdf', await pdfOf(2));
    const img = await upload(token, 'scan.png', PNG);
    const p3 = await upload(token, 'three.pdf', await pdfOf(3));
    const res = await post(token, '/api/common/merge/pdf', { fileName: '合并结果', urls: [p2.url, img.url, p3.fileName] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe(body.data.url);
    expect(body.data.originalName).toBe('合并结果.pdf');
    const got = await t.app.inject({ method: 'GET', url: body.msg, headers: { authorization: `Bearer ${token}` } });
    expect(got.statusCode).toBe(200);
    const merged = await PDFDocument.load(got.rawPayload);
    expect(merged.getPageCount()).toBe(6);
    // The merged file is the tenant's own: T2 cannot fetch it.
    expect((await t.app.inject({ method: 'GET', url: body.msg, headers: { authorization: `Bearer ${tokenT2}` } })).statusCode).toBe(404);
  });

  it('refuses types it cannot merge, unreadable files, other tenants\' files and traversal, with clear messages', async () => {
    const doc = await upload(token, '说明.docx', 'not really docx');
    const ok = await upload(token, 'a.pdf', await pdfOf(1));
    const bad = await post(token, '/api/common/merge/pdf', { fileName: 'x', urls: [ok.url, doc.url] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('只能合并 PDF 和 png / jpg 图片，不支持：说明.docx');
    const broken = await upload(token, 'broken.pdf', 'this is no pdf');
    const unreadable = await post(token, '/api/common/merge/pdf', { urls: [broken.url] });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().msg).toBe('无法读取文件：broken.pdf');
    const other = await upload(tokenT2, 't2.pdf', await pdfOf(1));
    expect((await post(token, '/api/common/merge/pdf', { urls: [ok.url, other.url] })).statusCode).toBe(404);
    const traversal = await post(token, '/api/common/merge/pdf', { urls: ['t1/20260101/../../../../etc/passwd.pdf'] });
    expect(traversal.statusCode).toBe(400);
    expect((await post(token, '/api/common/merge/pdf', { urls: [] })).statusCode).toBe(400);
    expect((await post(token, '/api/common/merge/pdf', { fileName: 5, urls: [ok.url] })).statusCode).toBe(400);
  });
});
