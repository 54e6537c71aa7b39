/**
 * What an office call works on: an uploaded file (a key of files/fileKeys.ts) or a file of the
 * resource library (ADR 1044), with the caller's right to view, download or edit it, and how a new
 * version is written (docs/office.md "Online editing").
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { hasPermission } from '../auth/permissions.js';
import { HttpError, badRequest, forbidden, notFound } from '../http/HttpError.js';
import { assertMayDelete } from '../files/fileDelete.js';
import { keyOfRef } from '../files/fileRefs.js';
import { parseFileKey, sanitizeFileName } from '../files/fileKeys.js';
import type { FileStore } from '../files/fileStore.js';
import { libraryOf } from '../resources/resourceLibrary.js';
import { resourceFileKey } from '../resources/resourceFiles.js';
import { addVersion } from '../resources/resourceRepository.js';

/** A file an office call names. */
export type OfficeTarget = { kind: 'file'; key: string } | { kind: 'resource'; id: number };

/** The target with its current store key, name and the caller's rights. */
export interface ResolvedTarget {
  target: OfficeTarget;
  storeKey: string;
  name: string;
  canDownload: boolean;
  canEdit: boolean;
}

/** Same rule as routes/resource: who may create at the top of the library. */
const RESOURCE_ROOT_PERMISSION = 'system:resource:add';

/** The target of a query (`fileName`: an upload key or download url; `resourceId`: a library file); 400 when neither. */
export function targetOf(query: { fileName?: string; resourceId?: number }, tenantId: number): OfficeTarget {
  if (query.resourceId) return { kind: 'resource', id: query.resourceId };
  if (!query.fileName) throw badRequest('文件名不能为空');
  const key = keyOfRef(query.fileName);
  if (!key) throw badRequest('文件地址不正确');
  // Another tenant's file answers like a missing one, so keys cannot be probed.
  if (parseFileKey(key)!.tenantId !== tenantId) throw notFound('文件不存在');
  return { kind: 'file', key };
}

/** Resolves `target` for `user`: 404 for what they cannot see, `canEdit` only when they may change it. */
export async function resolveTarget(db: Kysely<Database>, store: FileStore, user: AuthUser, target: OfficeTarget): Promise<ResolvedTarget> {
  if (target.kind === 'resource') {
    const lib = await libraryOf(db, user, hasPermission(user, RESOURCE_ROOT_PERMISSION));
    const row = lib.rows.get(target.id);
    const level = row ? lib.access.level(target.id) : 0;
    if (!row || level < 1 || row.kind !== 'file' || !row.fileKey) throw notFound('资源不存在');
    return { target, storeKey: row.fileKey, name: row.name, canDownload: level >= 2, canEdit: level >= 3 };
  }
  if (!(await store.stat(target.key))) throw notFound('文件不存在');
  // Editing replaces the file for every record holding it: the same right as deleting it (files/fileDelete.ts).
  const canEdit = await assertMayDelete(db, store, user, target.key).then(() => true, (err: unknown) => {
    if (err instanceof HttpError && err.status === 403) return false;
    throw err;
  });
  return { target, storeKey: target.key, name: parseFileKey(target.key)!.name, canDownload: true, canEdit };
}

/**
 * Library files for the merge download, in the order given: 404 `资源不存在` for what the caller
 * cannot see (or is a folder), 403 `当前操作没有权限` without download — the library's own rules
 * for `/system/resource/download` (docs/resources.md).
 */
export async function downloadableResources(db: Kysely<Database>, user: AuthUser, ids: readonly number[]): Promise<{ key: string; name: string }[]> {
  if (!ids.length) return [];
  const lib = await libraryOf(db, user, hasPermission(user, RESOURCE_ROOT_PERMISSION));
  return ids.map((id) => {
    const row = lib.rows.get(id);
    const level = row ? lib.access.level(id) : 0;
    if (!row || level < 1 || row.kind !== 'file' || !row.fileKey) throw notFound('资源不存在');
    if (level < 2) throw forbidden();
    return { key: row.fileKey, name: row.name };
  });
}

/** Throws 403 unless the resolved target may be edited. */
export function needEdit(resolved: ResolvedTarget): void {
  if (!resolved.canEdit) throw forbidden('没有权限编辑该文件');
}

/**
 * Writes `bytes` as the target's new version. A library file gets a new row in its version list
 * (the old versions stay downloadable); an uploaded file is replaced at its key (the records that
 * hold it see the edit), its previous bytes kept under `t{tenantId}/ver/{uuid}/{name}` — answered as
 * `previousKey` so the save's log line names it (nothing else lists it: docs/office.md "Old bytes").
 */
export async function writeNewVersion(db: Kysely<Database>, store: FileStore, tenantId: number, userId: number, target: OfficeTarget, bytes: Buffer): Promise<{ previousKey?: string }> {
  if (target.kind === 'resource') {
    const row = await db.selectFrom('resources').select(['name', 'kind']).where('tenant_id', '=', tenantId).where('id', '=', target.id).executeTakeFirst();
    if (!row || row.kind !== 'file') throw notFound('资源不存在');
    const key = resourceFileKey(tenantId, sanitizeFileName(row.name));
    const { size } = await store.put(key, Readable.from([bytes]));
    try {
      await db.transaction().execute((trx) => addVersion(trx, tenantId, userId, target.id, { fileKey: key, size }));
    } catch (err) {
      await store.remove(key);
      throw err;
    }
    return {};
  }
  const parsed = parseFileKey(target.key);
  if (!parsed || parsed.tenantId !== tenantId) throw notFound('文件不存在');
  const old = await store.get(target.key);
  if (!old) throw notFound('文件不存在');
  const previous: Buffer[] = [];
  for await (const chunk of old.body) previous.push(chunk as Buffer);
  // The previous bytes are stored first, so a failure below never loses both versions.
  const previousKey = `t${tenantId}/ver/${randomUUID()}/${parsed.name}`;
  await store.put(previousKey, Readable.from([Buffer.concat(previous)]));
  await store.remove(target.key);
  try {
    await store.put(target.key, Readable.from([bytes]));
  } catch (err) {
    await store.put(target.key, Readable.from([Buffer.concat(previous)])).catch(() => undefined);
    throw err;
  }
  return { previousKey };
}
