/** The one file part of a multipart upload request, with the spec's answers for what is wrong. */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/HttpError.js';
import { tooLargeMessage } from './filesConfig.js';

/**
 * Reads the request's file part named one of `fieldNames` (default `file`); `missing` is the
 * Chinese 400 when there is none, a body over `maxSizeMb` is a 413 (spec 02 §5), anything
 * malformed a 400 `上传内容不正确`.
 */
export async function readFilePart(
  request: FastifyRequest,
  opts: { maxSizeMb: number; missing: string; fieldNames?: readonly string[] },
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest(opts.missing);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(opts.maxSizeMb));
    throw badRequest('上传内容不正确');
  }
  if (!part || !(opts.fieldNames ?? ['file']).includes(part.fieldname)) throw badRequest(opts.missing);
  return part;
}
