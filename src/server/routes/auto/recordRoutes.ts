/** Write and detail calls of a form's records (spec 01 §7, CONTRACT.md §7). */
import { randomUUID } from 'node:crypto';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { hasPermission, requirePermission } from '../../auth/permissions.js';
import { loadModel } from '../../records/services/recordContext.js';
import { formPerm, requireFormPermission, requireKnownForm } from '../../records/services/formPermissions.js';
import { addRecord, editRecord, type SaveMode } from '../../records/services/recordWrite.js';
import type { SqlConditions } from '../../records/services/sqlHide.js';
import { recordCopy, recordDetail } from '../../records/services/recordRead.js';
import { assertInScope, readerOf } from '../../records/services/dataScope.js';
import { deleteRecords, precheck, voidRecords } from '../../records/services/recordRemove.js';
import { parseIds } from '../../records/repositories/recordQueries.js';
import { assertNotView, assertWritable } from '../../records/services/writeGuard.js';
import { isViewModel, viewRowSource } from '../../records/services/viewRows.js';
import { callerOf, idParam } from './caller.js';
import { CheckPath, DoneEnvelope, DraftPath, FormPath, FreshUuid, PrecheckAnswer, RecordDetail, RecordPath, SavedRecord } from '../../../shared/contract/records.js';

function idsOf(body: unknown): number[] {
  const b = body as { ids?: unknown } | null;
  return parseIds(b && !Array.isArray(b) && typeof b === 'object' ? b.ids : body);
}

/** Registers uuid, add, detail, copy, edit, stash, push, checks, delete and void. */
export const autoRecordRoutes: ContractPlugin = async (app) => {
  // A save runs the form's `$sql` hide conditions as the `/hide` call does (hideRoutes.ts closes the sandbox).
  const conditions: SqlConditions = { database: app.database, options: { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs } };
  app.get('/auto/uuid/get', { schema: { response: { 200: FreshUuid } } }, async () => ok(randomUUID()));

  app.post('/auto/:form/add', { schema: { params: FormPath, response: { 200: SavedRecord } } }, async (request) => {
    const { form } = request.params;
    // Spec 01 §1: the `?from=flow` add page of a flow form is for holders of list:root (issue 18).
    const viaFlowRoot = !hasPermission(request.user, formPerm(form, 'add')) && hasPermission(request.user, formPerm(form, 'list:root'));
    if (!viaFlowRoot && !hasPermission(request.user, formPerm(form, 'add'))) await requireKnownForm(app.db, request.user.tenantId, form);
    if (!viaFlowRoot) requirePermission(request.user, formPerm(form, 'add'));
    const model = await loadModel(app.db, request.user.tenantId, form);
    if (viaFlowRoot && !model.form.definition.hasFlow) requirePermission(request.user, formPerm(form, 'add'));
    await assertWritable(app.db, model, request.user.tenantId, 'add');
    return ok(await addRecord(app.db, model, callerOf(request), request.body, 'save', conditions));
  });

  app.get('/auto/:form/:id', { schema: { params: RecordPath, response: { 200: RecordDetail } } }, async (request) => {
    const { form } = request.params;
    await requireFormPermission(app.db, request.user, form, formPerm(form, 'query'), formPerm(form, 'list:root'), formPerm(form, 'edit'));
    const model = await loadModel(app.db, request.user.tenantId, form);
    if (isViewModel(model)) {
      // A view row's detail is its source record (`{id}@{data_table}`), read as the source form's detail.
      const source = viewRowSource(model, request.params.id);
      requirePermission(request.user, formPerm(source.form, 'query'), formPerm(source.form, 'list:root'), formPerm(source.form, 'edit'));
      const sourceModel = await loadModel(app.db, request.user.tenantId, source.form);
      return ok({ ...(await recordDetail(app.db, sourceModel, await readerOf(app.db, request.user, source.form), source.id)), data_table: source.form });
    }
    return ok(await recordDetail(app.db, model, await readerOf(app.db, request.user, form), idParam(request.params.id)));
  });

  app.get('/auto/:form/:id/copy', { schema: { params: RecordPath, response: { 200: RecordDetail } } }, async (request) => {
    const { form } = request.params;
    // Spec 01 §6: a copy needs add (or list:root).
    await requireFormPermission(app.db, request.user, form, formPerm(form, 'add'), formPerm(form, 'list:root'));
    const model = await loadModel(app.db, request.user.tenantId, form);
    return ok(await recordCopy(app.db, model, await readerOf(app.db, request.user, form), idParam(request.params.id)));
  });

  app.post('/auto/:form/edit/:id', { schema: { params: RecordPath, response: { 200: SavedRecord } } }, async (request) => {
    await requireFormPermission(app.db, request.user, request.params.form, formPerm(request.params.form, 'edit'));
    const model = await loadModel(app.db, request.user.tenantId, request.params.form);
    assertNotView(model);
    const id = idParam(request.params.id);
    await assertInScope(app.db, model, request.user, [id]);
    await assertWritable(app.db, model, request.user.tenantId, 'edit', [id]);
    return ok(await editRecord(app.db, model, callerOf(request), id, request.body, 'save', conditions));
  });

  const draft = (mode: SaveMode) => async (request: { params: { form: string; x: string } } & Parameters<typeof callerOf>[0]) => {
    const { form, x } = request.params;
    const model = await loadModel(app.db, request.user.tenantId, form);
    if (x === 'add') {
      requirePermission(request.user, formPerm(form, 'add'));
      await assertWritable(app.db, model, request.user.tenantId, 'add');
      return ok(await addRecord(app.db, model, callerOf(request), request.body, mode, conditions));
    }
    requirePermission(request.user, formPerm(form, 'add'), formPerm(form, 'edit'));
    assertNotView(model);
    const id = idParam(x);
    await assertInScope(app.db, model, request.user, [id]);
    await assertWritable(app.db, model, request.user.tenantId, 'edit', [id]);
    return ok(await editRecord(app.db, model, callerOf(request), id, request.body, mode, conditions));
  };
  app.post('/auto/stash/:form/:x', { schema: { params: DraftPath, response: { 200: SavedRecord } } }, (request) => draft('stash')(request));
  app.post('/auto/push/:form/:x', { schema: { params: DraftPath, response: { 200: SavedRecord } } }, (request) => draft('push')(request));

  const check = async (request: { params: { form: string; op: string }; body: unknown } & Parameters<typeof callerOf>[0]) => {
    const { form, op } = request.params;
    requirePermission(request.user, formPerm(form, op === 'invalid' ? 'invalid' : 'remove'));
    const model = await loadModel(app.db, request.user.tenantId, form);
    await assertWritable(app.db, model, request.user.tenantId, 'check');
    return ok(await precheck(app.db, model, request.user.tenantId, op, idsOf(request.body), request.user));
  };
  app.post('/auto/:form/check/:op', { schema: { params: CheckPath, response: { 200: PrecheckAnswer } } }, (request) => check(request));
  app.post('/auto/:form/check/ids/:op', { schema: { params: CheckPath, response: { 200: PrecheckAnswer } } }, (request) => check(request));

  app.post('/auto/:form/delete', { schema: { params: FormPath, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, formPerm(request.params.form, 'remove'));
    const model = await loadModel(app.db, request.user.tenantId, request.params.form);
    assertNotView(model);
    const ids = idsOf(request.body);
    await assertInScope(app.db, model, request.user, ids);
    await assertWritable(app.db, model, request.user.tenantId, 'delete', ids);
    await deleteRecords(app.db, model, callerOf(request), ids);
    return done('删除成功');
  });

  const invalid = async (request: { params: { form: string }; body: unknown } & Parameters<typeof callerOf>[0]) => {
    requirePermission(request.user, formPerm(request.params.form, 'invalid'));
    const model = await loadModel(app.db, request.user.tenantId, request.params.form);
    assertNotView(model);
    const ids = idsOf(request.body);
    await assertInScope(app.db, model, request.user, ids);
    await assertWritable(app.db, model, request.user.tenantId, 'invalid', ids);
    await voidRecords(app.db, model, callerOf(request), ids);
    return done('作废成功');
  };
  app.post('/auto/:form/invalid/', { schema: { params: FormPath, response: { 200: DoneEnvelope } } }, (request) => invalid(request));
  app.post('/auto/:form/invalid', { schema: { params: FormPath, response: { 200: DoneEnvelope } } }, (request) => invalid(request));

};
