/**
 * The messaging-app provider's shape and what both implementations share: the interface, its
 * errors, one GET of the provider's JSON API and the consent page's address (ADR 1048).
 */
import type { WxAppConfig } from '../../config.js';
import { outboundFetch } from '../outboundFetch.js';

export interface WxAppProvider {
  kind: WxAppConfig['kind'];
  /** The provider's consent page for the browser, which comes back to `redirectUri?code=…&state=…`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** The user's openId (WeChat Work: the member's userid, else its openid) behind a code; rejects with WxAppProviderError. */
  openIdOf(code: string): Promise<string>;
}

/** The provider answered with an error (`errcode` ≠ 0), e.g. 40029 invalid code, 40163 code used. */
export class WxAppProviderError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`wxapp provider error ${errcode}: ${errmsg}`);
    this.name = 'WxAppProviderError';
  }
}

/** The provider could not be reached or did not answer JSON. */
export class WxAppUnavailableError extends Error {
  constructor(cause: string) {
    super(`wxapp provider unavailable: ${cause}`);
    this.name = 'WxAppUnavailableError';
  }
}

/** Ten seconds: a provider slower than that is down, and the sign-in must not hang on it. */
const CALL_TIMEOUT_MS = 10_000;

/** GETs a provider API and returns its JSON, throwing WxAppProviderError for a non-zero errcode. */
export async function wxGet(base: string, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const url = `${base}${path}?${new URLSearchParams(query).toString()}`;
  let body: Record<string, unknown>;
  try {
    const res = await outboundFetch('wxapp', url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    if (!res.ok) throw new WxAppUnavailableError(`HTTP ${res.status}`);
    body = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof WxAppUnavailableError) throw err;
    throw new WxAppUnavailableError(err instanceof Error ? err.message : String(err));
  }
  const errcode = Number(body.errcode ?? 0);
  if (errcode !== 0) throw new WxAppProviderError(errcode, String(body.errmsg ?? ''));
  return body;
}

/** The consent page's address: the provider's OAuth 2 parameters, `#wechat_redirect` last as WeChat asks. */
export function consentUrl(config: WxAppConfig, state: string, redirectUri: string): string {
  const q = new URLSearchParams({ appid: config.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
  if (config.kind === 'work' && config.agentId) q.set('agentid', config.agentId);
  return `${config.authorizeUrl}?${q.toString()}#wechat_redirect`;
}
