/**
 * Issue 32 item 1: images inside published rich text. An image uploaded into a news body is
 * served to a signed-out visitor at the address the detail answer names (never the file key),
 * with the portal's caching headers; the same address answers 404 once the record or the field is
 * unpublished, under another tenant, and for a file the body does not show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { imageRef } from '../../../src/server/public/portalImageUrls.js';

let t: TestApp;
let admin: string;
const NEWS = '/api/portal/records/portal_xwdt';
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

async function upload(tok: string, filename: string, content: Buffer): Promise<{ url: string; fileName: string }> {
  const boundary = '----fwportal' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tok}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The public image addresses of a served detail's body. */
async function imagesOf(id: number, tenantCode = 'DEFAULT'): Promise<string[]> {
  const res = await as(t, null).get(`${NEWS}/${id}?tenantCode=${tenantCode}`);
  expect(res.status).toBe(200);
  const zw = res.body.data.fields.find((f: any) => f.enName === 'zw').value as string;
  expect(zw).not.toContain('/api/common/download');
  return [...zw.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

async function editNews(id: number, change: Record<string, unknown>) {
  const detail = await as(t, admin).get(`/api/auto/portal_xwdt/${id}`);
  const res = await as(t, admin).post(`/api/auto/portal_xwdt/edit/${id}`, { formName: 'portal_xwdt', data: { ...detail.body.data, ...change }, version: detail.body.data.version });
  expect(res.status).toBe(200);
}

describe('portal: images inside published rich text', () => {
  let id: number;
  let photo: { url: string; fileName: string };
  let other: { url: string; fileName: string };
  let t2: { url: string; fileName: string };
  let page: { url: string; fileName: string };
  let address: string;

  beforeAll(async () => {
    photo = await upload(admin, '现场.png', PNG);
    other = await upload(admin, '未引用.png', PNG);
    page = await upload(admin, 'x.html', Buffer.from('<script>alert(1)</script>'));
    t2 = await upload(await t.login('T2'), 't2.png', PNG);
    const add = await as(t, admin).post('/api/auto/portal_xwdt/add', {
      data: {
        bt: '带图片的新闻', fbrq: '2026-11-27', sffb: true,
        zw: `<p>现场照片</p><p><img src="${photo.url}"><img src="${t2.url}"><img src="${page.url}"></p>`,
      },
    });
    expect(add.status).toBe(200);
    id = Number(add.body.data.id);
    const images = await imagesOf(id);
    // Only the tenant's own image keeps an address; the other tenant's and the page lose theirs.
    expect(images.filter(Boolean)).toHaveLength(1);
    address = images.find(Boolean)!;
  });

  it('a signed-out visitor gets the bytes at the public address, with the portal\'s caching headers', async () => {
    expect(address).toBe(`/api/portal/images/portal_xwdt/${id}/zw/${imageRef(photo.fileName)}?tenantCode=DEFAULT`);
    expect(address).not.toContain(encodeURIComponent(photo.fileName));
    const res = await get(address);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline/);
    expect((await get(address, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    // The file store itself still needs a sign-in.
    expect((await get(photo.url)).statusCode).toBe(401);
  });

  it('a file the body does not show, or shows without an address, is a 404', async () => {
    for (const key of [other.fileName, t2.fileName, page.fileName]) {
      const res = await get(`/api/portal/images/portal_xwdt/${id}/zw/${imageRef(key)}?tenantCode=DEFAULT`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().msg).toBe('图片不存在或未发布');
    }
    // Another field of the record (published or not), or a made-up digest.
    expect((await get(address.replace('/zw/', '/nbbz/'))).statusCode).toBe(404);
    expect((await get(`/api/portal/images/portal_xwdt/${id}/zw/${'A'.repeat(32)}?tenantCode=DEFAULT`)).statusCode).toBe(404);
  });

  it('the same address under another tenant is a 404', async () => {
    expect((await get(address.replace('tenantCode=DEFAULT', 'tenantCode=T2'))).statusCode).toBe(404);
  });

  it('unpublishing the record or the field makes the same address a 404', async () => {
    await editNews(id, { sffb: false });
    expect((await get(address)).statusCode).toBe(404);
    await editNews(id, { sffb: true });
    expect((await get(address)).statusCode).toBe(200);

    const before = (await as(t, admin).get('/api/flowable/form/portal/portal_xwdt')).body.data;
    const { configured: _c, updateBy: _u, formFields: _f, sections: _s, ...setting } = before;
    const save = await as(t, admin).post('/api/flowable/form/portal/portal_xwdt', { ...setting, fields: setting.fields.filter((f: string) => f !== 'zw') });
    expect(save.status).toBe(200);
    expect((await get(address)).statusCode).toBe(404);
    await as(t, admin).post('/api/flowable/form/portal/portal_xwdt', setting);
    expect((await get(address)).statusCode).toBe(200);
  });
});
