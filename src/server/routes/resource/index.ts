/**
 * /api/system/resource (spec 02 §7 "Resources and policy"; issue 34 item 1; ADR 1044): 文档管理.
 * Every call is bound to the caller's tenant and to the node permissions of the library: a node
 * the caller may not view answers 404 like a missing one (its files, versions, previews and
 * downloads too), a node they see but may not act on 403. Writes are logged in 操作日志.
 * This file parses and answers; the library's rules and writes are resources/resourceService.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok, page } from '../../http/reply.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { hasPermission } from '../../auth/permissions.js';
import { filesConfig, tooLargeMessage } from '../../files/filesConfig.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { readFilePart } from '../../files/readFilePart.js';
import { sanitizeFileName } from '../../files/fileKeys.js';
import { contentDisposition, contentTypeOf } from '../../files/contentDisposition.js';
import { FileAnswer } from '../../../shared/contract/common.js';
import { resourceFileKey } from '../../resources/resourceFiles.js';
import * as resources from '../../resources/resourceService.js';
import {
  ResourceAncestorsAnswer, ResourceAnswer, ResourceDeleteBody, ResourceDirectoryAnswer, ResourceDone, ResourceFileQuery, ResourceIdQuery, ResourceInsertBody, ResourceListQuery,
  ResourceModifyBody, ResourceMoveBody, ResourcePage, ResourcePermissionsAnswer, ResourcePermissionsBody, ResourceSaved, ResourceVersionsAnswer,
} from '../../../shared/contract/resources.js';

/** Who may create folders and files at the top of the library (admin passes). */
export const RESOURCE_ROOT_PERMISSION = 'system:resource:add';

/** The caller as the service sees it: the root permission decides whether they may add at the top. */
const callerOf = (request: FastifyRequest): resources.ResourceCaller => ({ request, canAddRoot: hasPermission(request.user, RESOURCE_ROOT_PERMISSION) });

export const resourceRoutes: ContractPlugin = async (app) => {
  const settings = filesConfig(app.config);
  const store = await fileStoreFor(app.config);
  await app.register(multipart, { limits: { fileSize: Math.floor(settings.maxSizeMb * 1024 * 1024), files: 1, fields: 10, parts: 20 } });

  app.get('/system/resource/getDirectory', { schema: { response: { 200: ResourceDirectoryAnswer } } }, async (request) => {
    const { folders, canAddRoot } = await resources.directory(app.db, callerOf(request));
    return { ...ok(folders), canAddRoot };
  });

  app.get('/system/resource/list/file', { schema: { querystring: ResourceListQuery, response: { 200: ResourcePage } } }, async (request) => {
    const { rows, total } = await resources.listFiles(app.db, callerOf(request), request.query);
    return page(rows, total);
  });

  app.get('/system/resource/load', { schema: { querystring: ResourceIdQuery, response: { 200: ResourceAnswer } } }, async (request) => {
    return ok(await resources.loadNode(app.db, callerOf(request), request.query.id));
  });

  app.get('/system/resource/ancestors/get', { schema: { querystring: ResourceIdQuery, response: { 200: ResourceAncestorsAnswer } } }, async (request) => {
    return ok(await resources.ancestors(app.db, callerOf(request), request.query.id));
  });

  app.post('/system/resource/insert', { schema: { body: ResourceInsertBody, response: { 200: ResourceSaved } } }, async (request) => {
    return ok(await resources.createFolder(app.db, callerOf(request), request.body));
  });

  // Multipart: `parentId` (a folder, 0 the top) or `id` (a file: a new version), then `file`.
  // A file whose name is already in the folder gets a new version instead of a second node.
  app.post('/system/resource/upload', { schema: { response: { 200: ResourceSaved } } }, async (request) => {
    const part = await readFilePart(request, { maxSizeMb: settings.maxSizeMb, missing: '请选择要上传的文件' });
    const field = (n: string): number | undefined => {
      const f = part.fields[n] as { value?: unknown } | undefined;
      if (f?.value === undefined || f.value === '') return undefined;
      const v = Number(f.value);
      if (!Number.isSafeInteger(v) || v < 0) throw badRequest(`参数 ${n} 不正确`);
      return v;
    };
    const targetId = field('id');
    const parentId = field('parentId') ?? 0;
    const name = sanitizeFileName(part.filename);
    const key = resourceFileKey(request.user.tenantId, name);
    let size: number;
    try {
      size = (await store.put(key, part.file)).size;
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(settings.maxSizeMb));
      throw err;
    }
    if (part.file.truncated) {
      await store.remove(key);
      throw new HttpError(413, tooLargeMessage(settings.maxSizeMb));
    }
    try {
      return ok(await resources.recordUpload(app.db, callerOf(request), { targetId, parentId, name, key, size }));
    } catch (err) {
      // Refused or failed: the stored bytes belong to nothing.
      await store.remove(key);
      throw err;
    }
  });

  app.post('/system/resource/modify', { schema: { body: ResourceModifyBody, response: { 200: ResourceSaved } } }, async (request) => {
    return ok(await resources.renameResource(app.db, callerOf(request), request.body));
  });

  app.post('/system/resource/move', { schema: { body: ResourceMoveBody, response: { 200: ResourceDone } } }, async (request) => {
    await resources.moveResources(app.db, callerOf(request), request.body);
    return done('移动成功');
  });

  app.post('/system/resource/delete', { schema: { body: ResourceDeleteBody, response: { 200: ResourceDone } } }, async (request) => {
    const keys = await resources.deleteResources(app.db, callerOf(request), request.body);
    // After the commit: a failed removal leaves an orphan object, never a node without its bytes.
    for (const key of keys) await store.remove(key).catch((err) => request.log.warn({ err, key }, 'resource file not removed'));
    return done('删除成功');
  });

  app.get('/system/resource/permissions', { schema: { querystring: ResourceIdQuery, response: { 200: ResourcePermissionsAnswer } } }, async (request) => {
    return ok(await resources.permissionsOf(app.db, callerOf(request), request.query.id));
  });

  app.post('/system/resource/permissions/modify', { schema: { body: ResourcePermissionsBody, response: { 200: ResourceDone } } }, async (request) => {
    await resources.savePermissions(app.db, callerOf(request), request.body);
    return done('保存成功');
  });

  app.get('/system/resource/versions', { schema: { querystring: ResourceIdQuery, response: { 200: ResourceVersionsAnswer } } }, async (request) => {
    return ok(await resources.versionsOf(app.db, callerOf(request), request.query.id));
  });

  app.get('/system/resource/download', { schema: { querystring: ResourceFileQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    const { row, object } = await resources.openVersion(app.db, store, callerOf(request), request.query, 2);
    reply.header('Content-Type', contentTypeOf(row.name));
    reply.header('Content-Length', String(object.size));
    reply.header('Content-Disposition', contentDisposition(row.name));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(object.body);
  });

  // Viewing is enough to preview: images, PDF and text are shown in place, sandboxed, never as a download.
  app.get('/system/resource/preview', { schema: { querystring: ResourceFileQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    const { row, object } = await resources.openVersion(app.db, store, callerOf(request), request.query, 1, true);
    reply.header('Content-Type', contentTypeOf(row.name));
    reply.header('Content-Length', String(object.size));
    reply.header('Content-Disposition', contentDisposition(row.name, true));
    // Chromium's PDF viewer does not open in a sandboxed document; images and text get the sandbox.
    if (!/\.pdf$/i.test(row.name)) reply.header('Content-Security-Policy', 'sandbox');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(object.body);
  });
};
