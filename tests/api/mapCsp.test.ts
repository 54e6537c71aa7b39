/**
 * The page CSP allows the position map's hosts only when the tenant configured them
 * (docs/adr/0605-leaflet-position-map.md): tile host in img-src, search host in connect-src.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

/** The CSP directives of a document request, as name → sources. */
async function csp(cookie?: string, accept = 'text/html,application/xhtml+xml', url = '/auto/project_wbs'): Promise<Record<string, string[]>> {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept, ...(cookie ? { cookie } : {}) } });
  const header = String(res.headers['content-security-policy']);
  return Object.fromEntries(header.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

async function setConfig(key: string, value: string): Promise<number> {
  const res = await as(t, admin).post('/api/system/config', { configName: key, configKey: key, configValue: value });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.configId;
}

describe('map hosts in the CSP', () => {
  it('adds nothing while no tile source is configured', async () => {
    const d = await csp();
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(d['connect-src']).toEqual(["'self'"]);
  });

  it('adds the configured tile and search hosts to document responses of that tenant only', async () => {
    const tileId = await setConfig('sys.map.tile.url', 'http://127.0.0.1:8091/tiles/{z}/{x}/{y}.png');
    await setConfig('sys.map.search.url', 'https://geo.example.com/search?q={keyword}&limit={count}');
    try {
      const d = await csp();
      expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:8091']);
      expect(d['connect-src']).toEqual(["'self'", 'https://geo.example.com']);
      expect(d['script-src']).toEqual(["'self'"]);
      expect((await csp('Tenant-Code=DEFAULT; sidebarStatus=1'))['img-src']).toContain('http://127.0.0.1:8091');
      // Another tenant's pages, API answers and asset requests are not widened.
      expect((await csp('Tenant-Code=T2'))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect((await csp(undefined, 'application/json', '/api/system/tenant/all'))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect((await csp(undefined, '*/*', '/assets/index.js'))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect((await csp('Tenant-Code=NOPE'))['img-src']).toEqual(["'self'", 'data:', 'blob:']);

      // A value that would inject directives is not a tile source at all.
      const edit = await as(t, admin).post('/api/system/config/edit', {
        configId: tileId,
        configName: 'sys.map.tile.url',
        configKey: 'sys.map.tile.url',
        configValue: "https://evil.example.com;script-src 'unsafe-inline'/{z}/{x}/{y}.png",
      });
      expect(edit.status).toBe(200);
      const after = await csp();
      expect(after['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(after['connect-src']).toEqual(["'self'"]);
      expect(after['script-src']).toEqual(["'self'"]);
    } finally {
      const list = await as(t, admin).get('/api/system/config/list?configKey=sys.map&pageSize=50');
      const ids = list.body.rows.map((r: { configId: number }) => r.configId);
      if (ids.length) await as(t, admin).post('/api/system/config/delete', ids);
    }
    expect((await csp())['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
