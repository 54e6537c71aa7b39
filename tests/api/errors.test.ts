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

describe('error mapping', () => {
  it('answers a malformed JSON body with 400 and a Chinese message, no stack', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "admin",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求体不是有效的 JSON' });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/system/user/delete', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请求体不能为空');
  });

  it('answers an unsupported content type with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/x-foo' }, payload: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('不支持的请求内容类型');
  });

  it('answers an unknown API route with 404 访问资源不存在', async () => {
    const res = await as(t, admin).get('/api/system/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '访问资源不存在' });
  });

  it('refuses an unknown field name with 400 naming it', async () => {
    const res = await as(t, admin).post('/api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: '也许', dictValue: 'M', colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'colour', message: '不支持的字段：colour' }]);
  });

  it('refuses a value of the wrong type with 400', async () => {
    const res = await as(t, admin).post('/api/system/dept', { parentId: 'abc', deptName: '新部门' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field: 'parentId', message: '上级应为整数' });
  });

  it('refuses a non-numeric id in the path with 400', async () => {
    const res = await as(t, admin).get('/api/system/user/abc');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });

  it('answers text the database cannot store (a NUL character) with 400, not 500', async () => {
    const res = await as(t, admin).post('/api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: 'a\u0000b', dictValue: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '请求参数不正确' });
  });

  it('refuses an absurd page number with 400', async () => {
    const res = await as(t, admin).get('/api/system/dict/data/list?pageNum=1e300');
    expect(res.status).toBe(400);
    expect((await as(t, admin).get('/api/system/dict/data/list?pageSize=0')).status).toBe(400);
  });

  it('answers 403 当前操作没有权限 to a user without the permission', async () => {
    const staff = await t.login('DEFAULT', 'staff');
    for (const [method, url, body] of [
      ['GET', '/api/system/user/list'],
      ['GET', '/api/system/role/list'],
      ['GET', '/api/system/config/list'],
      ['POST', '/api/system/user', { userName: 'x1', nickName: 'x', password: '123456' }],
      ['POST', '/api/system/role', { roleName: 'x', roleKey: 'x' }],
      ['POST', '/api/system/dept', { parentId: 1, deptName: 'x' }],
      ['POST', '/api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: 'x', dictValue: 'x' }],
      ['POST', '/api/system/config', { configName: 'x', configKey: 'x.y', configValue: '1' }],
      ['POST', '/api/system/constant', { parentId: 0, name: 'x' }],
      ['POST', '/api/system/user/delete', [1]],
    ] as const) {
      const res = await (method === 'GET' ? as(t, staff).get(url) : as(t, staff).post(url, body));
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ code: 403, msg: '当前操作没有权限' });
    }
  });

  it('sets security headers with a CSP that allows inline styles but not inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/tenant/all' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
