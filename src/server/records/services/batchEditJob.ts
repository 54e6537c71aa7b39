/**
 * The batch edit job (批量修改 of a whole search above 1,000 records; issue 17, ADR 0941): the
 * request's write (recordBatchEdit.batchEditRecords) run by the job runner — every matching
 * record through recordWrite.applyEdit in ONE transaction, all or nothing, with progress and
 * cancel. A refusal fails the job with the refused records in its result (`{msg, errors}`).
 */
import type { JobHandler, JobResult } from '../../jobs/types.js';
import type { AuthUser } from '../../auth/types.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import type { JobUser } from '../io/exportJob.js';
import { batchEditRecords, BATCH_JOB_MAX_ROWS } from './recordBatchEdit.js';
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
    const r = await batchEditRecords(ctx.db, model, callerOf(p, job.tenantId), edit, conditions, BATCH_JOB_MAX_ROWS, {
      progress: (done, total, phase) => ctx.progress(done, total, phase),
      throwIfCancelled: () => ctx.throwIfCancelled(),
    });
    const msg = `操作成功，已修改${r.updated}行数据`;
    await insertMessages(ctx.db, [{ tenantId: job.tenantId, userId: job.userId, title: `批量修改完成：${model.form.cnName}`, content: msg }]);
    return { success: true, updated: r.updated, msg };
  };
}
