/**
 * The ONLYOFFICE save callback (api.onlyoffice.com "Callback handler"). Two signatures are checked:
 * the Document Server's JWT over the body (in the body's `token` or the Authorization header), and
 * this server's callback token in the url. Only the signed body is trusted. Status 2 (ready for
 * saving) and 6 (force save) download the edited file — from the configured Document Server's
 * origin only (SSRF), without redirects, under a timeout and the upload size limit — and write it
 * as a new version; every other status is acknowledged and ignored.
 */
import { forbidden, badRequest } from '../http/HttpError.js';
import type { OfficeConfig } from './officeConfig.js';
import { verifyJwt } from './hs256.js';
import type { CallbackTokenClaims } from './onlyofficeEditor.js';
import type { OfficeTarget } from './officeTargets.js';

/** Statuses that carry a document to save. */
const SAVE_STATUSES = new Set([2, 6]);
/** How long the download of an edited document may take. */
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The callback's body as the Document Server signed it. */
export interface CallbackBody {
  key?: string;
  status: number;
  url?: string;
}

/** The verified body and the url token's claims; 403 for a missing or bad signature. */
export function verifyCallback(office: OfficeConfig, urlToken: string | undefined, body: unknown, authorization: string | undefined): { body: CallbackBody; claims: CallbackTokenClaims } {
  const secret = office.onlyofficeJwtSecret;
  if (!office.onlyofficeUrl || !secret) throw forbidden('未配置在线编辑服务');
  const claims = urlToken ? verifyJwt(urlToken, secret) : null;
  if (!claims || claims.purpose !== 'callback') throw forbidden('回调令牌无效');
  const bodyToken = (body as { token?: unknown } | null)?.token;
  const headerToken = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
  let signed: Record<string, unknown> | null = null;
  if (typeof bodyToken === 'string') signed = verifyJwt(bodyToken, secret);
  else if (headerToken) signed = (verifyJwt(headerToken, secret)?.payload as Record<string, unknown> | undefined) ?? null;
  if (!signed) throw forbidden('回调签名无效');
  if (typeof signed.status !== 'number') throw badRequest('回调内容不正确');
  return { body: { key: signed.key as string | undefined, status: signed.status, url: typeof signed.url === 'string' ? signed.url : undefined }, claims: claims as unknown as CallbackTokenClaims };
}

/** True when the status asks for the document to be saved. */
export function isSaveStatus(status: number): boolean {
  return SAVE_STATUSES.has(status);
}

/** The edited document's url when it points at the configured Document Server; 400 otherwise. */
export function checkedDownloadUrl(office: OfficeConfig, raw: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    throw badRequest('回调中的文件地址不正确');
  }
  if (url.origin !== new URL(office.onlyofficeUrl!).origin) throw badRequest('回调中的文件地址不属于已配置的在线编辑服务');
  return url;
}

/** Downloads the edited document: no redirects, a timeout, at most `maxBytes`. */
export async function downloadEdited(url: URL, maxBytes: number): Promise<Buffer> {
  const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!res.ok || !res.body) throw badRequest(`下载编辑后的文件失败（HTTP ${res.status}）`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) throw badRequest('编辑后的文件超过上传大小限制');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export type { OfficeTarget };
