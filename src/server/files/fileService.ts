/** Upload and download of tenant files over a FileStore (routes/common calls these). */
import type { Readable } from 'node:stream';
import { badRequest, HttpError, notFound } from '../http/HttpError.js';
import { downloadUrl, newFileKey, parseFileKey, sanitizeFileName } from './fileKeys.js';
import type { FileStore } from './fileStore.js';
import { tooLargeMessage } from './filesConfig.js';

/** The upload answer of spec 02 §7: fileName (the stored key), url, size, obsUrl, and the original name. */
export interface UploadedFile {
  fileName: string;
  url: string;
  size: number;
  obsUrl: string;
  originalName: string;
}

/** Stores one uploaded stream for a tenant; a stream cut at the size limit becomes a 413 and leaves nothing. */
export async function storeUpload(
  store: FileStore,
  tenantId: number,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
  maxSizeMb: number,
): Promise<UploadedFile> {
  const name = sanitizeFileName(upload.filename);
  const key = newFileKey(tenantId, name);
  let size: number;
  try {
    size = (await store.put(key, upload.file)).size;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(maxSizeMb));
    throw err;
  }
  if (upload.file.truncated) {
    await store.remove(key);
    throw new HttpError(413, tooLargeMessage(maxSizeMb));
  }
  const url = downloadUrl(key);
  return { fileName: key, url, size, obsUrl: url, originalName: name };
}

/** Opens a tenant's file by key; another tenant's key or a malformed one is "not found". */
export async function openDownload(store: FileStore, tenantId: number, key: string | undefined): Promise<{ body: Readable; size: number; name: string }> {
  if (!key) throw badRequest('文件名不能为空');
  const parsed = parseFileKey(key);
  // Another tenant's file answers exactly like a missing one, so keys cannot be probed.
  if (!parsed || parsed.tenantId !== tenantId) throw notFound('文件不存在');
  const object = await store.get(key);
  if (!object) throw notFound('文件不存在');
  return { ...object, name: parsed.name };
}
