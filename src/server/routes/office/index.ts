/**
 * /api/office (spec 02 §3, §7, §8; docs/office.md; ADR 1052): office files as PDF through
 * LibreOffice, the merge download through the same converter, and online editing through an
 * ONLYOFFICE Document Server when one is configured. Every signed-in call is bound to the caller's
 * tenant and to the file's rights (uploads: files/fileDelete.ts for editing; library files: their
 * node level). The Document Server's two calls are public and carry this server's signed tokens.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { badRequest, forbidden, notFound } from '../../http/HttpError.js';
import { FileAnswer } from '../../../shared/contract/common.js';
import { MergeAnswer } from '../../../shared/contract/files.js';
import {
  OfficeEditorAnswer, OfficeEditorQuery, OfficeFileQuery, OfficeMergeBody, OfficeStatusAnswer, OfficeTokenQuery, OnlyofficeCallbackAnswer, OnlyofficeCallbackBody,
} from '../../../shared/contract/office.js';
import { contentDisposition, contentTypeOf } from '../../files/contentDisposition.js';
import { filesConfig } from '../../files/filesConfig.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { mergeStored } from '../../files/mergeStored.js';
import { officePdf, readAll } from '../../office/officePdf.js';
import { converterFor, NO_CONVERTER_MESSAGE } from '../../office/sofficeConverter.js';
import { isEditable, isOfficeFile } from '../../office/officeTypes.js';
import { downloadableResources, needEdit, resolveTarget, targetOf, writeNewVersion } from '../../office/officeTargets.js';
import { editorSetup, type FileTokenClaims } from '../../office/onlyofficeEditor.js';
import { checkedDownloadUrl, downloadEdited, isSaveStatus, verifyCallback } from '../../office/onlyofficeCallback.js';
import { verifyJwt } from '../../office/hs256.js';

/** This server's origin as the Document Server reaches it. */
function baseOf(configured: string | null, request: FastifyRequest): string {
  return configured ?? `${request.protocol}://${request.host}`;
}

export const officeRoutes: ContractPlugin = async (app) => {
  const office = app.config.office;
  const store = await fileStoreFor(app.config);
  const converter = converterFor(app.config);
  const maxBytes = Math.floor(filesConfig(app.config).maxSizeMb * 1024 * 1024);
  const onlineEdit = !!(office.onlyofficeUrl && office.onlyofficeJwtSecret);

  /** The bytes of a stored object (at most the upload limit). */
  async function bytesOf(key: string): Promise<Buffer> {
    const object = await store.get(key);
    if (!object) throw notFound('文件不存在');
    const bytes = await readAll(object.body, maxBytes);
    if (!bytes) throw badRequest('文件过大');
    return bytes;
  }

  app.get('/office/status', { schema: { response: { 200: OfficeStatusAnswer } } }, async () => {
    const converterReady = !!(await converter.binary());
    return ok({ converter: converterReady, ...(converterReady ? {} : { converterMessage: NO_CONVERTER_MESSAGE }), onlineEdit });
  });

  // The built-in viewer shows an office file as this PDF (cached by content in the file store).
  app.get('/office/pdf', { schema: { querystring: OfficeFileQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    const resolved = await resolveTarget(app.db, store, request.user, targetOf(request.query, request.user.tenantId));
    if (!isOfficeFile(resolved.name)) throw badRequest(`该类型的文件不需要转换：${resolved.name}`);
    const pdf = await officePdf(store, converter, request.user.tenantId, resolved.name, await bytesOf(resolved.storeKey));
    const name = `${resolved.name.replace(/\.[^.]*$/, '')}.pdf`;
    reply.header('Content-Type', contentTypeOf(name));
    reply.header('Content-Disposition', contentDisposition(name));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(pdf);
  });

  // Spec 02 §7 merge download: office files, PDFs and images in the order given, one stored PDF;
  // library files (文档管理's 合并下载) need their download level, checked before anything is read.
  app.post('/office/merge/pdf', { schema: { body: OfficeMergeBody, response: { 200: MergeAnswer } } }, async (request) => {
    const { tenantId } = request.user;
    const more = await downloadableResources(app.db, request.user, request.body.resourceIds ?? []);
    const data = await mergeStored(app.db, store, request.user, { fileName: request.body.fileName, urls: request.body.urls ?? [] }, {
      more,
      accepts: isOfficeFile,
      refusal: '只能合并 Office 文档、txt、PDF 和 png / jpg 图片',
      toPdf: (name, bytes) => officePdf(store, converter, tenantId, name, bytes),
    });
    return { code: 200 as const, msg: data.url, data };
  });

  app.get('/office/editor', { schema: { querystring: OfficeEditorQuery, response: { 200: OfficeEditorAnswer } } }, async (request) => {
    if (!onlineEdit) throw notFound('未配置在线编辑服务（ONLYOFFICE）');
    const resolved = await resolveTarget(app.db, store, request.user, targetOf(request.query, request.user.tenantId));
    if (!isEditable(resolved.name)) throw badRequest(`该类型的文件不能在线编辑：${resolved.name}`);
    if (request.query.edit) needEdit(resolved);
    const hash = createHash('sha256').update(await bytesOf(resolved.storeKey)).digest('hex');
    const setup = editorSetup(office, baseOf(office.onlyofficeCallbackBase, request), resolved, request.user, request.query.edit === true, hash);
    return ok({ documentServerUrl: setup.documentServerUrl, mode: (setup.config.editorConfig as { mode: 'edit' | 'view' }).mode, config: setup.config });
  });

  // The Document Server fetches the document with the token of the editor config (no session).
  app.get('/office/onlyoffice/file', { schema: { querystring: OfficeTokenQuery, response: { 200: FileAnswer } }, config: { public: true } }, async (request, reply) => {
    const claims = onlineEdit ? (verifyJwt(request.query.token, office.onlyofficeJwtSecret!) as FileTokenClaims | null) : null;
    if (!claims || claims.purpose !== 'file' || !claims.storeKey.startsWith(`t${claims.tenantId}/`)) throw forbidden('文件令牌无效');
    const object = await store.get(claims.storeKey);
    if (!object) throw notFound('文件不存在');
    reply.header('Content-Type', 'application/octet-stream');
    reply.header('Content-Length', String(object.size));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(object.body);
  });

  app.post('/office/onlyoffice/callback', { schema: { querystring: OfficeTokenQuery, body: OnlyofficeCallbackBody, response: { 200: OnlyofficeCallbackAnswer } }, config: { public: true } }, async (request) => {
    const { body, claims } = verifyCallback(office, request.query.token, request.body, request.headers.authorization);
    if (!isSaveStatus(body.status)) return { error: 0 };
    const url = checkedDownloadUrl(office, body.url);
    // The editing user must still belong to the tenant when the save arrives.
    const user = await app.db.selectFrom('users').select('id').where('tenant_id', '=', claims.tenantId).where('id', '=', claims.userId).where('status', '=', '0').executeTakeFirst();
    if (!user) throw forbidden('编辑用户不存在或已停用');
    const bytes = await downloadEdited(url, maxBytes);
    const { previousKey } = await writeNewVersion(app.db, store, claims.tenantId, claims.userId, claims.target, bytes);
    // For an upload, the only record of where its old bytes went (docs/office.md "Old bytes of a replaced upload").
    request.log.info({ tenantId: claims.tenantId, target: claims.target, status: body.status, size: bytes.length, userId: claims.userId, previousKey }, 'onlyoffice save');
    return { error: 0 };
  });
};
