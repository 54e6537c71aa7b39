/**
 * Batch edit of a whole search as a job (批量修改, issue 17 item 3; ADR 0941):
 * `POST /api/auto/{form}/batchUpdate/job` queues the edit of every record a search matches — any
 * number, here 1,500 — and the client follows `GET /api/jobs/{id}`. One transaction: every record
 * through the single edit's write (version bumped, one log row each), or none when one is refused
 * or the job is cancelled.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitJob } from '../io/ioSupport.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
let tenantId: number;
let adminId: number;
const FORM = 'batch_job';
const CN = '批量任务单';
const BIG = 1500;

const DEF = {
  enName: FORM,
  cnName: CN,
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true },
    { enName: 'owner', label: '负责人', funcType: 'input', maxLength: 4 },
    { enName: 'state', label: '状态', funcType: 'select', selectMode: 0, options: [{ label: '进行中', value: 'doing' }, { label: '完成', value: 'done' }] },
    { enName: 'closer', label: '完成人', funcType: 'input', requiredCon: "${state} == 'done'" },
  ],
};

const table = () => sql.id(`t_${tenantId}`, FORM);
const search = (title: string) => ({ searchConList: [{ enName: 'title', title, searchType: 'like' }], pageNum: 1, pageSize: 20 });
const startJob = (body: unknown, token = a.admin) => a.call(token, 'POST', `/api/auto/${FORM}/batchUpdate/job`, body);
const editLogs = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM oper_log WHERE title = ${CN} AND business_type = 2`.execute(a.db)).rows[0].n);

/** `n` rows titled `{prefix}{i}` straight into the table (1,500 saves through the API would only slow the test). */
async function seed(prefix: string, n: number, closer: string | null = null): Promise<void> {
  await sql`INSERT INTO ${table()} (tenant_id, title, closer, sys_status) SELECT ${tenantId}, ${prefix} || g, ${closer}, 1 FROM generate_series(1, ${n}) g`.execute(a.db);
}

async function rows(prefix: string): Promise<{ id: number; owner: string | null; state: string | null; version: number }[]> {
  const r = await sql<{ id: string; owner: string | null; state: string | null; version: number }>`SELECT id, owner, state, version FROM ${table()} WHERE title LIKE ${`${prefix}%`} ORDER BY id`.execute(a.db);
  return r.rows.map((x) => ({ ...x, id: Number(x.id), version: Number(x.version) }));
}

beforeAll(async () => {
  a = await recordsApp();
  tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
  adminId = (await a.call(a.admin, 'GET', '/api/getInfo')).json.user.userId;
  for (const token of [a.admin, a.admin2]) {
    const r = await a.call(token, 'POST', '/api/flowable/form', DEF);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  await seed('大批', BIG);
});
afterAll(async () => a?.close());

describe('a whole search of 1,500 records', () => {
  it('is refused by the request, which points to the job, and written by the job: every record, versions bumped, one log row each', async () => {
    const sync = await a.call(a.admin, 'POST', `/api/auto/${FORM}/batchUpdate`, { query: search('大批'), data: { owner: '王五' } });
    expect([sync.status, sync.json.msg]).toEqual([400, '本次查询超过1000行，请以后台任务修改（batchUpdate/job）']);
    const before = await rows('大批');
    const logs = await editLogs();
    const r = await startJob({ formName: FORM, query: search('大批'), data: { owner: '王五' }, expectedCount: BIG });
    expect(r.json, JSON.stringify(r.json)).toMatchObject({ code: 200, msg: '批量修改任务已提交', data: { kind: 'batchEdit', title: `批量修改：${CN}` } });
    // Progress while it runs: the write phase counts up to the total. Read in-process: on PGlite
    // the transaction holds the one connection, so an HTTP call (its sign-in check reads the
    // database) waits for the commit; on PostgreSQL the status call answers meanwhile.
    const seen: { status: string; phase: string; done: number; total: number | null }[] = [];
    const viaHttp = testDatabaseKind() === 'postgres';
    await expect.poll(async () => {
      const j = viaHttp ? (await a.call(a.admin, 'GET', `/api/jobs/${r.json.data.jobId}`)).json.data : await a.app.jobs.get(tenantId, adminId, r.json.data.jobId);
      seen.push(j);
      return j.status;
    }, { timeout: 240_000, interval: 50 }).toMatch(/^(done|failed)$/);
    expect(seen.some((j) => j.phase === 'write' && j.total === BIG && j.done > 0 && j.done < BIG)).toBe(true);
    const end = (await a.call(a.admin, 'GET', `/api/jobs/${r.json.data.jobId}`)).json.data;
    expect(end).toMatchObject({ status: 'done', percent: 100, done: BIG, total: BIG, result: { success: true, updated: BIG, msg: `操作成功，已修改${BIG}行数据` } });
    const after = await rows('大批');
    expect(after.length).toBe(BIG);
    for (const [i, row] of after.entries()) expect([row.owner, row.version]).toEqual(['王五', before[i].version + 1]);
    expect((await editLogs()) - logs).toBe(BIG);
    // The owner is told in the message centre.
    const msg = await a.db.selectFrom('messages').select('title').where('title', '=', `批量修改完成：${CN}`).execute();
    expect(msg.length).toBe(1);
  }, 300_000);

  it('writes nothing when the job is cancelled midway', async () => {
    const before = await rows('大批');
    const logs = await editLogs();
    const r = await startJob({ query: search('大批'), data: { owner: '撤销' } });
    const jobId = r.json.data.jobId;
    // In-process on PGlite (see above); over HTTP on PostgreSQL.
    await expect.poll(async () => (await a.app.jobs.get(tenantId, adminId, jobId))?.done ?? 0, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    if (testDatabaseKind() === 'postgres') expect((await a.call(a.admin, 'POST', `/api/jobs/${jobId}/cancel`)).status).toBe(200);
    else await a.app.jobs.cancel(tenantId, adminId, jobId);
    expect((await waitJob(a, jobId)).status).toBe('cancelled');
    expect(await rows('大批')).toEqual(before);
    expect(await editLogs()).toBe(logs);
  });
});

describe('all or nothing', () => {
  it('one refused record fails the job, writes no record and reports the refused one', async () => {
    await seed('整批', 60, '钱七');
    const bad = (await rows('整批'))[17].id;
    await sql`UPDATE ${table()} SET closer = NULL WHERE id = ${bad}`.execute(a.db);
    const before = await rows('整批');
    const logs = await editLogs();
    const r = await startJob({ query: search('整批'), data: { state: 'done' } });
    const end = await waitJob(a, r.json.data.jobId);
    expect(end).toMatchObject({ status: 'failed', error: '1行数据未能修改，本次未作任何修改：完成人不能为空' });
    // The refused record named by its title (issue 27 item 5), the 18th seeded: 整批18.
    expect(end.result.errors).toEqual([{ field: `${bad}.closer`, message: '完成人不能为空', label: '整批18' }]);
    expect(await rows('整批')).toEqual(before);
    expect(await editLogs()).toBe(logs);
  });

  it('refuses a search whose count is not the one the user confirmed', async () => {
    const r = await startJob({ query: search('整批'), data: { owner: '孙八' }, expectedCount: 59 });
    const end = await waitJob(a, r.json.data.jobId);
    expect(end).toMatchObject({ status: 'failed', error: '查询结果已变化（确认时59行，现为60行），请重新确认' });
    expect((await rows('整批')).every((x) => x.owner === null)).toBe(true);
  });

  it('checks the body before queuing: selected ids, unknown fields, bad searches and counts are 400s', async () => {
    for (const body of [
      { ids: [1, 2], data: { owner: 'x' } },
      { query: search('整批'), data: { nope: 1 } },
      { query: { searchConList: 'x' }, data: { owner: 'x' } },
      { query: search('整批'), data: { owner: 'x' }, expectedCount: -1 },
      { query: search('整批'), data: { owner: '' } },
    ]) {
      const r = await startJob(body);
      expect(r.status, JSON.stringify(r.json)).toBe(400);
    }
  });
});

describe('permission and tenant', () => {
  it('needs a signed-in user, auto:{form}:edit, and the right to list the form', async () => {
    const res = await a.request({ method: 'POST', url: `/api/auto/${FORM}/batchUpdate/job`, body: { query: search('整批'), data: { owner: 'x' } } });
    expect(res.statusCode).toBe(401);
    const reader = await a.userWith('jobreader', [`auto:${FORM}:query`]);
    expect((await startJob({ query: search('整批'), data: { owner: 'x' } }, reader.token)).status).toBe(403);
    const blind = await a.userWith('jobblind', [`auto:${FORM}:edit`]);
    expect((await startJob({ query: search('整批'), data: { owner: 'x' } }, blind.token)).status).toBe(403);
    const editor = await a.userWith('jobeditor', [`auto:${FORM}:query`, `auto:${FORM}:edit`]);
    const r = await startJob({ query: search('整批'), data: { owner: '郑一' } }, editor.token);
    expect(r.status).toBe(200);
    // The job is its owner's: another user, even an admin of the tenant, sees 404.
    expect((await a.call(a.admin, 'GET', `/api/jobs/${r.json.data.jobId}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', `/api/jobs/${r.json.data.jobId}/cancel`)).status).toBe(404);
    expect((await waitJob(a, r.json.data.jobId, editor.token)).result).toMatchObject({ updated: 60 });
    expect((await rows('整批')).every((x) => x.owner === '郑一')).toBe(true);
  });

  it('never reaches another tenant: the same search there matches its own rows only', async () => {
    const r = await startJob({ query: search('大批'), data: { owner: '冯二' } }, a.admin2);
    const end = await waitJob(a, r.json.data.jobId, a.admin2);
    expect(end).toMatchObject({ status: 'failed', error: '没有需要修改的数据' });
    expect((await rows('大批')).every((x) => x.owner === '王五')).toBe(true);
  });

  it('refuses a type-2 view', async () => {
    const r = await a.call(a.admin, 'POST', '/api/auto/contract_payment_view/batchUpdate/job', { query: {}, data: { contract_name: 'x' } });
    expect([r.status, r.json.msg]).toEqual([400, '视图数据为只读，不能修改']);
  });
});
