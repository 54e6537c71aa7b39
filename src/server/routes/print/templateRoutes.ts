/**
 * `/api/print/template…`: print templates of the tenant's forms, for administrators of form
 * configuration (the 表单配置 permissions `flowable:form:*`). Bodies are cleaned with DOMPurify
 * before they are stored (and again when rendered).
 */
import multipart from '@fastify/multipart';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { badRequest, conflict, found, HttpError, notFound } from '../../http/HttpError.js';
import { readFilePart } from '../../files/readFilePart.js';
import { checkDocx } from '../../print/fillDocx.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { findFormByName } from '../../records/repositories/formDefinitions.js';
import { sanitizeTemplateHtml } from '../../print/sanitizeTemplate.js';
import { renderPrint } from '../../print/renderPrint.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { validateLayout } from '../../../shared/print/layout/validateLayout.js';
import { layoutFieldsOf } from '../../../shared/print/layout/layoutFields.js';
import type { PrintLayoutModel } from '../../../shared/print/layout/layoutModel.js';
import type { FormDefinition } from '../../../../schema-adapters/index.js';
import { deleteTemplates, findTemplate, findTemplateByName, insertTemplate, listTemplates, setTemplateDocx, updateTemplate, type PrintTemplateInput } from '../../print/templateRepository.js';
import {
  DoneEnvelope,
  TemplateAddBody,
  TemplateAnswer,
  TemplateCreated,
  TemplateDeleteBody,
  TemplateEditBody,
  TemplateIdPath,
  TemplateListQuery,
  TemplatePage,
  TemplatePreviewBody,
  RenderAnswer,
} from '../../../shared/contract/print.js';

const TITLE = '打印模版';
/** Largest Word template. */
const DOCX_MAX_MB = 10;
type Body = Omit<Partial<PrintTemplateInput>, 'layout'> & Pick<PrintTemplateInput, 'formName' | 'name'> & { layout?: unknown };

/**
 * Defaults for what a client left out, and the cleaned body; a layout is checked against the form
 * (Chinese 400 with the problems) and takes the place of the body (ADR 1054).
 */
function input(b: Body, def: FormDefinition): PrintTemplateInput {
  let layout: PrintLayoutModel | null = null;
  if (b.layout !== undefined && b.layout !== null) {
    const checked = validateLayout(b.layout, layoutFieldsOf(def));
    if (!checked.layout) throw badRequest(checked.errors[0].message, checked.errors);
    layout = checked.layout;
  } else if (!b.body?.trim()) {
    throw badRequest('模版内容不能为空', [{ field: 'body', message: '模版内容不能为空' }]);
  }
  // The paper columns mirror a layout's paper where they can (the print chooser shows them).
  const paper = layout ? (layout.paper === 'A5' ? 'A5' : 'A4') : (b.paper ?? 'A4');
  return {
    formName: b.formName, name: b.name.trim(), paper, orientation: layout?.orientation ?? b.orientation ?? 'portrait',
    marginTop: b.marginTop ?? 15, marginRight: b.marginRight ?? 15, marginBottom: b.marginBottom ?? 15, marginLeft: b.marginLeft ?? 15,
    header: b.header ?? '', footer: b.footer ?? '', body: layout ? '' : sanitizeTemplateHtml(b.body ?? ''), layout,
  };
}


/** Registers the template calls. */
export const printTemplateRoutes: ContractPlugin = async (app) => {
  // Multipart only for this plugin's Word upload (encapsulated, as the other upload routes do).
  await app.register(multipart, { limits: { fileSize: DOCX_MAX_MB * 1024 * 1024, files: 1, fields: 5, parts: 10 } });
  const requireForm = async (tenantId: number, formName: string) => found(await findFormByName(app.db, tenantId, formName), '表单不存在');
  const uniqueName = async (tenantId: number, t: PrintTemplateInput, id?: number) => {
    const other = await findTemplateByName(app.db, tenantId, t.formName, t.name);
    if (other && other.id !== id) throw conflict(`打印模版'${t.name}'已存在`);
  };

  app.get('/print/template/list', { schema: { querystring: TemplateListQuery, response: { 200: TemplatePage } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    const rows = await listTemplates(app.db, request.user.tenantId, request.query.formName || undefined);
    return { code: 200 as const, msg: '查询成功', rows, total: rows.length };
  });

  app.get('/print/template/:id', { schema: { params: TemplateIdPath, response: { 200: TemplateAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('list'), designPerm('query'));
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound('打印模版不存在');
    return ok(found(await findTemplate(app.db, request.user.tenantId, Number(request.params.id)), '打印模版不存在'));
  });

  app.post('/print/template', { schema: { body: TemplateAddBody, response: { 200: TemplateCreated } } }, async (request) => {
    requirePermission(request.user, designPerm('add'), designPerm('edit'));
    const { tenantId, userName } = request.user;
    const form = await requireForm(tenantId, request.body.formName);
    const t = input(request.body, form.definition);
    await uniqueName(tenantId, t);
    const id = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertTemplate(trx, tenantId, t, userName));
    return ok({ id });
  });

  app.post('/print/template/edit', { schema: { body: TemplateEditBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const { tenantId, userName } = request.user;
    const old = found(await findTemplate(app.db, tenantId, request.body.id), '打印模版不存在');
    const form = await requireForm(tenantId, request.body.formName);
    const t = input(request.body, form.definition);
    await uniqueName(tenantId, t, old.id);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateTemplate(trx, tenantId, old.id, t, userName));
    return done();
  });

  app.post('/print/template/delete', { schema: { body: TemplateDeleteBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('remove'), designPerm('edit'));
    const ids = [...new Set(request.body)];
    const known = new Set((await listTemplates(app.db, request.user.tenantId)).map((t) => t.id));
    if (!ids.every((id) => known.has(id))) throw notFound('打印模版不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteTemplates(trx, request.user.tenantId, ids));
    return done('删除成功');
  });

  // A Word template beside the HTML one (ADR 0952): one .docx of at most 10 MB whose tags parse.
  app.post('/print/template/:id/docx', { schema: { params: TemplateIdPath, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const { tenantId, userName } = request.user;
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound('打印模版不存在');
    const t = found(await findTemplate(app.db, tenantId, Number(request.params.id)), '打印模版不存在');
    const part = await readFilePart(request, { maxSizeMb: DOCX_MAX_MB, missing: '请选择 Word 模版文件' });
    if (!/\.docx$/i.test(part.filename)) {
      part.file.resume();
      throw badRequest('请上传 .docx 格式的 Word 文件');
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `文件大小超过 ${DOCX_MAX_MB}MB`);
      throw badRequest('上传内容不正确');
    }
    if (bytes.length > DOCX_MAX_MB * 1024 * 1024) throw new HttpError(413, `文件大小超过 ${DOCX_MAX_MB}MB`);
    checkDocx(bytes);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { id: t.id, docx: part.filename } }, (trx) => setTemplateDocx(trx, tenantId, t.id, bytes, part.filename.slice(0, 200), userName));
    return done('上传成功');
  });

  app.post('/print/template/:id/docx/delete', { schema: { params: TemplateIdPath, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const { tenantId, userName } = request.user;
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound('打印模版不存在');
    const t = found(await findTemplate(app.db, tenantId, Number(request.params.id)), '打印模版不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { id: t.id, docx: null } }, (trx) => setTemplateDocx(trx, tenantId, t.id, null, '', userName));
    return done('删除成功');
  });

  // The designer's preview of an unsaved body: with a record when one is named, else with labels.
  app.post('/print/template/preview', { schema: { body: TemplatePreviewBody, response: { 200: RenderAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('add'), designPerm('edit'));
    const b = request.body;
    const form = await requireForm(request.user.tenantId, b.formName);
    const t = { ...input({ ...b, name: b.name || '预览' }, form.definition), id: 0, name: b.name || '预览' };
    const origin = `${request.protocol}://${request.host}`;
    const files = await fileStoreFor(app.config);
    return ok(await renderPrint(app.db, t, { user: request.user, formName: b.formName, ids: b.recordId ? [b.recordId] : [], origin, sample: !b.recordId, files }));
  });
};
