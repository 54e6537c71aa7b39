/**
 * The tax platform (issue 31 items 3, 4): invoice collection by period, invoice state collection,
 * certification submit and result fetch, goods sync — through a provider interface. The HTTP
 * provider talks to a gateway the customer runs in front of the national platform (or a commercial
 * service); its protocol is documented in docs/invoices.md "Tax platform". Configured per tenant
 * (providerSettings.ts: sys.invoice.taxPlatform.*, else TAX_PLATFORM_URL, TAX_PLATFORM_APP_KEY,
 * TAX_PLATFORM_APP_SECRET — sent to the gateway only, never to the client) and
 * TAX_PLATFORM_TIMEOUT_MS. Every failure becomes a clear Chinese error.
 */
import { badRequest, HttpError } from '../http/HttpError.js';
import { outboundFetch } from '../providers/outboundFetch.js';
import { missingSetting, type ProviderEnv } from './providerSettings.js';

/** One invoice as the platform lists it (its own field names). */
export interface PlatformInvoice {
  fplxdm: string;
  fpdm: string;
  fphm: string;
  /** yyyyMMdd or yyyy-MM-dd. */
  kprq: string;
  je?: string;
  se?: string;
  jshj?: string;
  xfmc?: string;
  xfsh?: string;
  gfmc?: string;
  gfsh?: string;
  /** Invoice state: 0 normal, 2 voided, 3 red-letter, … (the platform's codes). */
  fpzt?: string;
}

/** A page of a listing. */
export interface PlatformPage<T> {
  rows: T[];
  page: number;
  pages: number;
}

/** Invoice collection query (spec 02 §3): data type, type codes, start and end as yyyyMMddHHmmss. */
export interface CollectionQuery {
  sjlx: string;
  fplxdm: string[];
  cjksrq: string;
  cjjsrq: string;
}

/** Invoice state query: state-change start and end, yyyyMMddHHmmss. */
export interface StateQuery {
  ztbgksrq: string;
  ztbgjsrq: string;
}

/** An invoice's key at the platform. */
export interface InvoiceKey {
  fpdm: string;
  fphm: string;
}

/** A state change. */
export interface InvoiceState extends InvoiceKey {
  fpzt: string;
}

/** Certification request: type, tax period yyyyMM, invoices. */
export interface CertificationRequest {
  sqrzlx: string;
  sqskssq: string;
  invoices: InvoiceKey[];
}

/** A certification result: still processing, certified, or refused with the platform's message. */
export interface CertificationResult extends InvoiceKey {
  rzzt: 'processing' | 'success' | 'failed';
  message?: string;
}

/** A goods item of a trading shop. */
export interface PlatformGoods {
  spbm: string;
  spmc: string;
  ggxh?: string;
  dw?: string;
  dj?: string;
  slv?: string;
}

/** The tax-platform provider. */
export interface TaxPlatform {
  collectInvoices(query: CollectionQuery, page: number): Promise<PlatformPage<PlatformInvoice>>;
  collectStates(query: StateQuery, page: number): Promise<PlatformPage<InvoiceState>>;
  applyCertification(request: CertificationRequest): Promise<{ accepted: number }>;
  certificationResults(invoices: InvoiceKey[]): Promise<CertificationResult[]>;
  goods(shop: string, page: number): Promise<PlatformPage<PlatformGoods>>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The `data` of a gateway answer `{code: 200, data}`; anything else a 502 naming the platform's message. */
export function platformData(body: unknown, status: number): Record<string, unknown> {
  const b = (body && typeof body === 'object' ? body : {}) as { code?: unknown; msg?: unknown; data?: unknown };
  const code = b.code === undefined ? status : Number(b.code);
  if (code !== 200 || status < 200 || status >= 300) {
    throw new HttpError(502, typeof b.msg === 'string' && b.msg ? `税务平台调用失败：${b.msg}` : `税务平台调用失败（${status}）`);
  }
  return b.data && typeof b.data === 'object' && !Array.isArray(b.data) ? (b.data as Record<string, unknown>) : {};
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

function pageOf<T>(data: Record<string, unknown>, page: number, row: (r: Record<string, unknown>) => T | null): PlatformPage<T> {
  const rows = Array.isArray(data.rows) ? data.rows : [];
  const pages = Number(data.pages);
  return {
    rows: rows.flatMap((r) => (r && typeof r === 'object' ? [row(r as Record<string, unknown>)] : [])).filter((r): r is T => r !== null),
    page,
    pages: Number.isSafeInteger(pages) && pages >= 0 ? pages : page,
  };
}

function invoiceOf(r: Record<string, unknown>): PlatformInvoice | null {
  if (!str(r.fphm)) return null;
  const out: PlatformInvoice = { fplxdm: str(r.fplxdm), fpdm: str(r.fpdm), fphm: str(r.fphm), kprq: str(r.kprq) };
  for (const k of ['je', 'se', 'jshj', 'xfmc', 'xfsh', 'gfmc', 'gfsh', 'fpzt'] as const) if (str(r[k])) out[k] = str(r[k]);
  return out;
}

const RZZT = new Set(['processing', 'success', 'failed']);

/** The provider at `url` over HTTP; `appKey`/`appSecret` authenticate us to the gateway. */
export function httpTaxPlatform(url: string, appKey: string, appSecret: string, timeoutMs = DEFAULT_TIMEOUT_MS): TaxPlatform {
  const base = url.replace(/\/+$/, '');
  async function call(path: string, payload: unknown): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await outboundFetch('tax', `${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-key': appKey, 'x-app-secret': appSecret },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, '税务平台响应超时，请稍后重试');
      throw new HttpError(502, '税务平台无法连接，请稍后重试');
    }
    let body: unknown;
    try {
      body = JSON.parse(await res.text());
    } catch {
      throw new HttpError(502, `税务平台返回内容无法解析（${res.status}）`);
    }
    return platformData(body, res.status);
  }
  return {
    async collectInvoices(query, page) {
      return pageOf(await call('/invoices/collect', { ...query, page }), page, invoiceOf);
    },
    async collectStates(query, page) {
      return pageOf(await call('/invoices/state', { ...query, page }), page, (r) => (str(r.fphm) && str(r.fpzt) ? { fpdm: str(r.fpdm), fphm: str(r.fphm), fpzt: str(r.fpzt) } : null));
    },
    async applyCertification(request) {
      const data = await call('/certification/apply', request);
      const accepted = Number(data.accepted);
      return { accepted: Number.isSafeInteger(accepted) ? accepted : request.invoices.length };
    },
    async certificationResults(invoices) {
      const data = await call('/certification/result', { invoices });
      return pageOf(data, 1, (r) => {
        const rzzt = str(r.rzzt);
        if (!str(r.fphm) || !RZZT.has(rzzt)) return null;
        return { fpdm: str(r.fpdm), fphm: str(r.fphm), rzzt: rzzt as CertificationResult['rzzt'], ...(str(r.message) ? { message: str(r.message) } : {}) };
      }).rows;
    },
    async goods(shop, page) {
      return pageOf(await call('/goods/query', { jydp: shop, page }), page, (r) => {
        if (!str(r.spmc)) return null;
        const g: PlatformGoods = { spbm: str(r.spbm), spmc: str(r.spmc) };
        for (const k of ['ggxh', 'dw', 'dj', 'slv'] as const) if (str(r[k])) g[k] = str(r[k]);
        return g;
      });
    },
  };
}

/** The provider configured in `env` (a tenant's, providerSettings.ts), or a 400 naming the first missing setting. */
export function configuredTaxPlatform(env: ProviderEnv): TaxPlatform {
  const missing = missingSetting('taxPlatform', env);
  if (missing) throw badRequest(missing);
  const t = Number(env.TAX_PLATFORM_TIMEOUT_MS);
  return httpTaxPlatform(env.TAX_PLATFORM_URL!.trim(), env.TAX_PLATFORM_APP_KEY!.trim(), env.TAX_PLATFORM_APP_SECRET!.trim(), Number.isFinite(t) && t > 0 ? t : DEFAULT_TIMEOUT_MS);
}
