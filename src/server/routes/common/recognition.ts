/**
 * Whether recognition services (ID card OCR, company lookup) are configured. None is bundled:
 * without one, idCard / business fields store their images and say so. Invoices are always
 * recognised: offline from the document (QR code, PDF text, 全电 XML; src/server/invoices), with an
 * OCR service as the fallback for photos without a readable QR code.
 */
import type { Static } from 'typebox';
import type { RecognitionStatusSchema } from '../../../shared/contract/files.js';

/** Which recognitions are available, from OCR_SERVICE_URL and COMPANY_LOOKUP_URL (src/shared/contract/files.ts); invoices always. */
export type RecognitionStatus = Static<typeof RecognitionStatusSchema>;

/** The current status of a tenant (its provider settings, src/server/invoices/providerSettings.ts; the company lookup from the environment). */
export function recognitionStatus(env: Record<string, string | undefined>): RecognitionStatus {
  const ocr = !!env.OCR_SERVICE_URL;
  const company = !!env.COMPANY_LOOKUP_URL;
  return { idCard: ocr, invoice: true, business: company, message: '识别服务未配置' };
}
