/**
 * `/api/print/form/{form}/…`: printing records (`auto:{form}:print`): the form's templates, the
 * filled sheets for the print view, a PDF, and the print history of a record. Printing writes no
 * operation log; the history counts each record printed (kind `print` from the print view's
 * 打印 button, `pdf` for a download).
 */
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { FileAnswer } from '../../../shared/contract/common.js';
import { ok, done } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { contentDisposition } from '../../files/contentDisposition.js';
import { designPerm, formPerm } from '../../records/services/formPermissions.js';
import { loadModel } from '../../records/services/recordContext.js';
import { insertPrints, listPrints } from '../../print/historyRepository.js';
import { NO_ID_MESSAGE, renderPrint, resolveTemplate, type TemplateRef } from '../../print/renderPrint.js';
import { statusesOf } from '../../records/repositories/recordWrites.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { htmlToPdf, closePdfBrowser } from '../../print/printPdf.js';
import { listTemplates } from '../../print/templateRepository.js';
import { docxPrint } from '../../print/docxPrint.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { printDocumentHtml } from '../../../shared/print/printLayout.js';
import { formatDate } from '../../../../schema-adapters/index.js';
import { DoneEnvelope, FormTemplatesAnswer, PrintBody, PrintFormPath, PrintHistoryAnswer, PrintHistoryPath, RenderAnswer } from '../../../shared/contract/print.js';

/** What the print helpers read of a request: the caller, the origin, the form and the print body. */
type PrintRequest = Pick<FastifyRequest, 'user' | 'protocol' | 'host'> & { params: { form: string }; body: TemplateRef & { ids: number[] } };

const origin = (request: Pick<FastifyRequest, 'protocol' | 'host'>) => `${request.protocol}://${request.host}`;

/** Registers the printing calls. */
export const printRoutes: ContractPlugin = async (app) => {
  app.addHook('onClose', closePdfBrowser);
  const printer = (request: Pick<FastifyRequest, 'user'>, form: string) => requirePermission(request.user, formPerm(form, 'print'));

  app.get('/print/form/:form/templates', { schema: { params: PrintFormPath, response: { 200: FormTemplatesAnswer } } }, async (request) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'print'), designPerm('list'), designPerm('query'));
    const list = await listTemplates(app.db, request.user.tenantId, form);
    return ok(list.map(({ id, name, paper, orientation }) => ({ id, name, paper, orientation })));
  });

  const render = async (request: PrintRequest) => {
    const { form } = request.params;
    printer(request, form);
    await loadModel(app.db, request.user.tenantId, form);
    const template = await resolveTemplate(app.db, request.user.tenantId, form, request.body);
    return renderPrint(app.db, template, { user: request.user, formName: form, ids: request.body.ids, origin: origin(request), files: await fileStoreFor(app.config) });
  };

  app.post('/print/form/:form/render', { schema: { params: PrintFormPath, body: PrintBody, response: { 200: RenderAnswer } } }, async (request) => ok(await render(request)));

  const remember = (request: PrintRequest, template: { id: number; name: string }, ids: number[], kind: 'print' | 'pdf' | 'docx') =>
    insertPrints(app.db, request.user.tenantId, ids, {
      formName: request.params.form, templateId: template.id, templateName: template.name, kind,
      user: { userId: request.user.userId, userName: request.user.userName, nickName: request.user.nickName },
    });

  // The print view calls this when the user prints: one history row per record.
  app.post('/print/form/:form/printed', { schema: { params: PrintFormPath, body: PrintBody, response: { 200: DoneEnvelope } } }, async (request) => {
    const { form } = request.params;
    printer(request, form);
    const template = await resolveTemplate(app.db, request.user.tenantId, form, request.body);
    // Only records of the tenant count; a missing one is a 404 as in the render.
    const model = await loadModel(app.db, request.user.tenantId, form);
    const ids = [...new Set(request.body.ids)];
    if (!ids.length) throw badRequest(NO_ID_MESSAGE);
    const known = await statusesOf(app.db, model, request.user.tenantId, ids);
    if (ids.some((id) => !known.has(id))) throw notFound('记录不存在');
    await remember(request, template, ids, 'print');
    return done();
  });

  app.post('/print/form/:form/pdf', { schema: { params: PrintFormPath, body: PrintBody, response: { 200: FileAnswer } } }, async (request, reply) => {
    const result = await render(request);
    const pdf = await htmlToPdf(printDocumentHtml(result, formatDate(new Date(), 'yyyy-MM-dd HH:mm:ss')));
    await remember(request, result.template, result.sheets.map((s) => s.id), 'pdf');
    const name = `${result.formTitle}-${result.template.name}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(name)).send(pdf);
  });

  // The Word download (ADR 0952): one .docx, or a .zip of one per record.
  app.post('/print/form/:form/docx', { schema: { params: PrintFormPath, body: PrintBody, response: { 200: FileAnswer } } }, async (request, reply) => {
    const { form } = request.params;
    printer(request, form);
    await loadModel(app.db, request.user.tenantId, form);
    const template = await resolveTemplate(app.db, request.user.tenantId, form, request.body);
    const file = await docxPrint(app.db, template, request.user, form, request.body.ids);
    await remember(request, template, file.ids, 'docx');
    return reply.header('content-type', file.contentType).header('content-disposition', contentDisposition(file.fileName)).send(file.bytes);
  });

  app.get('/print/form/:form/history/:id', { schema: { params: PrintHistoryPath, response: { 200: PrintHistoryAnswer } } }, async (request) => {
    const { form, id } = request.params;
    requirePermission(request.user, formPerm(form, 'query'), formPerm(form, 'list:root'), formPerm(form, 'print'));
    return ok(await listPrints(app.db, request.user.tenantId, form, id));
  });
};
