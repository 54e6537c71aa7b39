/**
 * Issue 32 item 2, spec 02 §7: `POST /api/system/user/tenant/verification` without a token answers
 * an active tenant's code and name and nothing else, refuses unknown and disabled tenants with the
 * sign-in's texts, and limits each client address to 30 calls an hour (fake clock). With
 * TENANT_LIST_PUBLIC=false the public tenant list is empty and verification is the way in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';

let t: TestApp;
let clock = new Date('2026-03-02T02:00:00Z');
const URL = '/api/system/user/tenant/verification';

/** One call from a client address (the limit is per address). */
async function verify(body: unknown, ip = '10.1.0.1') {
  const res = await t.app.inject({ method: 'POST', url: URL, payload: body as object, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await t.db.insertInto('tenants').values({ code: 'OFF1', name: '已停用公司', status: '1' }).execute();
});
afterAll(async () => {
  await t?.close();
});

describe('tenant verification', () => {
  it('answers an active tenant with its code and name only, without a token', async () => {
    const res = await verify({ tenantCode: 'T2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: '操作成功', data: { tenantCode: 'T2', tenantName: expect.any(String) } });
    expect(Object.keys(res.body.data).sort()).toEqual(['tenantCode', 'tenantName']);
    expect(JSON.stringify(res.body)).not.toMatch(/tenantId|status|admin/);
    // Surrounding spaces are not part of a code.
    expect((await verify({ tenantCode: ' DEFAULT ' })).body.data.tenantCode).toBe('DEFAULT');
  });

  it('refuses unknown and disabled tenants with the sign-in texts, and bad bodies with a 400', async () => {
    expect((await verify({ tenantCode: 'NOPE' })).body).toEqual({ code: 400, msg: '租户不存在' });
    expect((await verify({ tenantCode: 'default' })).body).toEqual({ code: 400, msg: '租户不存在' });
    expect((await verify({ tenantCode: 'OFF1' })).body).toEqual({ code: 400, msg: '租户已停用，请联系管理员' });
    expect((await verify({ tenantCode: '   ' })).body).toEqual({ code: 400, msg: '租户不存在' });
    for (const bad of [{}, { tenantCode: '' }, { tenantCode: 1 }, { tenantCode: 'x'.repeat(65) }, { tenantCode: 'T2', tenantId: 1 }]) {
      const res = await verify(bad, '10.1.0.9');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
    }
  });

  it('limits each address to 30 calls an hour, whatever the answers, and not other addresses', async () => {
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const ip = '10.1.0.2';
    for (let i = 0; i < 30; i++) expect((await verify({ tenantCode: i % 2 ? 'DEFAULT' : `GUESS${i}` }, ip)).status).not.toBe(429);
    const over = await verify({ tenantCode: 'DEFAULT' }, ip);
    expect(over).toEqual({ status: 429, body: { code: 429, msg: '租户校验过于频繁，请1小时后再试' } });
    expect((await verify({ tenantCode: 'DEFAULT' }, '10.1.0.3')).status).toBe(200);
    clock = new Date(clock.getTime() + 3600_000 + 1000);
    expect((await verify({ tenantCode: 'DEFAULT' }, ip)).status).toBe(200);
  });

  it('TENANT_LIST_PUBLIC=false: the public list names no tenant; a typed code is still verified', async () => {
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/system/tenant/all' })).json().data as { tenantCode: string }[];
    expect((await listed()).map((x) => x.tenantCode)).toContain('T2');
    t.app.config.tenantListPublic = false;
    try {
      expect(await listed()).toEqual([]);
      expect((await verify({ tenantCode: 'T2' }, '10.1.0.5')).body.data.tenantCode).toBe('T2');
    } finally {
      t.app.config.tenantListPublic = true;
    }
  });

  it('holds the limit under parallel calls', async () => {
    clock = new Date(clock.getTime() + 2 * 3600_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify({ tenantCode: 'DEFAULT' }, '10.1.0.4')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});
