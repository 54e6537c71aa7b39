/**
 * Export jobs in a worker thread (PostgreSQL, ADR 0804): the worker's file equals the main
 * thread's, sub-form sheets and files included, and a cancel stops the worker midway and leaves
 * no result. EXPORT_WORKER_ROWS=0 sends every export to the worker here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { settledJob } from '../support/waitFor.js';
import { addRecord, createForm, postImport, runExport, sheets, workbook } from './ioSupport.js';

const ROWS = 30_000;
let a: RecordsApp;

async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
  }
}

describe.runIf(testDatabaseKind() === 'postgres')('export in a worker thread', () => {
  beforeAll(async () => {
    a = await recordsApp();
    await createForm(a, 'io_big');
    const rows: unknown[][] = [['标题', '金额', '签订日期']];
    for (let i = 0; i < ROWS; i++) rows.push([i % 7 ? `中文标题${i}` : `=HYPERLINK("x${i}")`, i + 0.25, '2026-03-01']);
    // expect.poll (runImport's wait) is for tests only: beforeAll waits with settledJob.
    const { jobId } = (await postImport(a, 'io_big', 'big.xlsx', workbook(rows), false)).json.data;
    const imported = await settledJob(async () => (await a.call(a.admin, 'GET', `/api/jobs/${jobId}`)).json.data, { timeoutMs: 120_000, intervalMs: 200 });
    if (imported.status !== 'done') throw new Error(`import ${imported.status}: ${JSON.stringify(imported)}`);
    await createForm(a, 'io_small');
    await addRecord(a, 'io_small', { title: '第一单', amount: 12.5, kind: 'a', lines: [{ item: '螺丝', price: 2 }] });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
  });

  it('writes the same workbook as the main thread', async () => {
    const body = { currentColumns: ['title', 'amount', 'signed'], queryMap: { sysOrderBy: { field: 'amount', order: 'desc' } } };
    const inWorker = await withEnv({ EXPORT_WORKER_ROWS: '0' }, () => runExport(a, 'io_big', body));
    const inMain = await withEnv({ EXPORT_WORKER: 'off' }, () => runExport(a, 'io_big', body));
    expect(inWorker.job.status).toBe('done');
    expect(inWorker.job.result.rows).toBe(ROWS);
    const w = sheets(inWorker.file!.body)['订单'];
    expect(w).toHaveLength(ROWS + 1);
    // 签订日期 is an Excel date cell (issue 27 item 4): 2026-03-01 is day 46082.
    expect(w[1]).toEqual([`中文标题${ROWS - 1}`, ROWS - 1 + 0.25, 46082]);
    expect(w.find((r) => String(r[0]).includes('HYPERLINK'))![0]).toMatch(/^'=HYPERLINK/);
    expect(w).toEqual(sheets(inMain.file!.body)['订单']);

    const small = { currentColumns: ['title', 'amount', 'kind'], subFormColumns: [{ formName: 'lines', columns: ['item', 'price'] }] };
    const s1 = await withEnv({ EXPORT_WORKER_ROWS: '0' }, () => runExport(a, 'io_small', small));
    expect(sheets(s1.file!.body)).toEqual({ 订单: [['标题', '金额', '类别'], ['第一单', 12.5, '甲']], 明细: [['主表序号', '品名', '单价'], [1, '螺丝', 2]] });
    // One line per sub-row: the sub-rows are read in the worker's snapshot, beside the main rows.
    const s2 = await withEnv({ EXPORT_WORKER_ROWS: '0' }, () => runExport(a, 'io_small', { ...small, exportByLine: true }));
    expect(sheets(s2.file!.body)).toEqual({ 订单: [['标题', '金额', '类别', '明细-品名', '明细-单价'], ['第一单', 12.5, '甲', '螺丝', 2]] });
  }, 120_000);

  it('is cancellable midway: the worker stops and no file is left', async () => {
    await withEnv({ EXPORT_WORKER_ROWS: '0' }, async () => {
      const r = await a.call(a.admin, 'POST', '/api/auto/io_big/export', { currentColumns: ['title', 'amount', 'signed'] });
      const jobId = r.json.data.jobId;
      const owner = (await a.db.selectFrom('jobs' as any).select(['tenant_id as tenantId', 'user_id as userId'] as any).where('id' as any, '=', jobId).executeTakeFirstOrThrow()) as { tenantId: number; userId: number };
      await expect.poll(async () => {
        const d = await a.app.jobs.get(owner.tenantId, owner.userId, jobId);
        return d?.phase === 'export' && d.done > 0;
      }, { timeout: 60_000, interval: 10 }).toBe(true);
      expect((await a.call(a.admin, 'POST', `/api/jobs/${jobId}/cancel`)).status).toBe(200);
      let end: any;
      await expect.poll(async () => {
        end = (await a.call(a.admin, 'GET', `/api/jobs/${jobId}`)).json.data;
        return end.status;
      }, { timeout: 60_000, interval: 100 }).toBe('cancelled');
      expect(end.downloadUrl ?? null).toBeNull();
      expect(end.done).toBeLessThan(ROWS);
    });
  }, 120_000);
});
