/**
 * Files on S3-compatible storage (issue 16): the app with FILE_STORE=s3 against a real S3 server
 * (s3rver on loopback, started here), through the real AWS SDK client. The behaviours of
 * files.test.ts and bundles.test.ts — upload, download headers, delete after download, tenant
 * isolation, zip, merge — and the store's own: multipart for large files, nothing left behind when
 * an upload fails, keys under the tenant prefix in the bucket.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../src/server/files/fileStore.js';
import { s3FileStore } from '../../../src/server/files/s3FileStore.js';
import { startS3Server, withEnv, type TestS3Server } from '../support/s3Server.js';
import { createTestApp, type TestApp } from '../support/testServer.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let s3: TestS3Server;
let t: TestApp;
let restoreEnv: () => void;
let token: string;
let tokenT2: string;
let tenantId: number;

function multipart(filename: string, content: Buffer | string) {
  const boundary = '----fws3' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(tok: string | null, filename: string, content: Buffer | string) {
  const body = multipart(filename, content);
  return t.app.inject({ method: 'POST', url: '/api/common/upload', payload: body.payload, headers: { ...body.headers, ...(tok ? { authorization: `Bearer ${tok}` } : {}) } });
}

async function uploaded(tok: string, filename: string, content: Buffer | string): Promise<{ fileName: string; url: string; size: number }> {
  const res = await upload(tok, filename, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const download = (tok: string | null, fileName: string, extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/common/download?fileName=${encodeURIComponent(fileName)}${extra}`, headers: tok ? { authorization: `Bearer ${tok}` } : {} });

const post = (tok: string | null, url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: tok ? { authorization: `Bearer ${tok}` } : {} });

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

/** `mb` MiB of varied bytes, in 1 MiB chunks (so a stream of it is no single buffer). */
function* chunks(mb: number, failAfter?: number): Generator<Buffer> {
  for (let i = 0; i < mb; i++) {
    if (failAfter !== undefined && i === failAfter) throw Object.assign(new Error('source broke'), { code: 'SOURCE_BROKE' });
    yield Buffer.alloc(1024 * 1024, i % 251);
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

beforeAll(async () => {
  s3 = await startS3Server();
  restoreEnv = withEnv({ ...s3.env, UPLOAD_MAX_MB: '1' });
  t = await createTestApp();
  token = await t.login('DEFAULT');
  tokenT2 = await t.login('T2');
  tenantId = (await t.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
  restoreEnv?.();
  await s3?.close();
});

describe('FILE_STORE=s3 through the API', () => {
  it('stores an upload in the bucket under the tenant prefix and downloads the same bytes with the usual headers', async () => {
    const file = await uploaded(token, '合同 2024.pdf', 'hello pdf');
    expect(file.size).toBe(9);
    expect(file.fileName).toMatch(new RegExp(`^t${tenantId}/\\d{8}/[0-9a-f-]{36}/合同 2024\\.pdf$`));
    expect(await s3.keys(`t${tenantId}/`)).toContain(file.fileName);
    const got = await download(token, file.fileName);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('hello pdf');
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe('9');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="__ 2024.pdf"; filename*=UTF-8''${encodeURIComponent('合同 2024.pdf')}`);
  });

  it('seeds the demo files into the bucket, so they download like uploads', async () => {
    const demo = (await s3.keys(`t${tenantId}/`)).find((k) => k.endsWith('.pdf') || k.endsWith('.png'));
    expect(demo).toBeTruthy();
    expect((await download(token, demo!)).statusCode).toBe(200);
  });

  it('answers 413 文件大小超过 1MB past the limit and leaves nothing in the bucket', async () => {
    const before = await s3.keys();
    const res = await upload(token, 'big.bin', Buffer.alloc(1024 * 1024 + 10, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: '文件大小超过 1MB' });
    expect(await s3.keys()).toEqual(before);
  });

  it('keeps files to their tenant: another tenant gets 404 as for a missing file, and no token 401', async () => {
    const file = await uploaded(token, 'secret.txt', 'tenant one');
    const other = await download(tokenT2, file.fileName);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('文件不存在');
    expect((await download(null, file.fileName)).statusCode).toBe(401);
    const missing = file.fileName.replace(/[0-9a-f-]{36}/, '00000000-0000-0000-0000-000000000000');
    expect((await download(token, missing)).statusCode).toBe(404);
  });

  it('serves images inline only when asked, never HTML', async () => {
    const png = await uploaded(token, 'p.png', PNG);
    const inline = await download(token, png.fileName, '&inline=true');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['content-type']).toBe('image/png');
    const html = await uploaded(token, 'x.html', '<script>alert(1)</script>');
    const res = await download(token, html.fileName, '&inline=true');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('keeps the object on a GET with delete=true; the uploader deletes it through POST /common/file/delete', async () => {
    const file = await uploaded(token, 'export.xlsx', 'sheet');
    const first = await download(token, file.fileName, '&delete=true');
    expect(first.body).toBe('sheet');
    expect(await s3.keys(file.fileName)).toEqual([file.fileName]);
    const removed = await post(token, '/api/common/file/delete', { fileName: file.fileName });
    expect(removed.statusCode).toBe(200);
    expect(await s3.keys(file.fileName)).toEqual([]);
    expect((await download(token, file.fileName)).statusCode).toBe(404);
  });

  it('zips files read from the bucket under their display names; another tenant\'s file is a 404', async () => {
    const a = await uploaded(token, '清单.txt', 'first file');
    const b = await uploaded(token, '清单.txt', 'second file');
    const c = await uploaded(token, 'photo.png', PNG);
    const res = await post(token, '/api/common/download/zip', { fileName: '合同附件', files: [{ url: a.url }, { url: b.fileName }, { url: c.url, name: '现场照片.png' }] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['清单 (2).txt', '清单.txt', '现场照片.png'].sort());
    expect(strFromU8(entries['清单.txt'])).toBe('first file');
    expect(strFromU8(entries['清单 (2).txt'])).toBe('second file');
    expect(Buffer.from(entries['现场照片.png']).equals(PNG)).toBe(true);
    const other = await uploaded(tokenT2, 'theirs.txt', 'theirs');
    const cross = await post(token, '/api/common/download/zip', { files: [{ url: a.url }, { url: other.url }] });
    expect(cross.statusCode).toBe(404);
    const missing = a.fileName.replace(/[0-9a-f-]{36}/, '00000000-0000-0000-0000-000000000000');
    expect((await post(token, '/api/common/download/zip', { files: [{ url: a.url }, { url: missing }] })).statusCode).toBe(404);
  });

  it('zips more files than the S3 client has sockets (60), opening them one at a time', async () => {
    const files = [];
    for (let i = 0; i < 60; i++) files.push(await uploaded(token, `f${i}.txt`, `content ${i}`));
    const res = await post(token, '/api/common/download/zip', { files: files.map((f) => ({ url: f.url })) });
    expect(res.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toHaveLength(60);
    expect(strFromU8(entries['f59.txt'])).toBe('content 59');
  });

  it('merges PDFs and images read from the bucket into one PDF stored in the bucket', async () => {
    const p2 = await uploaded(token, 'two.pdf', await pdfOf(2));
    const img = await uploaded(token, 'scan.png', PNG);
    const res = await post(token, '/api/common/merge/pdf', { fileName: '合并结果', urls: [p2.url, img.url] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(await s3.keys(`t${tenantId}/`)).toContain(body.data.fileName);
    const got = await t.app.inject({ method: 'GET', url: body.msg, headers: { authorization: `Bearer ${token}` } });
    expect((await PDFDocument.load(got.rawPayload)).getPageCount()).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: body.msg, headers: { authorization: `Bearer ${tokenT2}` } })).statusCode).toBe(404);
    const other = await uploaded(tokenT2, 't2.pdf', await pdfOf(1));
    expect((await post(token, '/api/common/merge/pdf', { urls: [p2.url, other.url] })).statusCode).toBe(404);
  });
});

describe('s3FileStore', () => {
  let store: FileStore;
  beforeAll(() => {
    store = s3FileStore(s3.client, s3.bucket);
  });

  it('streams a large file up in parts (multipart) and back byte for byte', async () => {
    const key = 't1/20260101/11111111-1111-1111-1111-111111111111/large.bin';
    const expected = Buffer.concat([...chunks(20)]);
    const { size } = await store.put(key, Readable.from(chunks(20)));
    expect(size).toBe(20 * 1024 * 1024);
    expect(await store.stat(key)).toEqual({ size: 20 * 1024 * 1024 });
    const got = await store.get(key);
    expect(got!.size).toBe(20 * 1024 * 1024);
    expect(sha(await readAll(got!.body))).toBe(sha(expected));
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
  });

  it('rejects with the source\'s error and leaves nothing when the upload stream breaks, before and after the first part', async () => {
    for (const failAfter of [2, 12]) {
      const key = `t1/20260101/22222222-2222-2222-2222-22222222222${failAfter % 10}/broken-${failAfter}.bin`;
      await expect(store.put(key, Readable.from(chunks(20, failAfter)))).rejects.toMatchObject({ code: 'SOURCE_BROKE' });
      expect(await store.stat(key)).toBeNull();
      expect(await s3.keys(key)).toEqual([]);
    }
  });

  it('answers null for a missing key and removes a missing key without error', async () => {
    expect(await store.get('t1/20260101/33333333-3333-3333-3333-333333333333/none.txt')).toBeNull();
    await expect(store.remove('t1/20260101/33333333-3333-3333-3333-333333333333/none.txt')).resolves.toBeUndefined();
  });
});
