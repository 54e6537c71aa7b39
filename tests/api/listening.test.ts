import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';

let s: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'formwork-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root">Formwork</div></body></html>');
  writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log("app")');
  s = await startTestServer({ config: { clientDir } });
});
afterAll(async () => {
  await s?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function json(path: string, init: RequestInit = {}) {
  const res = await fetch(s.url + path, init);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('a real listening server', () => {
  it('listens on 127.0.0.1', () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('signs in over HTTP and serves getInfo and getRouters with the bearer token', async () => {
    const login = await json('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', tenantCode: 'DEFAULT', code: '', uuid: '' }) });
    expect(login.status).toBe(200);
    expect(login.body.code).toBe(200);
    const auth = { authorization: `Bearer ${login.body.token}` };
    const info = await json('/api/getInfo', { headers: auth });
    expect(info.body.user.userName).toBe('admin');
    const routers = await json('/api/getRouters', { headers: auth });
    expect(routers.body.data.length).toBeGreaterThan(0);
    const out = await json('/api/logout', { method: 'POST', headers: auth });
    expect(out.status).toBe(200);
    const after = await json('/api/getInfo', { headers: auth });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('认证失败，无法访问系统资源');
  });

  it('answers a wrong password and a malformed body over HTTP with 400 JSON', async () => {
    const wrong = await json('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bad' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('用户不存在/密码错误');
    const broken = await json('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(400);
  });

  it('serves the built client, falls back to index.html for app routes, and keeps /api 404s as JSON', async () => {
    const root = await fetch(s.url + '/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Formwork');
    expect(root.headers.get('content-security-policy')).toContain("default-src 'self'");
    const asset = await fetch(s.url + '/assets/app.js');
    expect(await asset.text()).toContain('console.log');
    const deep = await fetch(s.url + '/auto/contract_ledger');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    const api404 = await json('/api/does/not/exist');
    expect(api404.status).toBe(404);
    expect(api404.body).toEqual({ code: 404, msg: '访问资源不存在' });
  });
});
