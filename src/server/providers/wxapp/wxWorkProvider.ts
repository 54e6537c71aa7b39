/**
 * WeChat Work (企业微信) web sign-in: `GET /cgi-bin/gettoken?corpid&corpsecret` gives the app's
 * access token (kept until shortly before it expires, renewed once when the provider calls it
 * invalid), `GET /cgi-bin/auth/getuserinfo?access_token&code` the member's `userid` (or `openid`
 * of a non-member).
 */
import type { WxAppConfig } from '../../config.js';
import { consentUrl, wxGet, WxAppProviderError, type WxAppProvider } from './wxAppApi.js';

/** errcodes of an access token that is invalid or expired: fetch a new one and try once more. */
const STALE_TOKEN = new Set([40014, 42001]);

/** The WeChat Work provider over `config.apiBaseUrl`. */
export function wxWorkProvider(config: WxAppConfig): WxAppProvider {
  let cached: { token: string; until: number } | null = null;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const r = await wxGet(config.apiBaseUrl, '/cgi-bin/gettoken', { corpid: config.appId, corpsecret: config.secret });
    const ttl = Number(r.expires_in ?? 7200);
    cached = { token: String(r.access_token), until: Date.now() + Math.max(60, ttl - 300) * 1000 };
    return cached.token;
  }
  async function userInfo(code: string): Promise<Record<string, unknown>> {
    return wxGet(config.apiBaseUrl, '/cgi-bin/auth/getuserinfo', { access_token: await accessToken(), code });
  }
  return {
    kind: 'work',
    authorizeUrl: (state, redirectUri) => consentUrl(config, state, redirectUri),
    async openIdOf(code) {
      let r: Record<string, unknown>;
      try {
        r = await userInfo(code);
      } catch (err) {
        if (!(err instanceof WxAppProviderError) || !STALE_TOKEN.has(err.errcode)) throw err;
        cached = null;
        r = await userInfo(code);
      }
      const id = r.userid ?? r.UserId ?? r.openid ?? r.OpenId;
      if (typeof id !== 'string' || !id) throw new WxAppProviderError(-1, 'no userid in answer');
      return id;
    },
  };
}
