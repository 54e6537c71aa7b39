/**
 * 发票采集 of a period as a job (issue 31 item 3, ADR 1065): the platform's pages are read one by
 * one, and each page's invoices are written into the ledger in ONE transaction together with the
 * job's cursor (the page number, `jobs.checkpoint`); the last page's transaction also ends the job.
 * So a kill at any moment neither loses a committed page nor writes one twice: the next run
 * resumes after the cursor. An invoice is never added twice: each is looked up by code + number
 * in the page's transaction (the save's duplicate refusal backs it up), and one already held is
 * counted as skipped, or as updated when the platform reports another 发票状态 for it (written in
 * place through the normal edit, version-checked).
 * A cancel is read before each page: before the first page it ends the job with nothing written;
 * later, the pages already committed stay and the job ends cancelled with their counts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { HttpError } from '../http/HttpError.js';
import type { AuthUser } from '../auth/types.js';
import { requirePermission } from '../auth/permissions.js';
import { formPermission } from '../../shared/formPermissions.js';
import type { FormModel } from '../records/query/formModel.js';
import type { RecordCaller } from '../records/services/recordContext.js';
import { addRecord, editRecord } from '../records/services/recordWrite.js';
import { readMain } from '../records/repositories/recordWrites.js';
import { assertWritable } from '../records/services/writeGuard.js';
import type { SqlConditions } from '../records/services/sqlHide.js';
import type { JobUser } from '../records/io/jobUser.js';
import { insertMessages } from '../repositories/messageRepository.js';
import { jobTestPoint } from '../jobs/testHooks.js';
import { JobCancelledError, type JobHandler, type JobResult } from '../jobs/types.js';
import { ledgerFormName } from './invoiceLedger.js';
import { findLedgerInvoice, underSavepoint } from './ledgerRepository.js';
import { tenantProviderEnv } from './providerSettings.js';
import { configuredTaxPlatform, type CollectionQuery, type PlatformInvoice } from './taxPlatform.js';
import { ledgerData, ledgerModel, STATE_FIELD } from './taxPlatformService.js';

/** The job's kind in `jobs`. */
export const INVOICE_COLLECTION_JOB = 'invoiceCollection';

/**
 * The most pages one collection reads (a platform page holds tens to hundreds of invoices, so this
 * is far beyond any one company's month); beyond it the result says `truncated`. It only guards
 * against a platform whose page count never ends.
 */
export const MAX_COLLECTION_JOB_PAGES = 10_000;

/** Refused / draft invoices named in the result (the counts are complete). */
const NAMED = 200;

/** What the route stores for the job (checked there). */
export interface CollectionParams {
  query: CollectionQuery;
  user: JobUser & { tenantCode: string; tenantName: string };
  url: string;
  ip?: string;
}

interface Named { fphm: string; msg: string }

/** The cursor and the counts so far, committed with each page. */
export interface CollectionState {
  /** The last page committed (0: none yet). */
  page: number;
  /** The platform's page count as last reported. */
  pages: number;
  added: number;
  updated: number;
  skipped: number;
  drafts: Named[];
  failed: Named[];
  draftCount: number;
  failedCount: number;
}

const FRESH: CollectionState = { page: 0, pages: 0, added: 0, updated: 0, skipped: 0, drafts: [], failed: [], draftCount: 0, failedCount: 0 };

/** The checkpoint of an earlier, interrupted run of this job, or a fresh start. */
export function collectionCheckpoint(raw: Record<string, unknown> | null): CollectionState {
  if (!raw || typeof raw.page !== 'number') return { ...FRESH, drafts: [], failed: [] };
  const n = (k: keyof CollectionState) => (typeof raw[k] === 'number' ? (raw[k] as number) : 0);
  const list = (k: 'drafts' | 'failed') => (Array.isArray(raw[k]) ? (raw[k] as Named[]) : []);
  return {
    page: n('page'), pages: n('pages'), added: n('added'), updated: n('updated'), skipped: n('skipped'),
    drafts: list('drafts'), failed: list('failed'), draftCount: n('draftCount'), failedCount: n('failedCount'),
  };
}

/** The job's result: the counts, the named drafts and refusals, and a sentence for the owner's message. */
export function collectionResult(st: CollectionState, how: { truncated: boolean; cancelled: boolean }): JobResult {
  const drafts = st.draftCount ? `（其中 ${st.draftCount} 张已暂存，待补充后提交）` : '';
  const failed = st.failedCount ? `，失败 ${st.failedCount} 张` : '';
  const head = how.cancelled ? `已取消，已采集 ${st.page} 页` : '采集完成';
  const tail = how.truncated ? `。已达到单次采集的最大页数 ${MAX_COLLECTION_JOB_PAGES}，请缩短时间段后继续` : '';
  return {
    success: !how.cancelled, added: st.added, updated: st.updated, skipped: st.skipped,
    drafts: st.drafts, failed: st.failed, draftCount: st.draftCount, failedCount: st.failedCount,
    pages: st.page, truncated: how.truncated, cancelled: how.cancelled,
    msg: `${head}：新增 ${st.added} 张${drafts}，更新 ${st.updated} 张，已存在 ${st.skipped} 张${failed}${tail}`,
  };
}

/** The checks made before the job is queued (add permission on the ledger, a writable ledger); answers the ledger. */
export async function checkCollection(db: Kysely<Database>, user: AuthUser): Promise<FormModel> {
  requirePermission(user, formPermission(ledgerFormName(), 'add'));
  const model = await ledgerModel(db, user.tenantId);
  await assertWritable(db, model, user.tenantId, 'add');
  return model;
}

/** The caller a job acts as: the user who queued it (permissions were checked then). */
function callerOf(p: CollectionParams, tenantId: number): RecordCaller {
  const user: AuthUser = { ...p.user, tenantId, permissions: [], token: '' };
  return { user, url: p.url, method: 'POST', ip: p.ip };
}

const keep = (list: Named[], item: Named) => { if (list.length < NAMED) list.push(item); };

/**
 * Writes one invoice inside the page's transaction, under a savepoint: a refused save leaves the
 * page's other writes intact. Answers what happened to it.
 */
async function writeInvoice(trx: Kysely<Database>, model: FormModel, caller: RecordCaller, inv: PlatformInvoice, st: CollectionState, conditions: SqlConditions | undefined): Promise<void> {
  const tenantId = caller.user.tenantId;
  const held = await findLedgerInvoice(trx, model, tenantId, inv.fpdm, inv.fphm);
  if (held) {
    const r = inv.fpzt && model.main.fields.get(STATE_FIELD)?.columns.value ? await readMain(trx, model, tenantId, held.id) : undefined;
    if (!r || String(r[STATE_FIELD] ?? '') === inv.fpzt) {
      st.skipped++;
      return;
    }
    await attempt(trx, async () => {
      await editRecord(trx, model, caller, held.id, { data: { [STATE_FIELD]: inv.fpzt }, version: Number(r.version) }, Number(r.sys_status) === -1 ? 'stash' : 'save', conditions);
      st.updated++;
    }, (err) => {
      st.failedCount++;
      keep(st.failed, { fphm: inv.fphm, msg: err.message });
    });
    return;
  }
  const data = ledgerData(model, inv);
  let draftReason: string | null = null;
  await attempt(trx, async () => {
    await addRecord(trx, model, caller, { data }, 'save', conditions);
    st.added++;
  }, (err) => {
    // The platform does not give what the ledger requires (the invoice document, a type the
    // ledger has no option for): kept as a draft for the user to complete, with the reason.
    if (err.status === 409) st.skipped++;
    else if (err.status === 400) draftReason = err.message;
    else {
      st.failedCount++;
      keep(st.failed, { fphm: inv.fphm, msg: err.message });
    }
  });
  if (draftReason === null) return;
  const reason: string = draftReason;
  await attempt(trx, async () => {
    await addRecord(trx, model, caller, { data }, 'stash', conditions);
    st.added++;
    st.draftCount++;
    keep(st.drafts, { fphm: inv.fphm, msg: reason });
  }, (err) => {
    if (err.status === 409) st.skipped++;
    else {
      st.failedCount++;
      keep(st.failed, { fphm: inv.fphm, msg: err.message });
    }
  });
}

/** Runs `write` under a savepoint; a refusal (a 4xx) rolls back to it and is handed to `refused`, anything else fails the page. */
async function attempt(trx: Kysely<Database>, write: () => Promise<void>, refused: (err: HttpError) => void): Promise<void> {
  try {
    await underSavepoint(trx, write);
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    refused(err);
  }
}

const copy = (st: CollectionState): CollectionState => ({ ...st, drafts: [...st.drafts], failed: [...st.failed] });

/**
 * The handler. `conditions` runs the ledger's `$sql` hide conditions as a record save does, on
 * PostgreSQL; on PGlite the page's transaction holds the one connection the conditions' sandbox
 * would need, so they are not run there (the demo ledger has none; ADR 1065).
 */
export function invoiceCollectionJob(conditions: SqlConditions | undefined): JobHandler {
  return async (job, ctx) => {
    const p = job.params as unknown as CollectionParams;
    const caller = callerOf(p, job.tenantId);
    const model = await ledgerModel(ctx.db, job.tenantId);
    // Read at run time: the tenant may have changed its settings since the job was queued.
    const platform = configuredTaxPlatform(await tenantProviderEnv(ctx.db, job.tenantId));
    const cond = ctx.sharedConnection ? undefined : conditions;
    let st = collectionCheckpoint(job.checkpoint);
    // Ends the job in `trx` with the owner's message (the end commits with the last page's invoices).
    const end = async (trx: Kysely<Database>, s: CollectionState, how: { truncated: boolean; cancelled: boolean }) => {
      const result = collectionResult(s, how);
      const title = how.cancelled ? '发票采集已取消' : '发票采集完成';
      await insertMessages(trx, [{ tenantId: job.tenantId, userId: job.userId, title: `${title}：${model.form.cnName}`, content: String(result.msg) }]);
      await ctx.commit(trx, result, how.cancelled ? '任务已取消' : undefined, how.cancelled);
      return result;
    };
    await ctx.progress(st.page, st.pages || null, 'collect');
    for (;;) {
      // A stopping process gives the job back (its next run resumes after the cursor).
      if (ctx.stopping()) throw new JobCancelledError();
      if (ctx.cancelled()) {
        if (!st.page) throw new JobCancelledError();
        const done = st;
        return ctx.db.transaction().execute((trx) => end(trx, done, { truncated: false, cancelled: true }));
      }
      const page = st.page + 1;
      const got = await platform.collectInvoices(p.query, page);
      const next = copy(st);
      next.page = page;
      next.pages = Math.max(got.pages, page);
      const truncated = page >= MAX_COLLECTION_JOB_PAGES && got.pages > page;
      const last = page >= got.pages || !got.rows.length || page >= MAX_COLLECTION_JOB_PAGES;
      // The end commits with the last page, so its count goes in with it (a one-page period too).
      if (last) await ctx.progress(page, page, 'collect');
      const result = await ctx.db.transaction().execute(async (trx) => {
        for (const inv of got.rows) await writeInvoice(trx, model, caller, inv, next, cond);
        if (last) return end(trx, next, { truncated, cancelled: false });
        await ctx.checkpoint(trx, { ...next }, page);
        return null;
      });
      st = next;
      if (result) return result;
      await jobTestPoint(`chunk:${job.kind}`);
      await ctx.progress(page, next.pages, 'collect');
    }
  };
}
