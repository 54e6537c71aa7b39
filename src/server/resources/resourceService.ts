/**
 * The resource library's operations (文档管理, issue 34 item 1, ADR 1044), called by
 * routes/resource: each loads the caller's library, applies the node rules (resourceNodes.ts)
 * and writes through the repository inside an operation-log transaction (操作日志). A caller is
 * the request (its user and the operation log) and whether it holds the root permission.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FileStore } from '../files/fileStore.js';
import { badRequest, notFound } from '../http/HttpError.js';
import { BUSINESS_TYPE, withOperation } from '../services/operationLog.js';
import type { ResourceLevel } from '../../shared/contract/resources.js';
import { LEVEL_NAME, LEVEL_NUMBER, moveProblem, type LevelNumber } from './resourceAccess.js';
import { isPreviewable } from './resourceFiles.js';
import { libraryOf as loadLibrary } from './resourceLibrary.js';
import { byKindAndName, cleanName, duplicate, need, needTarget, sibling, toDto } from './resourceNodes.js';
import {
  addVersion, deleteNodes, insertNode, listVersions, loadEntries, moveNodes, renameNode, replaceEntries, subjectNames, versionKey, type NodeRow,
} from './resourceRepository.js';

const TITLE = '文档管理';

/** Who asks: the request (user, operation log) and whether they may add at the top of the library. */
export interface ResourceCaller {
  request: FastifyRequest;
  canAddRoot: boolean;
}

const libraryOf = (db: Kysely<Database>, caller: ResourceCaller) => loadLibrary(db, caller.request.user, caller.canAddRoot);

/** The folders the caller may view, and whether they may add at the top. */
export async function directory(db: Kysely<Database>, caller: ResourceCaller) {
  const lib = await libraryOf(db, caller);
  const folders = [...lib.rows.values()].filter((r) => r.kind === 'folder' && lib.access.level(r.id) >= 1).sort(byKindAndName);
  return { folders: folders.map((r) => ({ id: r.id, parentId: lib.access.visibleParent(r.id), name: r.name, level: LEVEL_NAME[lib.access.level(r.id) as 1 | 2 | 3] })), canAddRoot: lib.canAddRoot };
}

/** One page of a folder's visible nodes (0: the top), or of a name search below it. */
export async function listFiles(db: Kysely<Database>, caller: ResourceCaller, q: { parentId?: number; name?: string; pageNum: number; pageSize: number }) {
  const lib = await libraryOf(db, caller);
  const { parentId = 0, pageNum, pageSize } = q;
  const name = q.name?.trim().toLowerCase();
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
  return { rows: found.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((r) => toDto(lib, r)), total: found.length };
}

/** One node the caller may view. */
export async function loadNode(db: Kysely<Database>, caller: ResourceCaller, id: number) {
  const lib = await libraryOf(db, caller);
  return toDto(lib, need(lib, id, 1));
}

/** The folders above a node that the caller may view. */
export async function ancestors(db: Kysely<Database>, caller: ResourceCaller, id: number) {
  const lib = await libraryOf(db, caller);
  need(lib, id, 1);
  // Folders above it the caller may not view are left out (their names are not theirs to read).
  const chain = lib.access.path(id).filter((x) => lib.access.level(x) >= 1);
  return chain.map((x) => ({ id: x, name: lib.rows.get(x)!.name }));
}

/** A new folder. */
export async function createFolder(db: Kysely<Database>, caller: ResourceCaller, body: { parentId: number; name: string }) {
  const { tenantId, userId } = caller.request.user;
  const name = cleanName(body.name);
  const { parentId } = body;
  const id = await withOperation(db, caller.request, { title: TITLE, businessType: BUSINESS_TYPE.add, param: { parentId, name } }, async (trx) => {
    const lib = await libraryOf(trx, caller);
    needTarget(lib, parentId);
    if (sibling(lib, parentId, name)) throw duplicate(name);
    const created = await insertNode(trx, tenantId, userId, { parentId, kind: 'folder', name });
    // A top-level folder made by a non-administrator is theirs to manage (nothing above it grants anything).
    if (parentId === 0 && !lib.access.principal.admin) await replaceEntries(trx, tenantId, created, [{ subjectType: 'user', subjectId: userId, level: 3 }]);
    return created;
  });
  return loadNode(db, caller, id);
}

/**
 * Records an uploaded file already stored under `key`: a new version of `targetId`, or of the
 * file of that name in the folder, else a new file node. The caller removes the bytes when this throws.
 */
export async function recordUpload(db: Kysely<Database>, caller: ResourceCaller, u: { targetId?: number; parentId: number; name: string; key: string; size: number }) {
  const { tenantId, userId } = caller.request.user;
  const { targetId, parentId, name, key, size } = u;
  const id = await withOperation(db, caller.request, { title: TITLE, businessType: BUSINESS_TYPE.import, param: { id: targetId, parentId, name, size } }, async (trx) => {
    const lib = await libraryOf(trx, caller);
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
  return loadNode(db, caller, id);
}

/** Renames a node the caller manages. */
export async function renameResource(db: Kysely<Database>, caller: ResourceCaller, body: { id: number; name: string }) {
  const { tenantId, userId } = caller.request.user;
  const name = cleanName(body.name);
  const { id } = body;
  await withOperation(db, caller.request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { id, name } }, async (trx) => {
    const lib = await libraryOf(trx, caller);
    const row = need(lib, id, 3);
    if (sibling(lib, row.parentId, name, id)) throw duplicate(name);
    await renameNode(trx, tenantId, userId, id, name);
  });
  return loadNode(db, caller, id);
}

/** Moves nodes the caller manages into a folder they manage (0: the top). */
export async function moveResources(db: Kysely<Database>, caller: ResourceCaller, body: { ids: number[]; parentId: number }) {
  const { tenantId, userId } = caller.request.user;
  const ids = [...new Set(body.ids)];
  const { parentId } = body;
  await withOperation(db, caller.request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { ids, parentId, move: true } }, async (trx) => {
    const lib = await libraryOf(trx, caller);
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
}

/** Deletes nodes the caller manages with their subtrees; answers the file keys to remove after the commit. */
export async function deleteResources(db: Kysely<Database>, caller: ResourceCaller, body: { ids: number[] }): Promise<string[]> {
  const { tenantId } = caller.request.user;
  const ids = [...new Set(body.ids)];
  return withOperation(db, caller.request, { title: TITLE, businessType: BUSINESS_TYPE.delete, param: { ids } }, async (trx) => {
    const lib = await libraryOf(trx, caller);
    for (const id of ids) need(lib, id, 3);
    // Managing a folder is managing what it holds: its whole subtree goes with it.
    const all = new Set(ids.flatMap((id) => lib.access.subtree(id)));
    return deleteNodes(trx, tenantId, [...all]);
  });
}

/** A managed node's own entries and those it inherits, named. */
export async function permissionsOf(db: Kysely<Database>, caller: ResourceCaller, id: number) {
  const { tenantId } = caller.request.user;
  const lib = await libraryOf(db, caller);
  need(lib, id, 3);
  const entries = await loadEntries(db, tenantId);
  const chain = lib.access.path(id);
  const relevant = entries.filter((e) => chain.includes(e.resourceId));
  const ids = { user: [] as number[], role: [] as number[], dept: [] as number[] };
  for (const e of relevant) ids[e.subjectType].push(e.subjectId);
  const names = await subjectNames(db, tenantId, ids);
  const named = (e: (typeof relevant)[number]) => ({
    subjectType: e.subjectType,
    subjectId: e.subjectId,
    level: LEVEL_NAME[Math.min(3, Math.max(1, e.level)) as 1 | 2 | 3],
    name: names.get(`${e.subjectType}:${e.subjectId}`) ?? `#${e.subjectId}`,
  });
  const order = (a: { resourceId: number }, b: { resourceId: number }) => chain.indexOf(a.resourceId) - chain.indexOf(b.resourceId);
  return {
    id,
    entries: relevant.filter((e) => e.resourceId === id).map(named),
    inherited: relevant
      .filter((e) => e.resourceId !== id)
      .sort(order)
      .map((e) => ({ ...named(e), fromId: e.resourceId, fromName: lib.rows.get(e.resourceId)!.name })),
  };
}

/** Replaces a managed node's entries (one per subject: the highest level given wins). */
export async function savePermissions(
  db: Kysely<Database>, caller: ResourceCaller, body: { id: number; entries: { subjectType: 'user' | 'role' | 'dept'; subjectId: number; level: ResourceLevel }[] },
): Promise<void> {
  const { tenantId } = caller.request.user;
  const { id } = body;
  const merged = new Map<string, { subjectType: 'user' | 'role' | 'dept'; subjectId: number; level: number }>();
  for (const e of body.entries) {
    const k = `${e.subjectType}:${e.subjectId}`;
    const level = LEVEL_NUMBER[e.level];
    if ((merged.get(k)?.level ?? 0) < level) merged.set(k, { subjectType: e.subjectType, subjectId: e.subjectId, level });
  }
  const entries = [...merged.values()];
  await withOperation(db, caller.request, { title: TITLE, businessType: BUSINESS_TYPE.authorize, param: { id, entries: body.entries } }, async (trx) => {
    const lib = await libraryOf(trx, caller);
    need(lib, id, 3);
    const ids = { user: [] as number[], role: [] as number[], dept: [] as number[] };
    for (const e of entries) ids[e.subjectType].push(e.subjectId);
    const names = await subjectNames(trx, tenantId, ids);
    const label = { user: '人员', role: '角色', dept: '部门' } as const;
    for (const e of entries) if (!names.has(`${e.subjectType}:${e.subjectId}`)) throw badRequest(`${label[e.subjectType]}不存在：${e.subjectId}`);
    await replaceEntries(trx, tenantId, id, entries);
  });
}

/** A viewable file's versions. */
export async function versionsOf(db: Kysely<Database>, caller: ResourceCaller, id: number) {
  const lib = await libraryOf(db, caller);
  const row = need(lib, id, 1);
  if (row.kind !== 'file') throw badRequest('文件夹没有版本');
  return listVersions(db, caller.request.user.tenantId, row.id);
}

/** Opens a version (default the current one) of a file the caller holds `min` on; `preview` also refuses types not shown in place. */
export async function openVersion(
  db: Kysely<Database>, store: FileStore, caller: ResourceCaller, q: { id: number; version?: number }, min: LevelNumber, preview = false,
): Promise<{ row: NodeRow; object: NonNullable<Awaited<ReturnType<FileStore['get']>>> }> {
  const lib = await libraryOf(db, caller);
  const row = need(lib, q.id, min);
  if (preview && row.kind === 'file' && !isPreviewable(row.name)) throw badRequest('该类型的文件不能预览，请下载后查看');
  if (row.kind !== 'file') throw badRequest('文件夹不能下载或预览');
  const key = await versionKey(db, caller.request.user.tenantId, row.id, q.version ?? row.version);
  if (!key) throw notFound('该版本不存在');
  const object = await store.get(key);
  if (!object) throw notFound('文件不存在');
  return { row, object };
}
