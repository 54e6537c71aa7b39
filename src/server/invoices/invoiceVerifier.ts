/**
 * Verification of a recognised invoice against the national platform (spec 02 §4 "Invoice check
 * status": -1 failed, showing checkError; 1 passed; null unchecked), through a provider at
 * the tenant's sys.invoice.verify.url, else INVOICE_VERIFY_URL (providerSettings.ts). The provider is an HTTP service (a tax-platform gateway the customer has);
 * its protocol is documented in docs/invoices.md "Verification": `POST {url}` with JSON
 * `{fplxdm, fpdm, fphm, kprq, je, jym, jshj}` answering `{code: 200, data: {valid, message?}}`.
 * Without a configured provider nothing is called and the invoice stays unchecked.
 */
import type { RecognizedInvoice } from './recognizedInvoice.js';
import { outboundFetch } from '../providers/outboundFetch.js';
import type { ProviderEnv } from './providerSettings.js';

/** The invoice's check status as the field stores it. */
export interface CheckResult {
  checkStatus: -1 | 1 | null;
  checkError: string | null;
}

/** What the platform needs to find an invoice (its own field names). */
export interface VerifyQuery {
  /** Type code (spec 02 §9). */
  fplxdm: string;
  /** Invoice code; empty for 全电. */
  fpdm: string;
  fphm: string;
  /** yyyyMMdd. */
  kprq: string;
  /** Amount without tax. */
  je: string;
  /** Last six digits of the check code, when the invoice has one. */
  jym: string;
  /** Total with tax, when known (全电 invoices are checked by it). */
  jshj: string;
}

/** A verification provider. */
export interface InvoiceVerifier {
  verify(query: VerifyQuery): Promise<CheckResult>;
}

/** Unchecked: no provider, or the invoice lacks what the platform needs. */
export const UNCHECKED: CheckResult = Object.freeze({ checkStatus: null, checkError: null });
/** checkError when the platform refuses without saying why (spec 02 §4). */
export const VERIFY_FAILED = '国税平台查验不通过';
const DEFAULT_TIMEOUT_MS = 15_000;

/** The platform query of a recognised invoice, or null when it lacks number, type, date or amount. */
export function verifyQuery(inv: RecognizedInvoice): VerifyQuery | null {
  if (!inv.number || !inv.typeCode || !inv.date || !inv.amount) return null;
  return {
    fplxdm: inv.typeCode, fpdm: inv.code ?? '', fphm: inv.number, kprq: inv.date.replace(/-/g, ''),
    je: inv.amount, jym: (inv.checkCode ?? '').slice(-6), jshj: inv.total ?? '',
  };
}

/** The provider's answer as a check result: valid → 1; refused → -1 with its message; anything else → unchecked, with why. */
export function checkResultOf(body: unknown): CheckResult {
  const b = (body && typeof body === 'object' ? body : {}) as { code?: unknown; msg?: unknown; data?: { valid?: unknown; message?: unknown } };
  if (b.code !== undefined && Number(b.code) !== 200) {
    return { checkStatus: null, checkError: typeof b.msg === 'string' && b.msg ? `查验服务调用失败：${b.msg}` : '查验服务调用失败' };
  }
  if (b.data?.valid === true) return { checkStatus: 1, checkError: null };
  if (b.data?.valid === false) return { checkStatus: -1, checkError: typeof b.data.message === 'string' && b.data.message ? b.data.message : VERIFY_FAILED };
  return { checkStatus: null, checkError: '查验服务返回内容无法解析' };
}

/** The provider at `url` over HTTP. Transport failures leave the invoice unchecked and say why; they never fail the call. */
export function httpVerifier(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): InvoiceVerifier {
  return {
    async verify(query) {
      let res: Response;
      try {
        res = await outboundFetch('verify', url, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query), signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const name = (err as { name?: string }).name;
        return { checkStatus: null, checkError: name === 'TimeoutError' || name === 'AbortError' ? '查验服务响应超时' : '查验服务无法连接' };
      }
      let body: unknown;
      try {
        body = JSON.parse(await res.text());
      } catch {
        return { checkStatus: null, checkError: `查验服务调用失败（${res.status}）` };
      }
      if (!res.ok) return checkResultOf({ ...(body && typeof body === 'object' ? body : {}), code: res.status });
      return checkResultOf(body);
    },
  };
}

/** The provider configured in `env` (a tenant's: INVOICE_VERIFY_URL; INVOICE_VERIFY_TIMEOUT_MS), or null. */
export function configuredVerifier(env: ProviderEnv): InvoiceVerifier | null {
  const url = env.INVOICE_VERIFY_URL?.trim();
  if (!url) return null;
  const t = Number(env.INVOICE_VERIFY_TIMEOUT_MS);
  return httpVerifier(url, Number.isFinite(t) && t > 0 ? t : DEFAULT_TIMEOUT_MS);
}

/** Verifies a recognised invoice with the configured provider, or answers unchecked. */
export async function verifyInvoice(inv: RecognizedInvoice, verifier: InvoiceVerifier | null): Promise<CheckResult> {
  const query = verifyQuery(inv);
  if (!verifier || !query) return UNCHECKED;
  return verifier.verify(query);
}
