/**
 * /api/common/upload, /api/common/download and /api/common/file/delete (spec 02 §7): tenant files
 * through the FileStore. Any signed-in user may upload (every form's upload field needs it); a
 * download is limited to the caller's tenant; deleting is a POST checked by files/fileDelete.ts.
 */
import multipart from '@fastify/multipart';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { DoneEnvelope, FileAnswer } from '../../../shared/contract/common.js';
import { DownloadQuery, FileDeleteBody, RecognitionStatusAnswer, UploadAnswer } from '../../../shared/contract/files.js';
import { contentDisposition, contentTypeOf, isInlineSafe } from '../../files/contentDisposition.js';
import { openDownload, storeUpload } from '../../files/fileService.js';
import { filesConfig } from '../../files/filesConfig.js';
import type { FileStore } from '../../files/fileStore.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { readFilePart } from '../../files/readFilePart.js';
import { assertMayDelete, deletableKey } from '../../files/fileDelete.js';
import { forgetUpload, rememberUpload } from '../../repositories/fileUploadRepository.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { done, ok } from '../../http/reply.js';
import { registerBundleRoutes } from './bundleRoutes.js';
import { recognitionStatus } from './recognition.js';
import { tenantProviderEnv } from '../../invoices/providerSettings.js';
import { registerRecognitionRoutes } from './recognitionRoutes.js';

/** The files routes; `store` defaults to the configured one (FILE_STORE: the folder under DATA_DIR or S3). */
export function commonRoutesWith(storeOf?: (rootDir: string) => FileStore): ContractPlugin {
  return async (app) => {
    const settings = filesConfig(app.config);
    const store = storeOf ? storeOf(settings.rootDir) : await fileStoreFor(app.config);
    const maxBytes = Math.floor(settings.maxSizeMb * 1024 * 1024);
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });

    app.post('/common/upload', { schema: { response: { 200: UploadAnswer } } }, async (request) => {
      const part = await readFilePart(request, { maxSizeMb: settings.maxSizeMb, missing: '请选择要上传的文件' });
      const saved = await storeUpload(store, request.user.tenantId, part, settings.maxSizeMb);
      await rememberUpload(app.db, request.user.tenantId, saved.fileName, request.user.userId);
      // Rich-text editors read `url` at the top level (spec 02 §5); the envelope's data holds the same.
      return { ...ok(saved), url: saved.url, fileName: saved.fileName, size: saved.size, obsUrl: saved.obsUrl };
    });

    app.get('/common/download', { schema: { querystring: DownloadQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
      const file = await openDownload(store, request.user.tenantId, request.query.fileName);
      const inline = request.query.inline === true && isInlineSafe(file.name);
      reply.header('Content-Type', contentTypeOf(file.name));
      reply.header('Content-Length', String(file.size));
      reply.header('Content-Disposition', contentDisposition(file.name, inline));
      reply.header('Cache-Control', 'private, no-store');
      // `delete=true` (spec 02 §7) is accepted for old clients but never deletes: a GET must not
      // change anything (issue 11); deleting is POST /api/common/file/delete with its checks.
      return reply.send(file.body);
    });

    app.post('/common/file/delete', { schema: { body: FileDeleteBody, response: { 200: DoneEnvelope } } }, async (request) => {
      const { tenantId } = request.user;
      const key = deletableKey(request.body.fileName, tenantId);
      await assertMayDelete(app.db, store, request.user, key);
      await withOperation(app.db, request, { title: '文件删除', businessType: BUSINESS_TYPE.delete, param: { fileName: key } }, (trx) => forgetUpload(trx, tenantId, key));
      await store.remove(key);
      return done('删除成功');
    });

    app.get('/common/recognition/status', { schema: { response: { 200: RecognitionStatusAnswer } } }, async (request) => ok(recognitionStatus(await tenantProviderEnv(app.db, request.user.tenantId))));
    registerRecognitionRoutes(app, store, settings.maxSizeMb);
    registerBundleRoutes(app, store);
  };
}

/** The files routes on the default store. */
export const commonRoutes: ContractPlugin = commonRoutesWith();
