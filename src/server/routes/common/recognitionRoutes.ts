/**
 * Recognition calls (spec 02 §3, §7): `POST /ocr/idCard/parse` (multipart `file`, forwarded to
 * OCR_SERVICE_URL), `POST /ocr/invoice/parse` (multipart `file`: read offline from the document
 * first, issue 31, then by OCR_SERVICE_URL; a duplicate of a ledger invoice is refused; the file is
 * stored like an upload) and `GET /common/company/creditInfoQuery?keyword` (COMPANY_LOOKUP_URL).
 * Without a configured service the ID-card and company calls answer 400 识别服务未配置.
 * Registered inside the common plugin, which holds the multipart parser.
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { CompanyAnswer, CompanyQuery, IdCardAnswer, InvoiceAnswer, InvoiceParseQuery } from '../../../shared/contract/files.js';
import { assertNotDuplicateOnRecognition } from '../../invoices/invoiceDuplicates.js';
import { configuredVerifier, UNCHECKED, verifyInvoice } from '../../invoices/invoiceVerifier.js';
import { tenantProviderEnv, type ProviderEnv } from '../../invoices/providerSettings.js';
import { recognizeInvoice, type Recognition } from '../../invoices/recognizeInvoice.js';
import { toInvoiceResult } from '../../invoices/recognizedInvoice.js';
import { storeUpload } from '../../files/fileService.js';
import { rememberUpload } from '../../repositories/fileUploadRepository.js';
import type { FileStore } from '../../files/fileStore.js';
import { tooLargeMessage } from '../../files/filesConfig.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { ok } from '../../http/reply.js';
import { companyLookup, NOT_CONFIGURED, ocrParse } from './recognitionService.js';

/** OCR images are photos and scans: a generous cap well under the general upload limit. */
const OCR_MAX_MB = 20;

async function readImage(request: FastifyRequest, maxMb: number, missing = '请选择要识别的图片') {
  if (!request.isMultipart()) throw badRequest(missing);
  let part;
  try {
    part = await request.file();
  } catch {
    throw badRequest('上传内容不正确');
  }
  if (!part || part.fieldname !== 'file') throw badRequest(missing);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(maxMb));
    throw badRequest('上传内容不正确');
  }
  if (buffer.length > maxMb * 1024 * 1024) throw new HttpError(413, tooLargeMessage(maxMb));
  if (!buffer.length) throw badRequest(missing);
  return { buffer, filename: part.filename || 'image', mimetype: part.mimetype };
}

/** The id-card answer: the service's fields, with `ethnicity` also filled from `nation` when that is what it gives. */
function idCardData(raw: unknown): Record<string, unknown> {
  const data = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  if (data.ethnicity === undefined && data.nation !== undefined) data.ethnicity = data.nation;
  return data;
}

type InvoiceResultShape = { fields: Record<string, unknown>; item_list: unknown[]; source?: string };

/** The answer when neither the document nor a service gives the invoice. */
export const UNREADABLE_INVOICE = '未能识别发票：文件中没有可读的发票二维码、文字层或全电发票 XML，且未配置 OCR 识别服务（系统参数 sys.invoice.ocr.url 或环境变量 OCR_SERVICE_URL），请上传发票 PDF/XML 或清晰的二维码照片';

/** The invoice's `result`: fields and item_list, from `result` or the bare payload. */
function invoiceResult(raw: unknown): InvoiceResultShape {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const r = (body.result && typeof body.result === 'object' ? body.result : body) as Record<string, unknown>;
  const fields = r.fields && typeof r.fields === 'object' && !Array.isArray(r.fields) ? (r.fields as Record<string, unknown>) : {};
  return { fields, item_list: Array.isArray(r.item_list) ? r.item_list : [] };
}

/**
 * The invoice's `result`: read offline from the document itself (QR code, PDF text layer, 全电
 * XML/OFD: src/server/invoices), else by the configured OCR service, else a 400 saying neither
 * could.
 */
async function recognizeUpload(image: { buffer: Buffer; filename: string; mimetype: string }, log: FastifyBaseLogger, env: ProviderEnv): Promise<{ result: InvoiceResultShape; offline: Recognition | null }> {
  let offline = null;
  try {
    offline = await recognizeInvoice(image.buffer);
  } catch (err) {
    // A damaged document is not an error of the call: the OCR service may still read it.
    log.warn({ err }, 'offline invoice recognition failed');
  }
  if (offline) return { result: { ...toInvoiceResult(offline.invoice), source: offline.source }, offline };
  if (!env.OCR_SERVICE_URL) throw badRequest(UNREADABLE_INVOICE);
  return { result: { ...invoiceResult(await ocrParse('invoice', image, env)), source: 'ocr' }, offline: null };
}

/** Adds the three recognition routes to the common plugin. */
export function registerRecognitionRoutes(app: Parameters<ContractPlugin>[0], store: FileStore, maxSizeMb: number): void {
  const maxMb = Math.min(OCR_MAX_MB, maxSizeMb);

  app.post('/ocr/idCard/parse', { schema: { response: { 200: IdCardAnswer } } }, async (request) => {
    const env = await tenantProviderEnv(app.db, request.user.tenantId);
    if (!env.OCR_SERVICE_URL) throw badRequest(NOT_CONFIGURED);
    const image = await readImage(request, maxMb);
    return ok(idCardData(await ocrParse('idCard', image, env)));
  });

  app.post('/ocr/invoice/parse', { schema: { querystring: InvoiceParseQuery, response: { 200: InvoiceAnswer } } }, async (request) => {
    const image = await readImage(request, maxMb, '请选择要识别的发票文件');
    // The tenant's own providers (issue 31 item 4), else the installation's.
    const env = await tenantProviderEnv(app.db, request.user.tenantId);
    const { result, offline } = await recognizeUpload(image, request.log, env);
    const number = result.fields.invoice_no;
    // An invoice already in the tenant's ledger is refused before anything is stored (issue 31 item 2).
    if (typeof number === 'string' && /^[0-9A-Za-z-]{8,30}$/.test(number)) {
      const code = typeof result.fields.invoice_code === 'string' ? result.fields.invoice_code : '';
      await assertNotDuplicateOnRecognition(app.db, request.user, code, number, request.query.recordId);
    }
    // Checked with the national platform when a provider is configured (sys.invoice.verify.url / INVOICE_VERIFY_URL); else unchecked (null).
    const check = offline ? await verifyInvoice(offline.invoice, configuredVerifier(env)) : UNCHECKED;
    // The verdict also fills the form's 查验结果 / 查验失败原因 (the demo ledger's check_status, check_error).
    if (check.checkStatus !== null) {
      result.fields.check_status = String(check.checkStatus);
      if (check.checkError) result.fields.check_error = check.checkError;
    }
    // The recognised file is kept like an upload, so the field stores it with its values.
    const saved = await storeUpload(store, request.user.tenantId, { filename: image.filename, file: Readable.from(image.buffer) }, maxSizeMb);
    await rememberUpload(app.db, request.user.tenantId, saved.fileName, request.user.userId);
    const invoice = { url: saved.url, name: saved.originalName, obsUrl: saved.obsUrl, checkStatus: check.checkStatus, checkError: check.checkError };
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
