/**
 * /api/common/upload and /api/common/download (spec 02 §7): tenant files through the FileStore.
 * Any signed-in user may upload (every form's upload field needs it); a download is limited to
 * the caller's tenant.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { contentDisposition, contentTypeOf, isInlineSafe } from '../../files/contentDisposition.js';
import { openDownload, storeUpload } from '../../files/fileService.js';
import { filesConfig, tooLargeMessage } from '../../files/filesConfig.js';
import type { FileStore } from '../../files/fileStore.js';
import { localFileStore } from '../../files/localFileStore.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { ok } from '../../http/reply.js';
import { registerBundleRoutes } from './bundleRoutes.js';
import { recognitionStatus } from './recognition.js';
import { registerRecognitionRoutes } from './recognitionRoutes.js';

const downloadQuery = {
  type: 'object',
  properties: {
    fileName: { type: 'string', minLength: 1, maxLength: 400 },
    delete: { type: 'boolean' },
    inline: { type: 'boolean' },
    tenantCode: { type: 'string', maxLength: 64 },
  },
  required: ['fileName'],
  additionalProperties: false,
} as const;

interface DownloadQuery {
  fileName: string;
  delete?: boolean;
  inline?: boolean;
  tenantCode?: string;
}

/** The files routes; `store` defaults to the folder under DATA_DIR. */
export function commonRoutesWith(storeOf?: (rootDir: string) => FileStore): FastifyPluginAsync {
  return async (app) => {
    const settings = filesConfig(app.config);
    const store = (storeOf ?? localFileStore)(settings.rootDir);
    const maxBytes = Math.floor(settings.maxSizeMb * 1024 * 1024);
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });

    app.post('/common/upload', async (request) => {
      if (!request.isMultipart()) throw badRequest('请选择要上传的文件');
      let part;
      try {
        part = await request.file();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(settings.maxSizeMb));
        throw badRequest('上传内容不正确');
      }
      if (!part || part.fieldname !== 'file') throw badRequest('请选择要上传的文件');
      const saved = await storeUpload(store, request.user.tenantId, part, settings.maxSizeMb);
      // Rich-text editors read `url` at the top level (spec 02 §5); the envelope's data holds the same.
      return { ...ok(saved), url: saved.url, fileName: saved.fileName, size: saved.size, obsUrl: saved.obsUrl };
    });

    app.get<{ Querystring: DownloadQuery }>('/common/download', { schema: { querystring: downloadQuery } }, async (request, reply) => {
      const file = await openDownload(store, request.user.tenantId, request.query.fileName);
      const inline = request.query.inline === true && isInlineSafe(file.name);
      reply.header('Content-Type', contentTypeOf(file.name));
      reply.header('Content-Length', String(file.size));
      reply.header('Content-Disposition', contentDisposition(file.name, inline));
      reply.header('Cache-Control', 'private, no-store');
      if (request.query.delete === true) {
        // Export files are fetched once. The open stream still reads an unlinked file (and an
        // object store's response body is already under way), so the key can go at once.
        await store.remove(request.query.fileName);
      }
      return reply.send(file.body);
    });

    app.get('/common/recognition/status', async () => ok(recognitionStatus()));
    registerRecognitionRoutes(app, store, settings.maxSizeMb);
    registerBundleRoutes(app, store);
  };
}

/** The files routes on the default store. */
export const commonRoutes: FastifyPluginAsync = commonRoutesWith();
