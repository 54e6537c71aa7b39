/** GET /api/health (readiness: database and migrations) and /api/health/live, without a token. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations/index.js';
import { createTestApp, type TestApp } from './support/testServer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

describe('health endpoints', () => {
  it('answers ready on a migrated database, without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { status: 'ok', database: 'ok', migrations: { current: true, pending: [] } } });
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).json().data).toEqual({ status: 'ok' });
  });

  it('answers 503 数据库迁移未完成 while a migration this build knows is not applied', async () => {
    const last = Math.max(...migrations.map((m) => m.id));
    const row = await sql<{ id: number; name: string }>`SELECT id, name FROM schema_migrations WHERE id = ${last}`.execute(t.db);
    await sql`DELETE FROM schema_migrations WHERE id = ${last}`.execute(t.db);
    try {
      const res = await t.request({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, msg: '数据库迁移未完成', data: { status: 'unavailable', database: 'ok', migrations: { current: false, pending: [last] } } });
      // Liveness does not depend on the database.
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await sql`INSERT INTO schema_migrations (id, name) VALUES (${last}, ${row.rows[0].name})`.execute(t.db);
    }
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 数据库不可用 when the database does not answer', async () => {
    await t.database.close();
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 503, msg: '数据库不可用', data: { status: 'unavailable', database: expect.stringMatching(/^unreachable/) } });
  });
});
