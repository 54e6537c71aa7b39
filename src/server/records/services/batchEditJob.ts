/**
 * The batch edit job (批量修改 of a whole search above 1,000 records; issue 17, ADR 0941): the
 * request's write (recordBatchEdit.batchEditRecords) run by the job runner — every matching
 * record through recordWrite.applyEdit in ONE transaction on PostgreSQL, in short committed
 * chunks on PGlite (batchEditChunks.ts, ADR 0806), all or nothing, with progress and cancel. A
 * refusal fails the job with the refused records in its result (`{msg, errors}`). The job's end
 * commits with the records; records changed after the job was queued are not overwritten.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldError } from '../../../shared/envelope.js';
import { JobCancelledError, type JobHandler, type JobResult } from '../../jobs/types.js';
import { jobTestPoint } from '../../jobs/testHooks.js';
import type { ChunkHooks, ChunkState } from './batchEditSteps.js';
import type { AuthUser } from '../../auth/types.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import type { JobUser } from '../io/jobUser.js';
import { batchEditRecords, BATCH_JOB_MAX_ROWS, REPORT_REFUSALS } from './recordBatchEdit.js';
import { loadModel, type RecordCaller } from './recordContext.js';
import type { SqlConditions } from './sqlHide.js';

/** What a batch edit job keeps in its params (checked by the route: parseBatchEdit). */
export interface BatchEditParams {
  form: string;
  data: Record<string, unknown>;
  query: Record<string, unknown>;
  expectedCount: number | null;
  user: JobUser & { tenantCode: string; tenantName: string };
  /** The call that started it, for the operation log's rows. */
  url: string;
  ip?: string;
}

/** The job's kind in `jobs`. */
export const BATCH_EDIT_JOB = 'batchEdit';

/** The caller a job acts as: the user who started it (permissions were checked when it was queued). */
function callerOf(p: BatchEditParams, tenantId: number): RecordCaller {
  const user: AuthUser = { ...p.user, tenantId, permissions: [], token: '' };
  return { user, url: p.url, method: 'POST', ip: p.ip };
}

/** The handler; `conditions` runs the form's `$sql` hide conditions as the request would. */
export function batchEditJob(conditions: SqlConditions): JobHandler {
  return async (job, ctx): Promise<JobResult> => {
    const p = job.params as unknown as BatchEditParams;
    const model = await loadModel(ctx.db, job.tenantId, p.form);
    const edit = { data: p.data, ids: null, query: p.query, expectedCount: p.expectedCount };
    let answer: JobResult | null = null;
    // Voided and in-approval records a search skips (issue 27 item 5), known before writing starts.
    let skipped = 0;
    const skippedText = () => (skipped ? `，跳过${skipped}行（已作废或审批中）` : '');
    // The records, the owner's message and the job's end commit in one transaction (ADR 0806).
    const end = async (trx: Kysely<Database>, updated: number, refused: FieldError[]) => {
      const records = new Set(refused.map((r) => r.field.split('.')[0])).size;
      const error = refused.length ? `已修改${updated}行数据，${records}行数据已被他人修改，未覆盖` : undefined;
      const msg = error ?? `操作成功，已修改${updated}行数据${skippedText()}`;
      answer = error ? { success: false, updated, skipped, msg, errors: refused.slice(0, REPORT_REFUSALS) } : { success: true, updated, skipped, msg };
      await insertMessages(trx, [{ tenantId: job.tenantId, userId: job.userId, title: `${error ? '批量修改未全部完成' : '批量修改完成'}：${model.form.cnName}`, content: msg }]);
      await ctx.commit(trx, answer, error);
    };
    const chunks: ChunkHooks | undefined = ctx.sharedConnection ? {
      start: (job.checkpoint as ChunkState | null) ?? null,
      checkpoint: (trx, state) => ctx.checkpoint(trx, { ...state }, state.updated),
      finish: end,
      throwIfStopping: () => { if (ctx.stopping()) throw new JobCancelledError(); },
      afterChunk: () => jobTestPoint(`chunk:${job.kind}`),
    } : undefined;
    const r = await batchEditRecords(ctx.db, model, callerOf(p, job.tenantId), edit, conditions, BATCH_JOB_MAX_ROWS, {
      progress: (done, total, phase) => ctx.progress(done, total, phase),
      throwIfCancelled: () => ctx.throwIfCancelled(),
      // A job re-queued after a newer write (by a user or a later job) must not overwrite it.
      since: job.createTime,
      onSkipped: (n) => { skipped = n; },
      beforeCommit: chunks ? undefined : (trx, w) => end(trx, w.updated, []),
      chunks,
    });
    return answer ?? { success: true, updated: r.updated, skipped: r.skipped, msg: `操作成功，已修改${r.updated}行数据${skippedText()}` };
  };
}
