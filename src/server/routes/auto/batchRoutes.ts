/**
 * `POST /api/auto/{form}/batchUpdate`: batch edit (批量修改) of selected records or of a search of
 * up to 1,000 records, in the request; `POST /api/auto/{form}/batchUpdate/job`: the same edit of a
 * whole search of any size, as a job followed at /api/jobs/{id} (docs/api-records.md, ADR 0941);
 * `POST /api/auto/{form}/batchUpdate/count`: a search's count for the confirmation, with the
 * records the edit skips.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import type { AuthUser } from '../../auth/types.js';
import { loadModel } from '../../records/services/recordContext.js';
import { formPerm, requireListAccess } from '../../records/services/formPermissions.js';
import { batchEditRecords, countBatchTargets, parseBatchEdit } from '../../records/services/recordBatchEdit.js';
import type { BatchEdit } from '../../records/services/batchEditSteps.js';
import { compileList } from '../../records/query/listQuery.js';
import { readerOf, systemReader } from '../../records/services/dataScope.js';
import { BATCH_EDIT_JOB, batchEditJob, type BatchEditParams } from '../../records/services/batchEditJob.js';
import { assertWritable } from '../../records/services/writeGuard.js';
import type { FormModel } from '../../records/query/formModel.js';
import type { SqlConditions } from '../../records/services/sqlHide.js';
import { callerOf, objectBody } from './caller.js';
import { jobUser } from './ioRoutes.js';
import { jobDto } from '../jobs/index.js';
import { BatchCountAnswer, BatchEditAnswer, FormPath } from '../../../shared/contract/records.js';
import { JobAnswer } from '../../../shared/contract/jobs.js';

/** Registers the batch edit calls and the batch edit job. */
export const autoBatchRoutes: ContractPlugin = async (app) => {
  const conditions: SqlConditions = { database: app.database, options: { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs } };
  app.jobs.register(BATCH_EDIT_JOB, batchEditJob(conditions));

  /** The checks both calls make; answers the form's model and the parsed edit. */
  const checked = async (request: { params: { form: string }; body: unknown; user: AuthUser }): Promise<{ model: FormModel; edit: BatchEdit }> => {
    const { form } = request.params;
    // A batch edit is an edit of each record: the edit permission, as for a single save.
    requirePermission(request.user, formPerm(form, 'edit'));
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, form);
    // A type-2 view takes no write (voided records are refused one by one, and reported).
    await assertWritable(app.db, model, request.user.tenantId, 'check');
    const edit = parseBatchEdit(model, body, request.user.tenantId);
    // A whole search reads the list: the caller must be allowed to list it.
    if (edit.query) await requireListAccess(app.db, request.user, form, edit.query);
    return { model, edit };
  };

  app.post('/auto/:form/batchUpdate', { schema: { params: FormPath, response: { 200: BatchEditAnswer } } }, async (request) => {
    const { model, edit } = await checked(request);
    return ok(await batchEditRecords(app.db, model, callerOf(request), edit, conditions));
  });

  // The confirmation's count of a search (issue 27 item 5): all matches, and the voided and
  // in-approval ones a batch edit skips. The same checks as the edit, without its values.
  app.post('/auto/:form/batchUpdate/count', { schema: { params: FormPath, response: { 200: BatchCountAnswer } } }, async (request) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'edit'));
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, form);
    await assertWritable(app.db, model, request.user.tenantId, 'check');
    const q = body.query;
    if (!q || typeof q !== 'object' || Array.isArray(q)) throw badRequest('请提供 query');
    const { pageNum: _p, pageSize: _s, ...query } = q as Record<string, unknown>;
    compileList(model, { ...query, pageNum: 1, pageSize: 10 }, systemReader(request.user.tenantId));
    await requireListAccess(app.db, request.user, form, query);
    return ok(await countBatchTargets(app.db, model, query, await readerOf(app.db, request.user, form)));
  });

  app.post('/auto/:form/batchUpdate/job', { schema: { params: FormPath, response: { 200: JobAnswer } } }, async (request) => {
    const { model, edit } = await checked(request);
    // Selected rows (at most 1,000) are edited in the request; the job is for a whole search.
    if (!edit.query) throw badRequest('后台任务只修改查询结果，请提供 query');
    const u = request.user;
    const params: BatchEditParams = {
      form: model.form.enName, data: edit.data, query: edit.query, expectedCount: edit.expectedCount,
      user: { ...jobUser(u), tenantCode: u.tenantCode, tenantName: u.tenantName }, url: request.url, ip: request.ip,
    };
    const job = await app.jobs.enqueue({
      tenantId: u.tenantId, userId: u.userId, kind: BATCH_EDIT_JOB, title: `批量修改：${model.form.cnName}`, params: params as unknown as Record<string, unknown>,
    });
    return ok(jobDto(job), '批量修改任务已提交');
  });
};
