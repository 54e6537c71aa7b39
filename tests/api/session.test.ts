import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in', () => {
  it('signs in the DEFAULT admin and answers getInfo with the admin role', async () => {
    const token = await t.login('DEFAULT', 'admin');
    const res = await t.request({ method: 'GET', url: '/api/getInfo', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.user.userName).toBe('admin');
    expect(body.user.tenantCode).toBe('DEFAULT');
    expect(body.roles).toContain('admin');
    expect(body.permissions).toEqual(['*:*:*']);
  });

  it('refuses calls without a token with the 401 message of spec 02 §8', async () => {
    const res = await t.request({ method: 'GET', url: '/api/getInfo' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });

  it('revokes the token at logout', async () => {
    const token = await t.login('DEFAULT', 'admin');
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: '/api/getInfo', token });
    expect(res.statusCode).toBe(401);
  });
});
