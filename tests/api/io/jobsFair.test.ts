/**
 * Fair turns between tenants (issue 26 item 4; ADR 0806): while one tenant's long batch edit runs
 * (held at the runner's `claimed:batchEdit` point by the test hook JOB_TEST_PAUSE_AT, so "long"
 * does not depend on the machine's speed), another tenant's import runs and finishes, and the
 * first tenant's second job waits for its own turn; while one tenant's import is between two of
 * its committed chunks (held at `chunk:import`), another tenant's request is answered and sees
 * nothing of it (ADR 0807, 1064). Both databases.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, postImport, runImport, waitJob, workbook } from './ioSupport.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';

const dir = mkdtempSync(join(tmpdir(), 'formwork-jobs-fair-'));
const gate = join(dir, 'pause');
let a: RecordsApp;
const FORM = 'fair_jobs';

beforeAll(async () => {
  process.env.JOB_TEST_PAUSE_AT = `claimed:batchEdit=${gate}`;
  a = await recordsApp();
  await createForm(a, FORM);
  await createForm(a, FORM, a.admin2);
  const tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
  await sql`INSERT INTO ${sql.id(`t_${tenantId}`, FORM)} (tenant_id, title, sys_status) SELECT ${tenantId}, '大单' || g, 1 FROM generate_series(1, 300) g`.execute(a.db);
}, 300_000);
afterAll(async () => {
  if (existsSync(gate)) rmSync(gate);
  await a?.close();
  delete process.env.JOB_TEST_PAUSE_AT;
  rmSync(dir, { recursive: true, force: true });
});

const status = async (jobId: string, token = a.admin) => (await a.call(token, 'GET', `/api/jobs/${jobId}`)).json.data.status;

describe('jobs of two tenants', () => {
  it("another tenant's import finishes while one tenant's batch edit runs; the same tenant's next job waits its turn", async () => {
    writeFileSync(gate, '');
    const query = { searchConList: [{ enName: 'title', title: '大单', searchType: 'like' }], pageNum: 1, pageSize: 20 };
    const big = (await a.call(a.admin, 'POST', `/api/auto/${FORM}/batchUpdate/job`, { query, data: { title: '大单改' } })).json.data.jobId;
    await expect.poll(() => status(big), { timeout: 60_000, interval: 100 }).toBe('running');
    // The same tenant's second job: queued behind its first.
    const rows: unknown[][] = [['标题', '金额']];
    for (let i = 1; i <= 5; i++) rows.push([`小单${i}`, i]);
    const second = (await a.call(a.admin, 'POST', `/api/auto/${FORM}/batchUpdate/job`, { query: { ...query, searchConList: [{ enName: 'title', title: '无此单', searchType: 'like' }] }, data: { title: 'x' } })).json.data.jobId;
    // Another tenant's import runs and ends while the big job still holds its turn.
    const other = await runImport(a, FORM, 'small.xlsx', workbook(rows), false, a.admin2);
    expect(other.job).toMatchObject({ status: 'done', result: { success: true, imported: 5 } });
    expect(await status(big)).toBe('running');
    expect(await status(second)).toBe('queued');
    rmSync(gate);
    expect(await waitJob(a, big)).toMatchObject({ status: 'done', result: { updated: 300 } });
    // Then the tenant's next job gets its turn (its search matches nothing: it fails with that reason).
    expect(await waitJob(a, second)).toMatchObject({ status: 'failed', error: '没有需要修改的数据' });
  }, 180_000);

  it("another tenant's request is answered between an import's committed chunks", async () => {
    const held = join(dir, 'pause-chunk');
    writeFileSync(held, '');
    process.env.JOB_TEST_PAUSE_AT = `chunk:import=${held}`;
    try {
      const rows: unknown[][] = [['标题', '金额']];
      for (let i = 1; i <= 1000; i++) rows.push([`分段${i}`, i]);
      const r = await postImport(a, FORM, 'chunks.xlsx', workbook(rows), false);
      expect(r.status).toBe(200);
      const jobId = r.json.data.jobId;
      // Held after its first committed chunk of 250 rows.
      await expect.poll(async () => (await a.call(a.admin, 'GET', `/api/jobs/${jobId}`)).json.data, { timeout: 120_000, interval: 100 })
        .toMatchObject({ status: 'running', phase: 'write', done: 250 });
      const query = { searchConList: [{ enName: 'title', title: '分段', searchType: 'like' }], pageNum: 1, pageSize: 20 };
      const other = await a.call(a.admin2, 'POST', `/api/auto/${FORM}/list`, query);
      expect(other.status).toBe(200);
      expect(other.json.total).toBe(0);
      expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, query)).json.total).toBe(250);
      rmSync(held);
      expect(await waitJob(a, jobId)).toMatchObject({ status: 'done', result: { success: true, imported: 1000 } });
    } finally {
      if (existsSync(held)) rmSync(held);
      process.env.JOB_TEST_PAUSE_AT = `claimed:batchEdit=${gate}`;
    }
  }, 180_000);
});
