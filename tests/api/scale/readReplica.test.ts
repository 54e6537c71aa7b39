/**
 * DATABASE_READ_URL (issue 16): list and total queries go to the read pool, everything else to the
 * primary. The "replica" here is the same test database reached through a read-only session
 * (default_transaction_read_only), so a write sent there would fail; the read pool's connections
 * carry application_name formwork-read, and pg_stat_activity shows what each last ran.
 * PostgreSQL only (api-pg project); skipped with a line saying so elsewhere.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { READ_APPLICATION_NAME } from '../../../src/server/db/readDatabase.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { createTestApp, type TestApp } from '../support/testServer.js';

const enabled = testDatabaseKind() === 'postgres';
if (!enabled) console.log('readReplica.test.ts skipped: DATABASE_READ_URL needs PostgreSQL (runs in the api-pg project when TEST_DATABASE_URL is set)');

let t: TestApp;
let app: FastifyInstance;
let token: string;

async function call(method: string, url: string, body?: unknown) {
  const res = await app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, json: res.json() };
}

/** The last statement of each read-pool connection on this database. */
async function readPoolQueries(): Promise<string[]> {
  const r = await sql<{ query: string }>`SELECT query FROM pg_stat_activity WHERE application_name = ${READ_APPLICATION_NAME} AND datname = current_database()`.execute(t.db);
  return r.rows.map((x) => x.query);
}

describe.skipIf(!enabled)('DATABASE_READ_URL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const primary = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const read = new URL(primary);
    read.searchParams.set('options', '-c default_transaction_read_only=on');
    app = await buildApp({ config: { ...t.config, databaseReadUrl: read.toString() }, database: t.database, logger: false });
    await app.ready();
    token = (await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'admin123', tenantCode: 'DEFAULT' } })).json().token;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('writes and detail reads run on the primary; list and totals on the read pool, and see the data', async () => {
    const form = await call('POST', '/api/flowable/form', { enName: 'read_note', cnName: '只读便签', fields: [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'qty', label: '数量', funcType: 'number' }] });
    expect(form.status, JSON.stringify(form.json)).toBe(200);
    const ids: number[] = [];
    for (const [title, qty] of [['甲', 2], ['乙', 5]] as const) {
      const r = await call('POST', '/api/auto/read_note/add', { formName: 'read_note', data: { title, qty } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      ids.push(r.json.data.id);
    }
    const edit = await call('POST', `/api/auto/read_note/edit/${ids[0]}`, { version: 1, data: { qty: 3 } });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect((await call('GET', `/api/auto/read_note/${ids[0]}`)).json.data).toMatchObject({ qty: 3, version: 2 });
    // Nothing so far touched the read pool beyond its start-up check.
    expect((await readPoolQueries()).every((q) => q === 'SELECT 1')).toBe(true);

    const list = await call('POST', '/api/auto/read_note/list', { pageNum: 1, pageSize: 10 });
    expect(list.status).toBe(200);
    expect((list.json.rows as { title: string }[]).map((r) => r.title).sort()).toEqual(['乙', '甲']);
    expect(list.json.total).toBe(2);
    const ran = await readPoolQueries();
    expect(ran.some((q) => /read_note|select/i.test(q) && q !== 'SELECT 1')).toBe(true);
    expect(ran.some((q) => /\b(insert|update|delete)\b/i.test(q))).toBe(false);

    const totals = await call('POST', '/api/auto/read_note/getCalcdValue', { calcd: { qty: { operation: ['sum'] } } });
    expect(totals.status, JSON.stringify(totals.json)).toBe(200);
    expect(JSON.stringify(totals.json.data)).toContain('8');
  });

  it('a bad DATABASE_READ_URL stops the start with a clear message', async () => {
    await expect(buildApp({ config: { ...t.config, databaseReadUrl: 'postgres://postgres@127.0.0.1:1/none' }, database: t.database, logger: false })).rejects.toThrow(
      /DATABASE_READ_URL/,
    );
  });
});
