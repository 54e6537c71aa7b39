// The session cache on PGlite (auth/sessionCache.ts, ADR 1028: kept while the database snapshot
// stands still): whatever a write changes about a token, its user, tenant, roles or permissions
// shows on the very next request; on PostgreSQL there is no cache and the same answers hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';
import { testDatabaseKind } from './support/testDatabase.js';
import { captureSql } from '../bench/tools/captureSql.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let roleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, await t.login());
  const role = await admin.post('/api/system/role', { roleName: '缓存测试', roleKey: 'cachetest', permissions: ['system:user:list'] });
  roleId = role.body.data.roleId;
  await admin.post('/api/system/user', { userName: 'cache1', nickName: '缓存', password: 'cache123', roleIds: [roleId] });
});
afterAll(async () => {
  await t?.close();
});

describe('the signed-in user seen by each request', () => {
  it('loses a permission on the next request after its role loses it', async () => {
    const user = as(t, await t.login('DEFAULT', 'cache1', 'cache123'));
    expect((await user.get('/api/system/user/list')).status).toBe(200);
    expect((await user.get('/api/system/user/list')).status).toBe(200);
    await admin.post('/api/system/role/edit', { roleId, roleName: '缓存测试', roleKey: 'cachetest', permissions: ['system:user:query'] });
    expect((await user.get('/api/system/user/list')).status).toBe(403);
    await admin.post('/api/system/role/edit', { roleId, roleName: '缓存测试', roleKey: 'cachetest', permissions: ['system:user:list'] });
    expect((await user.get('/api/system/user/list')).status).toBe(200);
  });

  it('refuses a token on the next request after the user is signed out everywhere by a password reset', async () => {
    const token = await t.login('DEFAULT', 'cache1', 'cache123');
    expect((await as(t, token).get('/api/getInfo')).status).toBe(200);
    expect((await as(t, token).get('/api/getInfo')).status).toBe(200);
    const id = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'cache1').executeTakeFirstOrThrow()).id;
    expect((await admin.post('/api/system/user/resetPwd', { userId: id, password: 'cache123' })).status).toBe(200);
    expect((await as(t, token).get('/api/getInfo')).status).toBe(401);
  });

  it('refuses a token whose expiry a direct SQL write moved into the past', async () => {
    const token = await t.login('DEFAULT', 'cache1', 'cache123');
    expect((await as(t, token).get('/api/getInfo')).status).toBe(200);
    await sql`UPDATE login_tokens SET expire_time = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE user_name = 'cache1')`.execute(t.db);
    expect((await as(t, token).get('/api/getInfo')).status).toBe(401);
  });

  it('refuses every token of a tenant on the next request after the tenant is disabled', async () => {
    const t2 = await t.login('T2', 'admin');
    expect((await as(t, t2).get('/api/getInfo')).status).toBe(200);
    await sql`UPDATE tenants SET status = '1' WHERE code = 'T2'`.execute(t.db);
    try {
      expect((await as(t, t2).get('/api/getInfo')).status).toBe(401);
    } finally {
      await sql`UPDATE tenants SET status = '0' WHERE code = 'T2'`.execute(t.db);
    }
    expect((await as(t, t2).get('/api/getInfo')).status).toBe(200);
  });

  it.skipIf(testDatabaseKind() === 'postgres')('on PGlite, looks a token up again only after a write', async () => {
    const token = await t.login('DEFAULT', 'cache1', 'cache123');
    await as(t, token).get('/api/getInfo');
    const lookups = (run: () => Promise<unknown>) => async () => {
      const stop = captureSql(t.database.pool, (text) => /FROM login_tokens t/.test(text));
      await run();
      return stop().length;
    };
    expect(await lookups(() => as(t, token).get('/api/getInfo'))()).toBe(0);
    expect(await lookups(async () => {
      await sql`UPDATE users SET remark = 'x' WHERE user_name = 'cache1'`.execute(t.db);
      await as(t, token).get('/api/getInfo');
    })()).toBe(1);
    // Straight through the driver's pool, in a table the lookup does not read: still a new snapshot.
    expect(await lookups(async () => {
      await t.database.pool.query(`UPDATE users SET remark = 'y' WHERE user_name = 'cache1'`);
      await as(t, token).get('/api/getInfo');
    })()).toBe(1);
    // A statement only a text classifier would take for a write (it names 'update' and 'lock').
    expect(await lookups(async () => {
      await t.database.pool.query(`SELECT 'update lock copy refresh' AS "update"`);
      await as(t, token).get('/api/getInfo');
    })()).toBe(0);
  });
});
