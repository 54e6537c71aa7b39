/**
 * The one wrapper around `fetch` every outside provider calls through (外部接口日志, issue 34
 * item 6, ADR 1051). It times the call and hands a redacted entry to the log sink of the current
 * scope without awaiting it: a failing or slow log write never changes the provider's answer.
 *
 * The scope (which sink, which tenant) comes from AsyncLocalStorage, set for every request by
 * `installOutboundLog` (the tenant is the signed-in user's, or the one a public call named through
 * `withOutboundTenant`). A call outside any scope (a script) is made and not logged.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { OUT_API_PROVIDERS } from '../../shared/contract/outApiLog.js';
import { capBody, redactBody, redactUrl } from './redact.js';

/** The providers the log names (the screen's filter offers these; one list with the contract's). */
export const OUTBOUND_PROVIDERS = OUT_API_PROVIDERS;
export type OutboundProvider = (typeof OUTBOUND_PROVIDERS)[number];

/** 'ok' for a 2xx answer, 'error' for another status, 'timeout' / 'failed' when no answer came. */
export type OutboundOutcome = 'ok' | 'error' | 'timeout' | 'failed';

/** One logged call, already redacted. */
export interface OutboundEntry {
  tenantId: number | null;
  provider: OutboundProvider;
  method: string;
  url: string;
  status: number | null;
  outcome: OutboundOutcome;
  durationMs: number;
  errorMsg: string;
  requestBody: string;
  responseBody: string;
  callTime: Date;
}

export type OutboundSink = (entry: OutboundEntry) => Promise<unknown>;

interface OutboundScope {
  sink: OutboundSink;
  tenantId: () => number | null;
  onSinkError?: (err: unknown) => void;
}

const scope = new AsyncLocalStorage<OutboundScope>();

/** Runs `fn` with calls logged to `sink` under the tenant `tenantId()` answers at call time. */
export function runWithOutboundScope<T>(s: OutboundScope, fn: () => T): T {
  return scope.run(s, fn);
}

/** Runs `fn` with its calls attributed to `tenantId` (public calls that name their tenant). */
export function withOutboundTenant<T>(tenantId: number, fn: () => T): T {
  const current = scope.getStore();
  if (!current) return fn();
  return scope.run({ ...current, tenantId: () => tenantId }, fn);
}

/** A request body as the log shows it: text redacted; a multipart form as its parts' names and sizes. */
function describeBody(body: RequestInit['body']): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return redactBody(body);
  if (body instanceof URLSearchParams) return redactBody(JSON.stringify(Object.fromEntries(body)));
  if (body instanceof FormData) {
    const parts: Record<string, string> = {};
    for (const [name, value] of body) {
      parts[name] = typeof value === 'string' ? value : `[文件 ${value.name || '未命名'}，${value.size} 字节]`;
    }
    return redactBody(JSON.stringify(parts));
  }
  return '[二进制内容]';
}

/** Reads at most a bounded part of a cloned answer, for the log only. */
async function answerText(res: Response): Promise<string> {
  try {
    return capBody(await res.text(), 64 * 1024);
  } catch {
    return '';
  }
}

/** `fetch` for a provider: the same answer or error, with the call logged in the background. */
export async function outboundFetch(provider: OutboundProvider, url: string, init: RequestInit = {}): Promise<Response> {
  const current = scope.getStore();
  const started = Date.now();
  const callTime = new Date(started);
  const method = (init.method ?? 'GET').toUpperCase();
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (current) {
      const name = (err as { name?: string }).name;
      const timeout = name === 'TimeoutError' || name === 'AbortError';
      record(current, {
        provider, method, url, status: null, outcome: timeout ? 'timeout' : 'failed', started, callTime,
        errorMsg: timeout ? '响应超时' : `无法连接：${String((err as Error)?.message ?? err).slice(0, 200)}`,
        requestBody: init.body, response: null,
      });
    }
    throw err;
  }
  if (current) {
    record(current, {
      provider, method, url, status: res.status, outcome: res.ok ? 'ok' : 'error', started, callTime,
      errorMsg: res.ok ? '' : `HTTP ${res.status}`, requestBody: init.body, response: res.clone(),
    });
  }
  return res;
}

interface CallFacts {
  provider: OutboundProvider;
  method: string;
  url: string;
  status: number | null;
  outcome: OutboundOutcome;
  started: number;
  callTime: Date;
  errorMsg: string;
  requestBody: RequestInit['body'];
  response: Response | null;
}

/** Builds and writes the entry off the caller's path; every failure lands in onSinkError. */
function record(s: OutboundScope, f: CallFacts): void {
  const durationMs = Date.now() - f.started;
  void (async () => {
    const entry: OutboundEntry = {
      tenantId: s.tenantId(),
      provider: f.provider,
      method: f.method,
      url: redactUrl(f.url),
      status: f.status,
      outcome: f.outcome,
      durationMs,
      errorMsg: f.errorMsg,
      requestBody: describeBody(f.requestBody),
      responseBody: f.response ? redactBody(await answerText(f.response)) : '',
      callTime: f.callTime,
    };
    await s.sink(entry);
  })().catch((err: unknown) => s.onSinkError?.(err));
}
