/**
 * Batch and merge download (spec 02 §2.5, §7; docs/api.md "Files"): `POST /api/common/download/zip`
 * streams the named files as one zip; `POST /api/common/merge/pdf` `{fileName, urls}` merges PDFs and
 * images into one PDF, stores it like an upload and answers its url in `msg`. Both take only the
 * caller's tenant's files (the tenant is part of every key).
 */
import { Readable } from 'node:stream';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { FileAnswer } from '../../../shared/contract/common.js';
import { MAX_BUNDLE_FILES, MergeAnswer, MergeBody, ZipBody } from '../../../shared/contract/files.js';
import { contentDisposition } from '../../files/contentDisposition.js';
import { sanitizeFileName } from '../../files/fileKeys.js';
import { mergeStored, nameWith } from '../../files/mergeStored.js';
import { tenantKeys, uniqueNames } from '../../files/fileRefs.js';
import type { FileStore } from '../../files/fileStore.js';
import { zipStream } from '../../files/zipStream.js';
import { notFound } from '../../http/HttpError.js';

/** At most this many files per call. */
export { MAX_BUNDLE_FILES };

/** Registers the zip and merge routes on the common plugin (which owns `store`). */
export function registerBundleRoutes(app: Parameters<ContractPlugin>[0], store: FileStore): void {
  app.post('/common/download/zip', { schema: { body: ZipBody, response: { 200: FileAnswer } } }, async (request, reply) => {
    const keys = tenantKeys(request.body.files.map((f) => f.url), request.user.tenantId);
    // Checked up front, opened one at a time while zipping: holding up to 200 object-store
    // responses open at once would exhaust the S3 client's sockets before the first is read.
    const found = await Promise.all(keys.map((k) => store.stat(k.key)));
    if (found.some((o) => !o)) throw notFound('文件不存在');
    let current: Readable | null = null;
    let closed = false;
    const open = async (key: string) => {
      // The client went away: stop instead of reading the remaining files into nowhere.
      if (closed) throw new Error('zip download closed');
      const object = await store.get(key);
      // Removed between the check and the read: the archive ends with an error (the client sees a cut download).
      if (!object) throw new Error(`file vanished while zipping: ${key}`);
      current = object.body;
      return object.body;
    };
    // The record's display name (a renamed file) names the entry; the stored name otherwise.
    const names = uniqueNames(request.body.files.map((f, i) => (f.name?.trim() ? sanitizeFileName(f.name) : keys[i].name)));
    const archive = zipStream(keys.map((k, i) => ({ name: names[i], open: () => open(k.key) })));
    archive.on('close', () => {
      closed = true;
      (current as Readable | null)?.destroy();
    });
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Disposition', contentDisposition(nameWith(request.body.fileName, 'zip', '附件.zip')));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(archive);
  });

  app.post('/common/merge/pdf', { schema: { body: MergeBody, response: { 200: MergeAnswer } } }, async (request) => {
    const data = await mergeStored(app.db, store, request.user, request.body, { accepts: () => false, refusal: '只能合并 PDF 和 png / jpg 图片' });
    // Spec 02 §7: the resulting url is in `msg`; `data` holds the upload answer's shape.
    return { code: 200 as const, msg: data.url, data };
  });
}
