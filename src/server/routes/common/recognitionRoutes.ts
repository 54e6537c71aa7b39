/**
 * Recognition calls (spec 02 §3, §7): `POST /ocr/idCard/parse` and `POST /ocr/invoice/parse`
 * (multipart `file`, forwarded to OCR_SERVICE_URL; the invoice image is also stored like an
 * upload) and `GET /common/company/creditInfoQuery?keyword` (COMPANY_LOOKUP_URL). Without a
 * configured service each answers 400 识别服务未配置. Registered inside the common plugin, which
 * holds the multipart parser.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { CompanyAnswer, CompanyQuery, IdCardAnswer, InvoiceAnswer } from '../../../shared/contract/files.js';
import { storeUpload } from '../../files/fileService.js';
import { rememberUpload } from '../../repositories/fileUploadRepository.js';
import type { FileStore } from '../../files/fileStore.js';
import { tooLargeMessage } from '../../files/filesConfig.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { ok } from '../../http/reply.js';
import { companyLookup, NOT_CONFIGURED, ocrParse } from './recognitionService.js';

/** OCR images are photos and scans: a generous cap well under the general upload limit. */
const OCR_MAX_MB = 20;

async function readImage(request: FastifyRequest, maxMb: number) {
  if (!request.isMultipart()) throw badRequest('请选择要识别的图片');
  let part;
  try {
    part = await request.file();
  } catch {
    throw badRequest('上传内容不正确');
  }
  if (!part || part.fieldname !== 'file') throw badRequest('请选择要识别的图片');
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(maxMb));
    throw badRequest('上传内容不正确');
  }
  if (buffer.length > maxMb * 1024 * 1024) throw new HttpError(413, tooLargeMessage(maxMb));
  if (!buffer.length) throw badRequest('请选择要识别的图片');
  return { buffer, filename: part.filename || 'image', mimetype: part.mimetype };
}

/** The id-card answer: the service's fields, with `ethnicity` also filled from `nation` when that is what it gives. */
function idCardData(raw: unknown): Record<string, unknown> {
  const data = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  if (data.ethnicity === undefined && data.nation !== undefined) data.ethnicity = data.nation;
  return data;
}

/** The invoice's `result`: fields and item_list, from `result` or the bare payload. */
function invoiceResult(raw: unknown): { fields: Record<string, unknown>; item_list: unknown[] } {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const r = (body.result && typeof body.result === 'object' ? body.result : body) as Record<string, unknown>;
  const fields = r.fields && typeof r.fields === 'object' && !Array.isArray(r.fields) ? (r.fields as Record<string, unknown>) : {};
  return { fields, item_list: Array.isArray(r.item_list) ? r.item_list : [] };
}

/** Adds the three recognition routes to the common plugin. */
export function registerRecognitionRoutes(app: Parameters<ContractPlugin>[0], store: FileStore, maxSizeMb: number): void {
  const maxMb = Math.min(OCR_MAX_MB, maxSizeMb);

  app.post('/ocr/idCard/parse', { schema: { response: { 200: IdCardAnswer } } }, async (request) => {
    if (!process.env.OCR_SERVICE_URL) throw badRequest(NOT_CONFIGURED);
    const image = await readImage(request, maxMb);
    return ok(idCardData(await ocrParse('idCard', image)));
  });

  app.post('/ocr/invoice/parse', { schema: { response: { 200: InvoiceAnswer } } }, async (request) => {
    if (!process.env.OCR_SERVICE_URL) throw badRequest(NOT_CONFIGURED);
    const image = await readImage(request, maxMb);
    const result = invoiceResult(await ocrParse('invoice', image));
    // The recognised image is kept like an upload, so the field stores it with its values.
    const saved = await storeUpload(store, request.user.tenantId, { filename: image.filename, file: Readable.from(image.buffer) }, maxSizeMb);
    await rememberUpload(app.db, request.user.tenantId, saved.fileName, request.user.userId);
    const invoice = { url: saved.url, name: saved.originalName, obsUrl: saved.obsUrl, checkStatus: null, checkError: null };
    // Spec 02 §3 "Invoice parse response": fileName, url, obsUrl, invoice and result at the top level (the envelope's data holds the same).
    return { ...ok({ ...saved, invoice, result }), fileName: saved.fileName, url: saved.url, obsUrl: saved.obsUrl, invoice, result };
  });

  app.get(
    '/common/company/creditInfoQuery',
    { schema: { querystring: CompanyQuery, response: { 200: CompanyAnswer } } },
    async (request) => {
      if (!process.env.COMPANY_LOOKUP_URL) throw badRequest(NOT_CONFIGURED);
      const keyword = (request.query.keyword ?? '').trim();
      if (!keyword) throw badRequest('请输入企业名称');
      return ok(await companyLookup(keyword));
    },
  );
}
