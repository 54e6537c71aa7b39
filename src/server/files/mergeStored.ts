/**
 * A merge download over stored files (spec 02 §7): the caller's tenant's files read in the order
 * given (at most MAX_MERGE_MB together), merged into one PDF, stored like an upload. With `toPdf`
 * (POST /api/office/merge/pdf) office files go through the converter; without it only PDFs and
 * images are taken (POST /api/common/merge/pdf).
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { rememberUpload } from '../repositories/fileUploadRepository.js';
import { badRequest, HttpError, notFound } from '../http/HttpError.js';
import { readAll } from '../office/officePdf.js';
import { downloadUrl, newFileKey, sanitizeFileName } from './fileKeys.js';
import { tenantKeys } from './fileRefs.js';
import type { FileStore } from './fileStore.js';
import { isMergeable, mergeToPdf } from './mergePdf.js';
import type { UploadedFile } from './fileService.js';

/** At most this many MB read into memory for one merge. */
export const MAX_MERGE_MB = 200;

/** A sanitised name with the extension `ext`, or `fallback`. */
export function nameWith(raw: string | undefined, ext: string, fallback: string): string {
  const name = raw?.trim() ? sanitizeFileName(raw) : fallback;
  return name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`;
}

/**
 * Merges the referenced files; `accepts` says which names `toPdf` (or the plain merge) takes,
 * `refusal` words the 400 for the rest. `more` are store keys the caller has already been cleared
 * to read (library files, routes/office), merged after `urls`.
 */
export async function mergeStored(
  db: Kysely<Database>,
  store: FileStore,
  user: { tenantId: number; userId: number },
  body: { fileName?: string; urls: string[] },
  options: { accepts: (name: string) => boolean; refusal: string; toPdf?: (name: string, bytes: Uint8Array) => Promise<Uint8Array>; more?: { key: string; name: string }[] },
): Promise<UploadedFile> {
  const { tenantId } = user;
  const keys = [...tenantKeys(body.urls, tenantId), ...(options.more ?? [])];
  if (!keys.length) throw badRequest('请选择要合并的文件');
  const refused = keys.filter((k) => !isMergeable(k.name) && !options.accepts(k.name)).map((k) => k.name);
  if (refused.length) throw badRequest(`${options.refusal}，不支持：${refused.join('、')}`);
  let budget = MAX_MERGE_MB * 1024 * 1024;
  const files: { name: string; bytes: Uint8Array }[] = [];
  for (const k of keys) {
    const object = await store.get(k.key);
    if (!object) throw notFound('文件不存在');
    const bytes = await readAll(object.body, budget);
    if (!bytes) throw new HttpError(413, `合并文件总大小超过 ${MAX_MERGE_MB}MB`);
    budget -= bytes.length;
    files.push({ name: k.name, bytes });
  }
  const pdf = await mergeToPdf(files, options.toPdf);
  const name = nameWith(body.fileName, 'pdf', '合并文件.pdf');
  const key = newFileKey(tenantId, name);
  const { size } = await store.put(key, Readable.from([Buffer.from(pdf)]));
  await rememberUpload(db, tenantId, key, user.userId);
  const url = downloadUrl(key);
  return { fileName: key, url, size, obsUrl: url, originalName: name };
}
