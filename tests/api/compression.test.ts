/**
 * Compression and caching on the wire (issue 28 item 4), on PGlite and PostgreSQL: JSON answers
 * and client files go out as br or gzip as the client accepts, and decompress to exactly the bytes
 * of the uncompressed answer; hashed assets are immutable for a year, the page and its SPA fallback
 * `no-cache`; precompressed files from the build are sent as they are; downloads of compressed
 * types (xlsx, png) pass unchanged.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './support/testServer.js';

let t: TestApp;
let admin: string;
let clientDir: string;
const JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "记录${i}" }`).join(', ')}];\n`;
const CSS = `.fw-row { color: #333; padding: 4px 8px; }\n`.repeat(100);

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'formwork-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><html><body><div id="root">Formwork</div>${'<!-- padding -->'.repeat(100)}</body></html>`);
  writeFileSync(join(clientDir, 'assets', 'index-AbC123xy.js'), JS);
  // What scripts/precompress.ts writes beside a built file.
  writeFileSync(join(clientDir, 'assets', 'index-AbC123xy.js.br'), brotliCompressSync(JS));
  writeFileSync(join(clientDir, 'assets', 'style-Zz9.css'), CSS);
  t = await createTestApp({ config: { clientDir } });
  admin = await t.login();
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, ...(url.startsWith('/api/') ? { authorization: `Bearer ${admin}` } : {}), ...headers } });

/** The body as the browser sees it after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.rawPayload);
  if (enc === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
}

describe('compressed JSON answers', () => {
  it('br and gzip as accepted, decompressing to the identical bytes; identity when not accepted', async () => {
    const raw = await get('/api/getRouters', 'identity');
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/getRouters', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 3);
    expect(decoded(br).equals(raw.rawPayload)).toBe(true);
    const gz = await get('/api/getRouters', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).equals(raw.rawPayload)).toBe(true);
  });

  it('leaves small answers and request bodies alone', async () => {
    const small = await get('/api/system/tenant/all', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    // A gzip request body is not inflated by the server: it is refused, not parsed.
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: Buffer.from([0x1f, 0x8b, 0, 0]) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('client files', () => {
  it('hashed assets: immutable for a year, the build\'s .br sent as it is, others compressed on the fly', async () => {
    const js = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('br');
    expect(String(js.headers['content-type'])).toMatch(/javascript/);
    expect(decoded(js).toString()).toBe(JS);
    const plain = await get('/assets/index-AbC123xy.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    const css = await get('/assets/style-Zz9.css', 'gzip');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(decoded(css).toString()).toBe(CSS);
    expect((await get('/assets/gone-123.js', 'br')).statusCode).toBe(404);
  });

  it('the page and the SPA fallback: no-cache, compressed', async () => {
    for (const url of ['/', '/index.html', '/auto/contract_ledger?menuId=3']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decoded(res).toString(), url).toContain('<div id="root">Formwork</div>');
    }
  });
});

describe('downloads', () => {
  it('an xlsx export and an uploaded png go out unchanged; a text file decompresses to its bytes', async () => {
    const xlsx = await get('/api/system/user/export', 'gzip, br');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const upload = async (name: string, content: Buffer, type: string) => {
      const boundary = '----fwz' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const r = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.url as string;
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 1)]);
    const pngRes = await get(await upload('图.png', png, 'image/png'), 'gzip, br');
    expect(pngRes.statusCode).toBe(200);
    expect(pngRes.headers['content-encoding']).toBeUndefined();
    expect(pngRes.rawPayload.equals(png)).toBe(true);

    const text = Buffer.from('第一行，说明文字。\n'.repeat(300));
    const url = await upload('说明.txt', text, 'text/plain');
    const txt = await get(url, 'gzip, br');
    expect(txt.statusCode).toBe(200);
    expect(decoded(txt).equals(text)).toBe(true);
  });
});
