/**
 * 发票采集 of a large period as a job (issue 31 item 3, ADR 1065) against the loopback fake
 * platform serving many pages: progress in pages, every invoice once (the platform listing one
 * twice, one already held), 发票状态 updated in place for a held invoice, cancel keeping the
 * committed pages, a run interrupted inside a page's transaction resumed after its cursor (the
 * handler run twice with the checkpoint the first run committed), another tenant's job unseen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, JobResult, JobRow } from '../../../src/server/jobs/types.js';
import { INVOICE_COLLECTION_JOB, invoiceCollectionJob, type CollectionParams } from '../../../src/server/invoices/invoiceCollectionJob.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { settledJob } from '../support/waitFor.js';
import { startFakeTaxPlatform, type FakeTaxPlatform } from '../support/taxPlatformFake.js';
import type { PlatformInvoice } from '../../../src/server/invoices/taxPlatform.js';

const CODE = '044031900222';
const inv = (n: number, kprq: string): PlatformInvoice => ({
  fplxdm: '01', fpdm: CODE, fphm: String(70_000_000 + n), kprq, je: '100.00', se: '13.00', jshj: '113.00', xfmc: '某某钢材有限公司', xfsh: '91440300MA5XXXX12K', fpzt: '0',
});
const ENV = ['TAX_PLATFORM_URL', 'TAX_PLATFORM_APP_KEY', 'TAX_PLATFORM_APP_SECRET'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
/** Three periods: a large one (60 invoices + one listed twice = 13 pages of 5), a slow one to cancel, one for the interrupted run. */
const LARGE = { sjlx: '1', fplxdm: ['01'], cjksrq: '20261101000000', cjjsrq: '20261130235959' };
const SLOW = { ...LARGE, cjksrq: '20261201000000', cjjsrq: '20261231235959' };
const CRASH = { ...LARGE, cjksrq: '20270101000000', cjjsrq: '20270131235959' };

let a: RecordsApp;
let fake: FakeTaxPlatform;
let slow: FakeTaxPlatform;

const large = Array.from({ length: 60 }, (_, i) => inv(i, `202611${String(1 + (i % 28)).padStart(2, '0')}`));

async function ledgerNumbers(token: string, prefix: string): Promise<string[]> {
  const res = await a.call(token, 'POST', '/api/auto/auto_fptz/list', { pageNum: 1, pageSize: 1000 });
  expect(res.status).toBe(200);
  return (res.json.rows as Record<string, any>[]).map((r) => String(r.invoice_no)).filter((n) => n.startsWith(prefix));
}

function settle(token: string, jobId: string): Promise<Record<string, any>> {
  return settledJob(async () => (await a.call(token, 'GET', `/api/jobs/${jobId}`)).json.data);
}

const configure = (url: string) => Object.assign(process.env, { TAX_PLATFORM_URL: url, TAX_PLATFORM_APP_KEY: 'k', TAX_PLATFORM_APP_SECRET: 's' });

beforeAll(async () => {
  const slowOnes = Array.from({ length: 40 }, (_, i) => inv(200 + i, `202612${String(1 + (i % 28)).padStart(2, '0')}`));
  const crashOnes = Array.from({ length: 20 }, (_, i) => inv(400 + i, `202701${String(1 + (i % 28)).padStart(2, '0')}`));
  // The platform lists invoice 7 a second time on a later page.
  fake = await startFakeTaxPlatform({ appKey: 'k', appSecret: 's', pageSize: 5, invoices: [...large.slice(0, 30), { ...large[7] }, ...large.slice(30), ...crashOnes] });
  slow = await startFakeTaxPlatform({ appKey: 'k', appSecret: 's', pageSize: 2, collectDelayMs: 400, invoices: slowOnes });
  a = await recordsApp();
});
afterAll(async () => {
  await a?.close();
  await fake?.close();
  await slow?.close();
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('发票采集 as a job', () => {
  it('reads every page of a large period with progress; each invoice once; a held one skipped or its 发票状态 updated', async () => {
    configure(fake.url);
    // Held before: invoice 3 with the same state (skipped), invoice 4 with another (updated in place).
    for (const [n, state] of [[3, '0'], [4, '1']] as const) {
      const r = await a.call(a.admin, 'POST', '/api/auto/stash/auto_fptz/add', { data: { invoice_code: CODE, invoice_no: String(70_000_000 + n), invoice_type: '01', invoice_date: '2026-11-04', seller: '某某钢材有限公司', amount: 100, invoice_state: state } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    const res = await a.call(a.admin, 'POST', '/api/flowable/form/elephant/vatInvoiceCollection', LARGE);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.msg).toBe('发票采集任务已提交');
    expect(res.json.data).toMatchObject({ kind: INVOICE_COLLECTION_JOB, title: '发票采集：发票台账' });
    const job = await settle(a.admin, res.json.data.jobId);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'done', done: 13, total: 13, percent: 100 });
    // 61 listed: 58 added (as drafts: no invoice document), 1 updated, 2 skipped (the held one, the repeat).
    expect(job.result).toMatchObject({ added: 58, updated: 1, skipped: 2, draftCount: 58, failedCount: 0, pages: 13, truncated: false, cancelled: false });
    expect(job.result.msg).toBe('采集完成：新增 58 张（其中 58 张已暂存，待补充后提交），更新 1 张，已存在 2 张');
    expect(fake.requests.filter((r) => r.path === '/invoices/collect').map((r) => r.body.page)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const numbers = await ledgerNumbers(a.admin, '700000');
    expect(numbers).toHaveLength(60);
    expect(new Set(numbers).size).toBe(60);
    const rows = (await a.call(a.admin, 'POST', '/api/auto/auto_fptz/list', { pageNum: 1, pageSize: 1000 })).json.rows as Record<string, any>[];
    expect(rows.find((r) => r.invoice_no === '70000004')!.invoice_state).toBe('0');
    // The owner is told in the message centre.
    const msgs = await a.db.selectFrom('messages').select(['title', 'content']).where('title', '=', '发票采集完成：发票台账').execute();
    expect(msgs.map((m) => m.content)).toContain(job.result.msg);

    // Run again: nothing is added twice.
    const again = await settle(a.admin, (await a.call(a.admin, 'POST', '/api/flowable/form/elephant/vatInvoiceCollection', LARGE)).json.data.jobId);
    expect(again.result).toMatchObject({ added: 0, updated: 0, skipped: 61 });
    expect(await ledgerNumbers(a.admin, '700000')).toHaveLength(60);
  }, 120_000);

  it('cancel: the pages committed stay, the job ends cancelled with their counts; another tenant can neither see nor cancel it', async () => {
    configure(slow.url);
    const res = await a.call(a.admin, 'POST', '/api/flowable/form/elephant/vatInvoiceCollection', SLOW);
    const id = res.json.data.jobId as string;
    await expect.poll(async () => (await a.call(a.admin, 'GET', `/api/jobs/${id}`)).json.data.done, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    const running = (await a.call(a.admin, 'GET', `/api/jobs/${id}`)).json.data;
    expect(running).toMatchObject({ status: 'running', phase: 'collect', total: 20 });
    expect((await a.call(a.admin2, 'GET', `/api/jobs/${id}`)).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', `/api/jobs/${id}/cancel`)).status).toBe(404);
    expect((await a.call(a.admin, 'POST', `/api/jobs/${id}/cancel`)).status).toBe(200);
    const job = await settle(a.admin, id);
    expect(job.status).toBe('cancelled');
    expect(job.result).toMatchObject({ cancelled: true, success: false });
    expect(job.result.pages).toBeGreaterThanOrEqual(2);
    expect(job.result.pages).toBeLessThan(20);
    // Exactly the committed pages' invoices are in the ledger.
    const numbers = await ledgerNumbers(a.admin, '700002');
    expect(numbers).toHaveLength(job.result.added);
    expect(job.result.added).toBe(job.result.pages * 2);
    // The other tenant's ledger has none of them.
    expect(await ledgerNumbers(a.admin2, '700002')).toEqual([]);
  }, 120_000);

  it('a run interrupted inside a page\'s transaction resumes after the last committed page: every invoice once', async () => {
    configure(fake.url);
    const admin = await a.db.selectFrom('users').innerJoin('tenants', 'tenants.id', 'users.tenant_id').select(['users.id', 'users.tenant_id'])
      .where('tenants.code', '=', 'DEFAULT').where('users.user_name', '=', 'admin').executeTakeFirstOrThrow();
    const params: CollectionParams = {
      query: CRASH, url: '/api/flowable/form/elephant/vatInvoiceCollection',
      user: { userId: Number(admin.id), userName: 'admin', nickName: 'admin', deptId: null, roleKeys: ['admin'], roleNames: ['管理员'], tenantCode: 'DEFAULT', tenantName: 'DEFAULT' },
    };
    let checkpoint: Record<string, unknown> | null = null;
    let ended: JobResult | null = null;
    const crashAt = { page: 3 as number | null };
    const handler = invoiceCollectionJob(undefined);
    const row = (): JobRow => ({
      id: '00000000-0000-0000-0000-000000000000', tenantId: Number(admin.tenant_id), userId: Number(admin.id), kind: INVOICE_COLLECTION_JOB, title: '', status: 'running', phase: 'collect',
      done: 0, total: null, params: params as unknown as Record<string, unknown>, result: null, error: null, cancelRequested: false, attempts: 1, createTime: new Date(), finishTime: null, expiresAt: null, checkpoint,
    });
    // The runner's context, with the kill simulated: the third page's transaction fails after its
    // invoices were written, before its cursor commits (a kill there rolls the page back).
    const ctx: JobContext = {
      db: a.db, store: undefined as never, sharedConnection: a.database.kind !== 'postgres',
      progress: async () => {}, cancelled: () => false, stopping: () => false, throwIfCancelled: () => {},
      checkpoint: async (_trx, state, done) => {
        if (done === crashAt.page) throw new Error('simulated kill');
        checkpoint = state;
      },
      commit: async (_trx, result) => { ended = result; },
    };
    await expect(handler(row(), ctx)).rejects.toThrow('simulated kill');
    expect(checkpoint).toMatchObject({ page: 2, added: 10 });
    expect(await ledgerNumbers(a.admin, '700004')).toHaveLength(10);
    crashAt.page = null;
    const result = await handler(row(), ctx);
    expect(ended).toEqual(result);
    expect(result).toMatchObject({ added: 20, skipped: 0, pages: 4 });
    const numbers = await ledgerNumbers(a.admin, '700004');
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers).size).toBe(20);
  }, 120_000);

  it('a user without add on 发票台账 is refused before anything is queued; the platform is not called', async () => {
    configure(fake.url);
    const viewer = await a.userWith('collectview', ['auto:auto_fptz:query', 'auto:auto_fptz:edit']);
    const calls = fake.requests.length;
    const res = await a.call(viewer.token, 'POST', '/api/flowable/form/elephant/vatInvoiceCollection', LARGE);
    expect(res.status).toBe(403);
    expect(fake.requests.length).toBe(calls);
  });
});
