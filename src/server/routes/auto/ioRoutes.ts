/**
 * Export and import of a form's records (spec 01 §2.4, §2.5, §7): the calls check permission
 * and input, then queue a job (src/server/jobs) whose status the client follows at /api/jobs/{id}.
 */
import multipart from '@fastify/multipart';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { FileAnswer } from '../../../shared/contract/common.js';
import { JobAnswer } from '../../../shared/contract/jobs.js';
import { FormPath, ImportQuery } from '../../../shared/contract/records.js';
import { contentDisposition } from '../../files/contentDisposition.js';
import { filesConfig } from '../../files/filesConfig.js';
import { sanitizeFileName } from '../../files/fileKeys.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { readFilePart } from '../../files/readFilePart.js';
import { assertWritable } from '../../records/services/writeGuard.js';
import { importJob, type ImportParams } from '../../records/io/importJob.js';
import { tableKind } from '../../records/io/importRead.js';
import { storeTableUpload } from '../../records/io/tableUpload.js';
import { checkKey, parsedSince } from '../../records/io/importUpdates.js';
import { templateHeaders, templateWorkbook } from '../../records/io/importTemplate.js';
import { requirePermission } from '../../auth/permissions.js';
import { ok } from '../../http/reply.js';
import { jobDto } from '../jobs/index.js';
import { formPerm } from '../../records/services/formPermissions.js';
import { loadModel, userContext } from '../../records/services/recordContext.js';
import { exportJob } from '../../records/io/exportJob.js';
import type { JobUser } from '../../records/io/jobUser.js';
import { parseExportRequest } from '../../records/io/exportRequest.js';
import type { AuthUser } from '../../auth/types.js';
import { objectBody } from './caller.js';

/** The part of the signed-in user a job keeps. */
export function jobUser(u: AuthUser): JobUser {
  return { userId: u.userId, userName: u.userName, nickName: u.nickName, deptId: u.deptId, roleKeys: u.roleKeys, roleNames: u.roleNames };
}

/** Registers export (and import) calls and their job handlers. */
export const autoIoRoutes: ContractPlugin = async (app) => {
  app.jobs.register('export', exportJob);
  app.jobs.register('import', importJob);
  const settings = filesConfig(app.config);
  // The configured store (folder or S3), the one /api/common/download reads the results from.
  const store = await fileStoreFor(app.config);
  await app.register(multipart, { limits: { fileSize: Math.floor(settings.maxSizeMb * 1024 * 1024), files: 1, fields: 10, parts: 20 } });

  const template = async (request: { params: { form: string }; query: unknown; user: AuthUser }, reply: import('fastify').FastifyReply) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'import'));
    const q = (request.query ?? {}) as { subForm?: unknown; formName?: unknown };
    const sub = typeof q.subForm === 'string' && q.subForm ? q.subForm : undefined;
    const model = await loadModel(app.db, request.user.tenantId, form);
    const { title, sheets } = templateHeaders(model, userContext(request.user), sub);
    const body = await templateWorkbook(sheets);
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', contentDisposition(sanitizeFileName(`${title}导入模板.xlsx`), false));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(body);
  };
  app.get('/auto/:form/importTemplate', { schema: { params: FormPath, response: { 200: FileAnswer } } }, (request, reply) => template(request, reply));
  // Spec 01 §7 names the template call POST /auto/{form}/excel/exportTemplate.
  app.post('/auto/:form/excel/exportTemplate', { schema: { params: FormPath, response: { 200: FileAnswer } } }, (request, reply) => template(request, reply));

  app.post('/auto/:form/importData', { schema: { params: FormPath, querystring: ImportQuery, response: { 200: JobAnswer } } }, async (request) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'import'));
    const model = await loadModel(app.db, request.user.tenantId, form);
    // Importing adds records: a type-2 view takes none (issue 12 item 8).
    await assertWritable(app.db, model, request.user.tenantId, 'add');
    const mode = request.query.mode ?? 'add';
    // Updating needs the edit permission too, and a key the form has (a 400 before the upload is read).
    if (mode !== 'add') requirePermission(request.user, formPerm(form, 'edit'));
    const key = mode === 'add' ? undefined : checkKey(model, request.query.key);
    const onlyParse = ['true', '1', ''].includes(String(request.query.onlyParse ?? 'false'));
    // An import that updates after a parse: records changed since that parse are refused (importUpdates.ts).
    const since = !onlyParse && key && request.query.parseJob ? await parsedSince(app.db, request.user, model.form.enName, request.query.parseJob) : undefined;
    const part = await readFilePart(request, { maxSizeMb: settings.maxSizeMb, missing: '请选择要导入的文件' });
    try {
      tableKind(part.filename);
    } catch (err) {
      part.file.resume();
      throw err;
    }
    // Sizes the zip declares are checked here, before any job (issue 26 item 3).
    const saved = await storeTableUpload(store, request.user.tenantId, part, settings.maxSizeMb);
    const params: ImportParams = { form: model.form.enName, fileKey: saved.fileName, fileName: saved.originalName, onlyParse, user: jobUser(request.user), inflated: saved.inflated, mode, key, ...(since ? { parsedSince: since } : {}) };
    const job = await app.jobs.enqueue({
      tenantId: request.user.tenantId, userId: request.user.userId, kind: 'import', title: `${onlyParse ? '解析' : '导入'}：${model.form.cnName}`,
      params: params as unknown as Record<string, unknown>,
    });
    return ok(jobDto(job), onlyParse ? '解析任务已提交' : '导入任务已提交');
  });

  app.post('/auto/:form/export', { schema: { params: FormPath, response: { 200: JobAnswer } } }, async (request) => {
    const { form } = request.params;
    requirePermission(request.user, formPerm(form, 'export'));
    const model = await loadModel(app.db, request.user.tenantId, form);
    const params = parseExportRequest(model, objectBody(request.body), userContext(request.user), request.user.tenantId);
    const job = await app.jobs.enqueue({
      tenantId: request.user.tenantId, userId: request.user.userId, kind: 'export', title: `导出：${model.form.cnName}`,
      params: { ...params, user: jobUser(request.user) } as unknown as Record<string, unknown>,
    });
    return ok(jobDto(job), '导出任务已提交');
  });
};
