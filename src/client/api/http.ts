/**
 * The one HTTP client of the browser (spec 02 §7, §8): `/api` prefix, bearer token, GET parameter
 * serialisation, a one-hour timeout and the error catalogue. Everything else calls through here.
 */
import { DEFAULT_MESSAGES } from '../../shared/envelope';
import type { FieldError } from '../../shared/envelope';
import { getToken } from '../session/cookies';
import { httpHooks } from './httpConfig';
import { toQueryString } from './queryString';

/** Spec 02 §9: one hour. */
export const HTTP_TIMEOUT_MS = 3_600_000;
/** Transport messages stay this long (spec 02 §8). */
const TRANSPORT_SECONDS = 5;
/** A network notice is not repeated within this window (spec 02 §4). */
const NETWORK_QUIET_MS = 6_000;

/** The texts of the error catalogue (spec 02 §8). */
export const RELOGIN_TITLE = '系统提示';
export const RELOGIN_TEXT = '登录状态已过期，请重新登录';
export const RELOGIN_OK = '重新登录';
export const NETWORK_TEXT = '您的当前网络不稳定，请关注';
export const TIMEOUT_TEXT = '系统接口请求超时';

/** A request that failed: the server's `code` and `msg`, or a transport failure (`code` 0). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly errors?: FieldError[],
    /** The envelope's `data` of a refusal (e.g. the designer's 400 problems and 409 check). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** One request. `isToken: false` sends no bearer header; `responseType: 'blob'` returns the file. */
export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  isToken?: boolean;
  responseType?: 'json' | 'blob';
  timeout?: number;
  /** Send `url` as it is, without the `/api` prefix (the version check reads the home page). */
  noPrefix?: boolean;
  /**
   * Show nothing when this call fails; the caller decides (spec 01 §8: a failed list load shows
   * empty rows and no message, a failed suggestion fetch an empty list). A 401 still raises the
   * one re-login prompt: an expired session is not this call's failure.
   */
  silent?: boolean;
}

let reloginShown = false;
let lastNetworkNotice = -Infinity;

/** Allow the re-login prompt again (after a fresh sign-in). */
export function resetReloginPrompt(): void {
  reloginShown = false;
}

function fullUrl(url: string, params?: Record<string, unknown>, noPrefix = false): string {
  const path = noPrefix || url.startsWith('/xhsd') || url.startsWith('http') || url.startsWith('/api/') ? url : `/api${url}`;
  const query = toQueryString(params);
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function transportFailure(text: string, network = false, silent = false): HttpError {
  const { feedback } = httpHooks();
  const now = Date.now();
  if (silent) return new HttpError(text, 0);
  if (!network || now - lastNetworkNotice >= NETWORK_QUIET_MS) {
    if (network) lastNetworkNotice = now;
    feedback.toast(text, TRANSPORT_SECONDS);
  }
  return new HttpError(text, 0);
}

function failWithCode(code: number, msg: string, errors?: FieldError[], silent = false, data?: unknown): HttpError {
  const { feedback, onRelogin } = httpHooks();
  if (code === 401) {
    if (getToken() && !reloginShown) {
      reloginShown = true;
      void feedback.confirmRelogin(RELOGIN_TITLE, RELOGIN_TEXT, RELOGIN_OK).then(() => onRelogin());
    } else if (!getToken() && !silent) {
      feedback.notify(msg);
    }
    return new HttpError(msg, code, errors, data);
  }
  if (silent) return new HttpError(msg, code, errors, data);
  if (code === 500) feedback.toast(msg);
  else feedback.notify(msg);
  return new HttpError(msg, code, errors, data);
}

function defaultMessage(code: number): string {
  return (DEFAULT_MESSAGES as Record<string, string>)[String(code)] ?? DEFAULT_MESSAGES.unknown;
}

/** Send a request and resolve with the response body; reject with an HttpError after the catalogue's feedback. */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  const token = getToken();
  if (token && options.isToken !== false) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.data instanceof FormData) body = options.data;
  else if (options.data !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json;charset=utf-8';
    body = JSON.stringify(options.data);
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(fullUrl(options.url, options.params, options.noPrefix), { method, headers, body, signal: controller.signal });
  } catch {
    throw timedOut ? transportFailure(TIMEOUT_TEXT, false, options.silent) : transportFailure(NETWORK_TEXT, true, options.silent);
  } finally {
    clearTimeout(timer);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    if (!response.ok) throw transportFailure(`系统接口${response.status}异常`, false, options.silent);
    if (options.responseType === 'blob') return (await response.blob()) as T;
    return (await response.text()) as T;
  }
  let json: { code?: number; msg?: string; errors?: FieldError[]; data?: unknown };
  try {
    json = await response.json();
  } catch {
    throw transportFailure(`系统接口${response.status}异常`, false, options.silent);
  }
  const code = typeof json.code === 'number' ? json.code : response.status;
  if (code === 200 && response.ok) return json as T;
  throw failWithCode(code, json.msg || defaultMessage(code), json.errors, options.silent, json.data);
}

/** GET with serialised query parameters. */
export function get<T = unknown>(url: string, params?: Record<string, unknown>, extra?: Partial<RequestOptions>): Promise<T> {
  return request<T>({ ...extra, url, method: 'GET', params });
}

/** POST a JSON body. */
export function post<T = unknown>(url: string, data?: unknown, extra?: Partial<RequestOptions>): Promise<T> {
  return request<T>({ ...extra, url, method: 'POST', data });
}
