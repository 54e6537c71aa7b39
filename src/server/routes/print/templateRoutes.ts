/**
 * `/api/print/template…`: print templates of the tenant's forms, for administrators of form
 * configuration (the 表单配置 permissions `flowable:form:*`). Bodies are cleaned with DOMPurify
 * before they are stored (and again when rendered).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok, done } from '../../http/reply.js';
import { conflict, found, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { findFormByName } from '../../records/repositories/formDefinitions.js';
import { sanitizeTemplateHtml } from '../../print/sanitizeTemplate.js';
import { renderPrint } from '../../print/renderPrint.js';
import { deleteTemplates, findTemplate, findTemplateByName, insertTemplate, listTemplates, updateTemplate, type PrintTemplateInput } from '../../print/templateRepository.js';
import { addBody, deleteBody, editBody, previewBody } from './schemas.js';

const TITLE = '打印模版';
type Body = Partial<PrintTemplateInput> & Pick<PrintTemplateInput, 'formName' | 'name' | 'body'>;

/** Defaults for what a client left out, and the cleaned body. */
function input(b: Body): PrintTemplateInput {
  return {
    formName: b.formName, name: b.name.trim(), paper: b.paper ?? 'A4', orientation: b.orientation ?? 'portrait',
    marginTop: b.marginTop ?? 15, marginRight: b.marginRight ?? 15, marginBottom: b.marginBottom ?? 15, marginLeft: b.marginLeft ?? 15,
    header: b.header ?? '', footer: b.footer ?? '', body: sanitizeTemplateHtml(b.body),
  };
}

/** Registers the template calls. */
export const printTemplateRoutes: FastifyPluginAsync = async (app) => {
  const requireForm = async (tenantId: number, formName: string) => found(await findFormByName(app.db, tenantId, formName), '表单不存在');
  const uniqueName = async (tenantId: number, t: PrintTemplateInput, id?: number) => {
    const other = await findTemplateByName(app.db, tenantId, t.formName, t.name);
    if (other && other.id !== id) throw conflict(`打印模版'${t.name}'已存在`);
  };

  app.get<{ Querystring: { formName?: string } }>('/print/template/list', { schema: { querystring: { type: 'object', properties: { formName: { type: 'string', maxLength: 63 } } } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    const rows = await listTemplates(app.db, request.user.tenantId, request.query.formName || undefined);
    return { code: 200, msg: '查询成功', rows, total: rows.length };
  });

  app.get<{ Params: { id: string } }>('/print/template/:id', async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound('打印模版不存在');
    return ok(found(await findTemplate(app.db, request.user.tenantId, Number(request.params.id)), '打印模版不存在'));
  });

  app.post<{ Body: Body }>('/print/template', { schema: { body: addBody } }, async (request) => {
    requirePermission(request.user, designPerm('add'), designPerm('edit'));
    const { tenantId, userName } = request.user;
    const t = input(request.body);
    await requireForm(tenantId, t.formName);
    await uniqueName(tenantId, t);
    const id = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertTemplate(trx, tenantId, t, userName));
    return ok({ id });
  });

  app.post<{ Body: Body & { id: number } }>('/print/template/edit', { schema: { body: editBody } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const { tenantId, userName } = request.user;
    const old = found(await findTemplate(app.db, tenantId, request.body.id), '打印模版不存在');
    const t = input(request.body);
    if (t.formName !== old.formName) await requireForm(tenantId, t.formName);
    await uniqueName(tenantId, t, old.id);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateTemplate(trx, tenantId, old.id, t, userName));
    return done();
  });

  app.post<{ Body: number[] }>('/print/template/delete', { schema: { body: deleteBody } }, async (request) => {
    requirePermission(request.user, designPerm('remove'), designPerm('edit'));
    const ids = [...new Set(request.body)];
    const known = new Set((await listTemplates(app.db, request.user.tenantId)).map((t) => t.id));
    if (!ids.every((id) => known.has(id))) throw notFound('打印模版不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteTemplates(trx, request.user.tenantId, ids));
    return done('删除成功');
  });

  // The designer's preview of an unsaved body: with a record when one is named, else with labels.
  app.post<{ Body: Body & { recordId?: number } }>('/print/template/preview', { schema: { body: previewBody } }, async (request) => {
    requirePermission(request.user, designPerm('add'), designPerm('edit'));
    const b = request.body;
    await requireForm(request.user.tenantId, b.formName);
    const t = { ...input({ ...b, name: b.name || '预览' }), id: 0, name: b.name || '预览' };
    const origin = `${request.protocol}://${request.host}`;
    return ok(await renderPrint(app.db, t, { user: request.user, formName: b.formName, ids: b.recordId ? [b.recordId] : [], origin, sample: !b.recordId }));
  });
};
