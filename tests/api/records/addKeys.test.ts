/** Idempotency keys of add are kept for ADD_KEY_MAX_AGE_DAYS and pruned at start after that. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADD_KEY_MAX_AGE_DAYS, pruneAddKeys } from '../../../src/server/records/repositories/addKeys.js';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
beforeAll(async () => {
  a = await recordsApp();
  const r = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'key_note', cnName: '便签', fields: [{ enName: 'title', label: '标题', funcType: 'input' }] });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
});
afterAll(async () => a?.close());

async function addWith(uuid: string, title: string): Promise<number> {
  const r = await a.call(a.admin, 'POST', '/api/auto/key_note/add', { formName: 'key_note', data: { title }, uuid });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id;
}

/** Makes a key look `days` old, as if it had been used that long ago. */
async function age(uuid: string, days: number): Promise<void> {
  await sql`UPDATE record_add_keys SET create_time = now() - make_interval(secs => ${days * 86_400}) WHERE uuid = ${uuid}`.execute(a.db);
}

const keyCount = async (uuid: string) => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM record_add_keys WHERE uuid = ${uuid}`.execute(a.db)).rows[0].n);

describe('pruning old add keys', () => {
  it('keeps keys younger than the limit (a retry still answers the same record) and removes older ones', async () => {
    const uuidOld = (await a.call(a.admin, 'GET', '/api/auto/uuid/get')).json.data;
    const uuidRecent = (await a.call(a.admin, 'GET', '/api/auto/uuid/get')).json.data;
    const first = await addWith(uuidOld, '旧请求');
    const recent = await addWith(uuidRecent, '近期请求');
    await age(uuidOld, ADD_KEY_MAX_AGE_DAYS + 1);
    await age(uuidRecent, ADD_KEY_MAX_AGE_DAYS - 1);

    expect(await pruneAddKeys(a.db)).toBeGreaterThanOrEqual(1);
    expect(await keyCount(uuidOld)).toBe(0);
    expect(await keyCount(uuidRecent)).toBe(1);
    // Within the limit a resend is still recognised; the record it made stays either way.
    expect(await addWith(uuidRecent, '近期请求')).toBe(recent);
    expect((await a.call(a.admin, 'GET', `/api/auto/key_note/${first}`)).status).toBe(200);
    // Past it the key is free again: the same uuid now makes a new record.
    const again = await addWith(uuidOld, '旧请求重发');
    expect(again).not.toBe(first);
  });

  it('a second prune finds nothing more to remove', async () => {
    await pruneAddKeys(a.db);
    expect(await pruneAddKeys(a.db)).toBe(0);
  });
});
