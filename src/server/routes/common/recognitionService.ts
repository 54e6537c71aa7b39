/**
 * Calls to the configured recognition services (spec 02 §7): OCR of ID cards and invoices at
 * the tenant's OCR service (sys.invoice.ocr.url / .key, else OCR_SERVICE_URL / OCR_SERVICE_KEY:
 * src/server/invoices/providerSettings.ts; `POST {url}/idCard/parse`, `POST {url}/invoice/parse`,
 * multipart field `file`, the key — when set — as header `x-api-key`)
 * and the company lookup at COMPANY_LOOKUP_URL (`GET {url}?keyword=`). Each answers JSON, its
 * payload either bare or under `data`. Failures become clear Chinese errors, never a 500.
 */
import { badRequest, HttpError } from '../../http/HttpError.js';
import { outboundFetch, type OutboundProvider } from '../../providers/outboundFetch.js';

/** Default time allowed to a recognition service, overridable with RECOGNITION_TIMEOUT_MS. */
export const DEFAULT_RECOGNITION_TIMEOUT_MS = 15_000;
/** The answer when the service for a call is not configured. */
export const NOT_CONFIGURED = '识别服务未配置';

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.RECOGNITION_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_RECOGNITION_TIMEOUT_MS;
}

function baseUrl(value: string | undefined): string {
  if (!value) throw badRequest(NOT_CONFIGURED);
  return value.replace(/\/+$/, '');
}

/** Fetches JSON from a service; timeouts, refused connections, non-2xx and non-JSON answers are 502 / 504. */
async function callService(provider: OutboundProvider, url: string, init: RequestInit, env: NodeJS.ProcessEnv): Promise<unknown> {
  let res: Response;
  try {
    res = await outboundFetch(provider, url, { ...init, signal: AbortSignal.timeout(timeoutMs(env)) });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, '识别服务响应超时，请稍后重试');
    throw new HttpError(502, '识别服务无法连接，请稍后重试');
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(502, '识别服务返回内容无法解析');
  }
  const msg = (body as { msg?: unknown })?.msg;
  const code = (body as { code?: unknown })?.code;
  if (!res.ok || (code !== undefined && Number(code) !== 200)) {
    throw new HttpError(502, typeof msg === 'string' && msg ? `识别失败：${msg}` : `识别服务调用失败（${res.status}）`);
  }
  const data = (body as { data?: unknown })?.data;
  return data !== undefined ? data : body;
}

/** Sends one file to the OCR service's `kind` parse call and answers its payload. */
export async function ocrParse(kind: 'idCard' | 'invoice', file: { buffer: Buffer; filename: string; mimetype: string }, env: NodeJS.ProcessEnv): Promise<unknown> {
  const url = `${baseUrl(env.OCR_SERVICE_URL)}/${kind}/parse`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimetype || 'application/octet-stream' }), file.filename);
  const key = env.OCR_SERVICE_KEY?.trim();
  return callService('ocr', url, { method: 'POST', body: form, ...(key ? { headers: { 'x-api-key': key } } : {}) }, env);
}

/** Asks the company lookup for `keyword` and answers its payload (the company fields). */
export async function companyLookup(keyword: string, env: NodeJS.ProcessEnv = process.env): Promise<unknown> {
  const base = baseUrl(env.COMPANY_LOOKUP_URL);
  const url = `${base}${base.includes('?') ? '&' : '?'}keyword=${encodeURIComponent(keyword)}`;
  return callService('company', url, { method: 'GET' }, env);
}
