/** `/api/flowable/form…`: form definitions (CONTRACT.md §4): list, get, create, edit, delete, export, import. */
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { DEFAULT_MESSAGES } from '../../../shared/envelope.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { recordRequestOperation } from '../../services/operationLog.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { createForm, deleteForms, editForm, getFormByName, upsertForm, type Actor } from '../../records/services/formDefinitions.js';
import { findFormById, listForms } from '../../records/repositories/formDefinitions.js';
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
} from '../../../shared/contract/forms.js';

const actor = (request: FastifyRequest): Actor => ({ tenantId: request.user.tenantId, userName: request.user.userName });

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

  app.post('/flowable/form/edit', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const body = request.body as { id?: unknown } | null;
    const id = Number(body?.id);
    if (!body || !Number.isSafeInteger(id) || id <= 0) throw badRequest('缺少表单编号 id');
    await editForm(app.db, actor(request), id, body);
    await recordRequestOperation(app.db, request, '表单设计', BUSINESS_TYPE.moduleDesignEdit);
    return done();
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
