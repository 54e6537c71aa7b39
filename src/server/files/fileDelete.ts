/**
 * Deleting a stored file (issue 11): allowed to whoever may edit every record that holds it
 * (`auto:{form}:edit`), to the user whose avatar it is, or — while nothing holds it — to the user
 * who uploaded it. Role admin passes, as everywhere. Files are never deleted by a GET.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { ADMIN_ROLE, hasPermission } from '../auth/permissions.js';
import { badRequest, forbidden, notFound } from '../http/HttpError.js';
import { findFileReferences } from '../records/repositories/fileReferences.js';
import { findAvatarOwners, findUploader } from '../repositories/fileUploadRepository.js';
import { keyOfRef } from './fileRefs.js';
import { downloadUrl, parseFileKey } from './fileKeys.js';
import type { FileStore } from './fileStore.js';

/** The key a delete call names (a key or a download URL of the caller's tenant); 400 / 404 otherwise. */
export function deletableKey(ref: string, tenantId: number): string {
  const key = keyOfRef(ref);
  if (!key) throw badRequest(`文件地址不正确：${ref.slice(0, 200)}`);
  if (parseFileKey(key)!.tenantId !== tenantId) throw notFound('文件不存在');
  return key;
}

/** Throws 403 unless `user` may delete `key`; 404 when there is no such file. */
export async function assertMayDelete(db: Kysely<Database>, store: FileStore, user: AuthUser, key: string): Promise<void> {
  if (!(await store.stat(key))) throw notFound('文件不存在');
  if (user.roleKeys.includes(ADMIN_ROLE)) return;
  const url = downloadUrl(key);
  const records = await findFileReferences(db, user.tenantId, key, url);
  const avatarOwners = await findAvatarOwners(db, user.tenantId, url);
  if (records.length || avatarOwners.length) {
    const editsAll = records.every((r) => hasPermission(user, `auto:${r.form}:edit`));
    const ownAvatarOnly = avatarOwners.every((id) => id === user.userId);
    if (!editsAll || !ownAvatarOnly) throw forbidden('没有权限删除该文件：文件所在的记录您无权修改');
    return;
  }
  if ((await findUploader(db, user.tenantId, key)) !== user.userId) throw forbidden('没有权限删除该文件：只能删除自己上传的文件');
}
