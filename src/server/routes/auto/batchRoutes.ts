/** `POST /api/auto/{form}/batchUpdate`: batch edit (批量修改) of selected records or of a whole search (docs/api-records.md). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { loadModel } from '../../records/services/recordContext.js';
import { formPerm, requireListAccess } from '../../records/services/formPermissions.js';
import { batchEditRecords, parseBatchEdit } from '../../records/services/recordBatchEdit.js';
import { assertWritable } from '../../records/services/writeGuard.js';
import type { SqlConditions } from '../../records/services/sqlHide.js';
import { callerOf, objectBody } from './caller.js';
import { BatchEditAnswer, FormPath } from '../../../shared/contract/records.js';

/** Registers the batch edit. */
export const autoBatchRoutes: ContractPlugin = async (app) => {
  const conditions: SqlConditions = { database: app.database, options: { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs } };

  app.post('/auto/:form/batchUpdate', { schema: { params: FormPath, response: { 200: BatchEditAnswer } } }, async (request) => {
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
    return ok(await batchEditRecords(app.db, model, callerOf(request), edit, conditions));
  });
};
