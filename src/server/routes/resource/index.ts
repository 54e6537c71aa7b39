/**
 * /api/system/resource (spec 02 §7 "Resources and policy"; issue 34 item 1; ADR 1044): 文档管理.
 * Every call is bound to the caller's tenant and to the node permissions of the library: a node
 * the caller may not view answers 404 like a missing one (its files, versions, previews and
 * downloads too), a node they see but may not act on 403. Writes are logged in 操作日志.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok, page } from '../../http/reply.js';
import { badRequest, forbidden, notFound } from '../../http/HttpError.js';
import { hasPermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { filesConfig, tooLargeMessage } from '../../files/filesConfig.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { readFilePart } from '../../files/readFilePart.js';
import { sanitizeFileName } from '../../files/fileKeys.js';
import { contentDisposition, contentTypeOf } from '../../files/contentDisposition.js';
import { HttpError } from '../../http/HttpError.js';
import { FileAnswer } from '../../../shared/contract/common.js';
import { LEVEL_NAME, LEVEL_NUMBER, moveProblem, type LevelNumber } from '../../resources/resourceAccess.js';
import { isPreviewable, nameProblem, resourceFileKey } from '../../resources/resourceFiles.js';
import {
  addVersion, deleteNodes, insertNode, listVersions, loadEntries, moveNodes, renameNode, replaceEntries, subjectNames, versionKey, type NodeRow,
} from '../../resources/resourceRepository.js';
import { libraryOf as loadLibrary, type Library } from '../../resources/resourceLibrary.js';
import {
  ResourceAncestorsAnswer, ResourceAnswer, ResourceDeleteBody, ResourceDirectoryAnswer, ResourceDone, ResourceFileQuery, ResourceIdQuery, ResourceInsertBody, ResourceListQuery,
  ResourceModifyBody, ResourceMoveBody, ResourcePage, ResourcePermissionsAnswer, ResourcePermissionsBody, ResourceSaved, ResourceVersionsAnswer, type ResourceNode,
} from '../../../shared/contract/resources.js';

const TITLE = '文档管理';
/** Who may create folders and files at the top of the library (admin passes). */
export const RESOURCE_ROOT_PERMISSION = 'system:resource:add';
const NOT_FOUND = '资源不存在';

/** The tenant's tree with the caller's access over it (the root permission decides `canAddRoot`). */
const libraryOf = (db: Parameters<typeof loadLibrary>[0], request: FastifyRequest) => loadLibrary(db, request.user, hasPermission(request.user, RESOURCE_ROOT_PERMISSION));

/** The node when the caller holds `min` on it: 404 when they may not even view it, 403 when they may view it only. */
function need(lib: Library, id: number, min: LevelNumber): NodeRow {
  const row = lib.rows.get(id);
  const level = row ? lib.access.level(id) : 0;
  if (!row || level < 1) throw notFound(NOT_FOUND);
  if (level < min) throw forbidden();
  return row;
}

/** Manage on a folder to put something into it (the root: the root permission). */
function needTarget(lib: Library, parentId: number): void {
  if (parentId === 0) {
    if (!lib.canAddRoot) throw forbidden();
    return;
  }
  const folder = need(lib, parentId, 3);
  if (folder.kind !== 'folder') throw badRequest('只能放入文件夹中');
}

function toDto(lib: Library, r: NodeRow): ResourceNode {
  return {
    id: r.id,
    parentId: lib.access.visibleParent(r.id),
    kind: r.kind,
    name: r.name,
    size: r.size,
    version: r.version,
    createBy: r.createBy,
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
    level: LEVEL_NAME[lib.access.level(r.id) as 1 | 2 | 3],
  };
}

/** The sibling of `parentId` named `name` (case-insensitive), other than `except`. */
function sibling(lib: Library, parentId: number, name: string, except?: number): NodeRow | undefined {
  const lower = name.toLowerCase();
  for (const id of lib.access.childrenOf(parentId)) {
    const r = lib.rows.get(id)!;
    if (id !== except && r.name.toLowerCase() === lower) return r;
  }
  return undefined;
}

function cleanName(raw: string): string {
  const name = raw.trim();
  const problem = nameProblem(name);
  if (problem) throw badRequest(problem);
  return name;
}

const duplicate = (name: string) => badRequest(`同一文件夹下已存在同名的文件或文件夹：${name}`);

/** Folders first, then by name as Chinese readers sort. */
function byKindAndName(a: NodeRow, b: NodeRow): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return a.name.localeCompare(b.name, 'zh-CN');
}

export const resourceRoutes: ContractPlugin = async (app) => {
  const settings = filesConfig(app.config);
  const store = await fileStoreFor(app.config);
  await app.register(multipart, { limits: { fileSize: Math.floor(settings.maxSizeMb * 1024 * 1024), files: 1, fields: 10, parts: 20 } });

  app.get('/system/resource/getDirectory', { schema: { response: { 200: ResourceDirectoryAnswer } } }, async (request) => {
    const lib = await libraryOf(app.db, request);
    const folders = [...lib.rows.values()].filter((r) => r.kind === 'folder' && lib.access.level(r.id) >= 1).sort(byKindAndName);
    const data = folders.map((r) => ({ id: r.id, parentId: lib.access.visibleParent(r.id), name: r.name, level: LEVEL_NAME[lib.access.level(r.id) as 1 | 2 | 3] }));
    return { ...ok(data), canAddRoot: lib.canAddRoot };
  });

  app.get('/system/resource/list/file', { schema: { querystring: ResourceListQuery, response: { 200: ResourcePage } } }, async (request) => {
    const lib = await libraryOf(app.db, request);
    const { parentId = 0, pageNum, pageSize } = request.query;
    const name = request.query.name?.trim().toLowerCase();
    if (parentId) need(lib, parentId, 1);
    let found: NodeRow[];
    if (name) {
      const under = parentId ? lib.access.subtree(parentId).filter((id) => id !== parentId) : [...lib.rows.keys()];
      found = under.map((id) => lib.rows.get(id)!).filter((r) => r.name.toLowerCase().includes(name) && lib.access.level(r.id) >= 1);
    } else if (parentId) {
      found = lib.access.childrenOf(parentId).map((id) => lib.rows.get(id)!).filter((r) => lib.access.level(r.id) >= 1);
    } else {
      // The top shows the caller's top-level nodes and anything shared with them whose folder they cannot see.
      found = [...lib.rows.values()].filter((r) => lib.access.level(r.id) >= 1 && lib.access.visibleParent(r.id) === 0);
    }
    found.sort(byKindAndName);
    return page(found.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((r) => toDto(lib, r)), found.length);
  });

  app.get('/system/resource/load', { schema: { querystring: ResourceIdQuery, response: { 200: ResourceAnswer } } }, async (request) => {
    const lib = await libraryOf(app.db, request);
    return ok(toDto(lib, need(lib, request.query.id, 1)));
  });

  app.get('/system/resource/ancestors/get', { schema: { querystring: ResourceIdQuery, response: { 200: ResourceAncestorsAnswer } } }, async (request) => {
    const lib = await libraryOf(app.db, request);
    need(lib, request.query.id, 1);
    // Folders above it the caller may not view are left out (their names are not theirs to read).
    const chain = lib.access.path(request.query.id).filter((id) => lib.access.level(id) >= 1);
    return ok(chain.map((id) => ({ id, name: lib.rows.get(id)!.name })));
  });

  app.post('/system/resource/insert', { schema: { body: ResourceInsertBody, response: { 200: ResourceSaved } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const name = cleanName(request.body.name);
    const { parentId } = request.body;
    const id = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add, param: { parentId, name } }, async (trx) => {
      const lib = await libraryOf(trx, request);
      needTarget(lib, parentId);
      if (sibling(lib, parentId, name)) throw duplicate(name);
      const created = await insertNode(trx, tenantId, userId, { parentId, kind: 'folder', name });
      // A top-level folder made by a non-administrator is theirs to manage (nothing above it grants anything).
      if (parentId === 0 && !lib.access.principal.admin) await replaceEntries(trx, tenantId, created, [{ subjectType: 'user', subjectId: userId, level: 3 }]);
      return created;
    });
    const lib = await libraryOf(app.db, request);
    return ok(toDto(lib, need(lib, id, 1)));
  });

  // Multipart: `parentId` (a folder, 0 the top) or `id` (a file: a new version), then `file`.
  // A file whose name is already in the folder gets a new version instead of a second node.
  app.post('/system/resource/upload', { schema: { response: { 200: ResourceSaved } } }, async (request) => {
    const { tenantId, userId } = request.user;
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
    const key = resourceFileKey(tenantId, name);
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
      const id = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.import, param: { id: targetId, parentId, name, size } }, async (trx) => {
        const lib = await libraryOf(trx, request);
        let existing: NodeRow | undefined;
        if (targetId) {
          existing = need(lib, targetId, 3);
          if (existing.kind !== 'file') throw badRequest('只能为文件上传新版本');
        } else {
          needTarget(lib, parentId);
          existing = sibling(lib, parentId, name);
          if (existing?.kind === 'folder') throw duplicate(name);
          if (existing) need(lib, existing.id, 3);
        }
        if (existing) {
          await addVersion(trx, tenantId, userId, existing.id, { fileKey: key, size });
          return existing.id;
        }
        const created = await insertNode(trx, tenantId, userId, { parentId, kind: 'file', name, fileKey: key, size });
        if (parentId === 0 && !lib.access.principal.admin) await replaceEntries(trx, tenantId, created, [{ subjectType: 'user', subjectId: userId, level: 3 }]);
        return created;
      });
      const lib = await libraryOf(app.db, request);
      return ok(toDto(lib, need(lib, id, 1)));
    } catch (err) {
      // Refused or failed: the stored bytes belong to nothing.
      await store.remove(key);
      throw err;
    }
  });

  app.post('/system/resource/modify', { schema: { body: ResourceModifyBody, response: { 200: ResourceSaved } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const name = cleanName(request.body.name);
    const { id } = request.body;
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { id, name } }, async (trx) => {
      const lib = await libraryOf(trx, request);
      const row = need(lib, id, 3);
      if (sibling(lib, row.parentId, name, id)) throw duplicate(name);
      await renameNode(trx, tenantId, userId, id, name);
    });
    const lib = await libraryOf(app.db, request);
    return ok(toDto(lib, need(lib, id, 1)));
  });

  app.post('/system/resource/move', { schema: { body: ResourceMoveBody, response: { 200: ResourceDone } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const ids = [...new Set(request.body.ids)];
    const { parentId } = request.body;
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { ids, parentId, move: true } }, async (trx) => {
      const lib = await libraryOf(trx, request);
      const rows = ids.map((id) => need(lib, id, 3));
      needTarget(lib, parentId);
      const names = new Set<string>();
      for (const r of rows) {
        const problem = moveProblem(lib.access, r.id, parentId);
        if (problem) throw badRequest(problem);
        if (r.parentId === parentId) continue;
        const lower = r.name.toLowerCase();
        if (sibling(lib, parentId, r.name) || names.has(lower)) throw duplicate(r.name);
        names.add(lower);
      }
      await moveNodes(trx, tenantId, userId, ids, parentId);
    });
    return done('移动成功');
  });

  app.post('/system/resource/delete', { schema: { body: ResourceDeleteBody, response: { 200: ResourceDone } } }, async (request) => {
    const { tenantId } = request.user;
    const ids = [...new Set(request.body.ids)];
    const keys = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete, param: { ids } }, async (trx) => {
      const lib = await libraryOf(trx, request);
      for (const id of ids) need(lib, id, 3);
      // Managing a folder is managing what it holds: its whole subtree goes with it.
      const all = new Set(ids.flatMap((id) => lib.access.subtree(id)));
      return deleteNodes(trx, tenantId, [...all]);
    });
    // After the commit: a failed removal leaves an orphan object, never a node without its bytes.
    for (const key of keys) await store.remove(key).catch((err) => request.log.warn({ err, key }, 'resource file not removed'));
    return done('删除成功');
  });

  app.get('/system/resource/permissions', { schema: { querystring: ResourceIdQuery, response: { 200: ResourcePermissionsAnswer } } }, async (request) => {
    const { tenantId } = request.user;
    const lib = await libraryOf(app.db, request);
    const { id } = request.query;
    need(lib, id, 3);
    const entries = await loadEntries(app.db, tenantId);
    const chain = lib.access.path(id);
    const relevant = entries.filter((e) => chain.includes(e.resourceId));
    const ids = { user: [] as number[], role: [] as number[], dept: [] as number[] };
    for (const e of relevant) ids[e.subjectType].push(e.subjectId);
    const names = await subjectNames(app.db, tenantId, ids);
    const named = (e: (typeof relevant)[number]) => ({
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      level: LEVEL_NAME[Math.min(3, Math.max(1, e.level)) as 1 | 2 | 3],
      name: names.get(`${e.subjectType}:${e.subjectId}`) ?? `#${e.subjectId}`,
    });
    const order = (a: { resourceId: number }, b: { resourceId: number }) => chain.indexOf(a.resourceId) - chain.indexOf(b.resourceId);
    return ok({
      id,
      entries: relevant.filter((e) => e.resourceId === id).map(named),
      inherited: relevant
        .filter((e) => e.resourceId !== id)
        .sort(order)
        .map((e) => ({ ...named(e), fromId: e.resourceId, fromName: lib.rows.get(e.resourceId)!.name })),
    });
  });

  app.post('/system/resource/permissions/modify', { schema: { body: ResourcePermissionsBody, response: { 200: ResourceDone } } }, async (request) => {
    const { tenantId } = request.user;
    const { id } = request.body;
    // One entry per subject: the highest level given wins.
    const merged = new Map<string, { subjectType: 'user' | 'role' | 'dept'; subjectId: number; level: number }>();
    for (const e of request.body.entries) {
      const k = `${e.subjectType}:${e.subjectId}`;
      const level = LEVEL_NUMBER[e.level];
      if ((merged.get(k)?.level ?? 0) < level) merged.set(k, { subjectType: e.subjectType, subjectId: e.subjectId, level });
    }
    const entries = [...merged.values()];
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.authorize, param: { id, entries: request.body.entries } }, async (trx) => {
      const lib = await libraryOf(trx, request);
      need(lib, id, 3);
      const ids = { user: [] as number[], role: [] as number[], dept: [] as number[] };
      for (const e of entries) ids[e.subjectType].push(e.subjectId);
      const names = await subjectNames(trx, tenantId, ids);
      const label = { user: '人员', role: '角色', dept: '部门' } as const;
      for (const e of entries) if (!names.has(`${e.subjectType}:${e.subjectId}`)) throw badRequest(`${label[e.subjectType]}不存在：${e.subjectId}`);
      await replaceEntries(trx, tenantId, id, entries);
    });
    return done('保存成功');
  });

  app.get('/system/resource/versions', { schema: { querystring: ResourceIdQuery, response: { 200: ResourceVersionsAnswer } } }, async (request) => {
    const lib = await libraryOf(app.db, request);
    const row = need(lib, request.query.id, 1);
    if (row.kind !== 'file') throw badRequest('文件夹没有版本');
    return ok(await listVersions(app.db, request.user.tenantId, row.id));
  });

  /** Opens a version (default the current one) of a file the caller holds `min` on. */
  async function openVersion(request: FastifyRequest, q: { id: number; version?: number }, min: LevelNumber) {
    const lib = await libraryOf(app.db, request);
    const row = need(lib, q.id, min);
    if (row.kind !== 'file') throw badRequest('文件夹不能下载或预览');
    const key = await versionKey(app.db, request.user.tenantId, row.id, q.version ?? row.version);
    if (!key) throw notFound('该版本不存在');
    const object = await store.get(key);
    if (!object) throw notFound('文件不存在');
    return { row, object };
  }

  app.get('/system/resource/download', { schema: { querystring: ResourceFileQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    const { row, object } = await openVersion(request, request.query, 2);
    reply.header('Content-Type', contentTypeOf(row.name));
    reply.header('Content-Length', String(object.size));
    reply.header('Content-Disposition', contentDisposition(row.name));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(object.body);
  });

  // Viewing is enough to preview: images, PDF and text are shown in place, sandboxed, never as a download.
  app.get('/system/resource/preview', { schema: { querystring: ResourceFileQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    const lib = await libraryOf(app.db, request);
    const row = need(lib, request.query.id, 1);
    if (row.kind === 'file' && !isPreviewable(row.name)) throw badRequest('该类型的文件不能预览，请下载后查看');
    const { object } = await openVersion(request, request.query, 1);
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
