/**
 * `/api/flowable/form…`: form definitions (CONTRACT.md §4): list, options, get, create, check, edit,
 * versions and restore, delete, export, import and its template.
 */
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { DEFAULT_MESSAGES } from '../../../shared/envelope.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { hasAnyPermission, requirePermission } from '../../auth/permissions.js';
import { recordRequestOperation } from '../../services/operationLog.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { createForm, deleteForms, editForm, getFormByName, upsertForm, withoutSaveFlags, type Actor } from '../../records/services/formDefinitions.js';
import { checkAgainst } from '../../records/services/definitionCheck.js';
import { formVersion, formVersions, pathNumber, restoreFormVersion } from '../../records/services/formVersions.js';
import { IMPORT_TEMPLATE } from '../../records/services/importTemplate.js';
import { findFormById, findFormByName, listForms } from '../../records/repositories/formDefinitions.js';
import { parseIds } from '../../records/repositories/recordQueries.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import {
  FormCreated,
  FormDefinitionAnswer,
  FormDefinitionsAnswer,
  FormEnNamePath,
  FormExportQuery,
  FormIdPath,
  FormsImported,
  FormSummaryPage,
  FormImportTemplateAnswer,
  FormOptionsAnswer,
  FormSelectedIds,
} from '../../../shared/contract/forms.js';
import {
  ConfirmDataChangesBody,
  DefinitionCheckAnswer,
  FormVersionAnswer,
  FormVersionPath,
  FormVersionRestored,
  FormVersionsAnswer,
} from '../../../shared/contract/formVersions.js';

const actor = (request: FastifyRequest): Actor => ({ tenantId: request.user.tenantId, userName: request.user.userName });
const confirmed = (body: unknown): boolean => (body as { confirmDataChanges?: unknown } | null)?.confirmDataChanges === true;

/** Registers the form-definition calls. */
export const flowableRoutes: ContractPlugin = async (app) => {
  app.get('/flowable/form/list', { schema: { response: { 200: FormSummaryPage } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    const forms = await listForms(app.db, request.user.tenantId);
    const rows = forms.map((f) => ({
      id: f.id, enName: f.enName, cnName: f.cnName, type: f.definition.type ?? null, hasFlow: f.definition.hasFlow === true,
      fieldCount: f.definition.fields.length, version: f.version, createTime: f.createTime, updateTime: f.updateTime,
    }));
    return { code: 200 as const, msg: DEFAULT_MESSAGES.query, rows, total: rows.length };
  });

  // Pickers: the designer (a related form), menu administration (a form list's menu).
  app.get('/flowable/form/list/options', { schema: { response: { 200: FormOptionsAnswer } } }, async (request) => {
    if (!hasAnyPermission(request.user, 'system:menu:add', 'system:menu:edit')) {
      requirePermission(request.user, designPerm('list'), designPerm('query'), designPerm('add'), designPerm('edit'));
    }
    const forms = await listForms(app.db, request.user.tenantId);
    return ok(forms.map((f) => ({ id: f.id, enName: f.enName, cnName: f.cnName })));
  });

  app.get('/flowable/form/importTemplate', { schema: { response: { 200: FormImportTemplateAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('import'), designPerm('add'));
    return ok(structuredClone(IMPORT_TEMPLATE));
  });

  // Any signed-in user of the tenant may read a definition: the list and form pages need it.
  app.get('/flowable/form/en/:enName', { schema: { params: FormEnNamePath, response: { 200: FormDefinitionAnswer } } }, async (request) => {
    return ok((await getFormByName(app.db, request.user.tenantId, request.params.enName)).definition);
  });

  // By id is the designer's call (the pages read by enName), so it needs the designer's read rights.
  app.get('/flowable/form/:id', { schema: { params: FormIdPath, response: { 200: FormDefinitionAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound('表单不存在');
    const form = await findFormById(app.db, request.user.tenantId, Number(request.params.id));
    if (!form) throw notFound('表单不存在');
    return ok(form.definition);
  });

  app.post('/flowable/form', { schema: { response: { 200: FormCreated } } }, async (request) => {
    requirePermission(request.user, designPerm('add'));
    const id = await createForm(app.db, actor(request), request.body);
    await recordRequestOperation(app.db, request, '表单设计', BUSINESS_TYPE.moduleDesignAdd);
    return ok({ id });
  });

  // What a save would do: the definition's problems and the stored data it would drop or retype.
  app.post('/flowable/form/check', { schema: { response: { 200: DefinitionCheckAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('add'), designPerm('edit'));
    const body = withoutSaveFlags(request.body);
    const rawId = (body as { id?: unknown } | null)?.id;
    let old;
    if (rawId !== undefined && rawId !== null && rawId !== '') {
      const id = Number(rawId);
      old = Number.isSafeInteger(id) && id > 0 ? await findFormById(app.db, request.user.tenantId, id) : undefined;
      if (!old) throw notFound('表单不存在');
    }
    const check = await checkAgainst(app.db, request.user.tenantId, old, body);
    // A new form whose enName the tenant already uses would be refused by the create.
    const enName = (body as { enName?: unknown } | null)?.enName;
    if (!old && typeof enName === 'string' && !check.problems.length && await findFormByName(app.db, request.user.tenantId, enName)) {
      check.problems.push({ path: 'enName', message: `表单英文名「${enName}」已存在` });
    }
    return ok(check);
  });

  // A save that drops or retypes stored values is a 409 (data: the check) without confirmDataChanges: true.
  app.post('/flowable/form/edit', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const body = request.body as { id?: unknown } | null;
    const id = Number(body?.id);
    if (!body || !Number.isSafeInteger(id) || id <= 0) throw badRequest('缺少表单编号 id');
    await editForm(app.db, actor(request), id, body, { dataChanges: 'confirm', confirmed: confirmed(body) });
    await recordRequestOperation(app.db, request, '表单设计', BUSINESS_TYPE.moduleDesignEdit);
    return done();
  });

  app.get('/flowable/form/:id/versions', { schema: { params: FormIdPath, response: { 200: FormVersionsAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    return ok(await formVersions(app.db, request.user.tenantId, pathNumber(request.params.id, '表单不存在')));
  });

  app.get('/flowable/form/:id/versions/:version', { schema: { params: FormVersionPath, response: { 200: FormVersionAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    const id = pathNumber(request.params.id, '表单不存在');
    return ok(await formVersion(app.db, request.user.tenantId, id, pathNumber(request.params.version, '表单版本不存在')));
  });

  app.post('/flowable/form/:id/versions/:version/restore', {
    schema: { params: FormVersionPath, body: ConfirmDataChangesBody, response: { 200: FormVersionRestored } },
    // A restore without a body is a restore without confirmation (the body is optional).
    preValidation: async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
    },
  }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const id = pathNumber(request.params.id, '表单不存在');
    const from = pathNumber(request.params.version, '表单版本不存在');
    const version = await restoreFormVersion(app.db, actor(request), id, from, { dataChanges: 'confirm', confirmed: confirmed(request.body) });
    await recordRequestOperation(app.db, request, '表单设计', BUSINESS_TYPE.moduleDesignEdit, { id, restored: from, version });
    return ok({ version });
  });

  app.post('/flowable/form/delete', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('remove'));
    const ids = parseIds(request.body);
    await deleteForms(app.db, actor(request), ids);
    await recordRequestOperation(app.db, request, '表单设计', BUSINESS_TYPE.delete, { ids });
    return done('删除成功');
  });

  const exportForms = async (request: FastifyRequest, ids: number[] | null) => {
    requirePermission(request.user, designPerm('export'));
    const forms = await listForms(app.db, request.user.tenantId);
    const chosen = ids ? forms.filter((f) => ids.includes(f.id)) : forms;
    return ok(chosen.map((f) => {
      const { id: _id, ...def } = f.definition;
      return def;
    }));
  };
  app.get('/flowable/form/export', { schema: { querystring: FormExportQuery, response: { 200: FormDefinitionsAnswer } } }, async (request) => {
    const raw = request.query.ids;
    return exportForms(request, raw ? parseIds(raw.split(',')) : null);
  });
  app.post('/flowable/form/export', { schema: { response: { 200: FormDefinitionsAnswer } } }, async (request) => exportForms(request, request.body === undefined || request.body === null ? null : parseIds(request.body)));
  // Spec 02 §7 spells it with the trailing slash; both spellings answer.
  for (const url of ['/flowable/form/export/selected/', '/flowable/form/export/selected']) {
    app.post(url, { schema: { body: FormSelectedIds, response: { 200: FormDefinitionsAnswer } } }, async (request) => exportForms(request, parseIds(request.body)));
  }

  app.post('/flowable/form/import', { schema: { response: { 200: FormsImported } } }, async (request) => {
    requirePermission(request.user, designPerm('import'));
    const list = Array.isArray(request.body) ? request.body : [request.body];
    if (!list.length || list.length > 100) throw badRequest('一次导入1到100个表单定义');
    const out: { enName: string; id: number }[] = [];
    for (const def of list) out.push({ enName: String((def as { enName?: unknown })?.enName), id: await upsertForm(app.db, actor(request), def) });
    await recordRequestOperation(app.db, request, '表单设计', BUSINESS_TYPE.import, { forms: out });
    return ok(out);
  });
};
