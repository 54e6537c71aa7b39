/**
 * WeChat official account (公众号) web sign-in: `GET /sns/oauth2/access_token?appid&secret&code&
 * grant_type=authorization_code` answers the user's `openid` with a user access token this
 * product does not keep (scope snsapi_base: no profile is read).
 */
import type { WxAppConfig } from '../../config.js';
import { consentUrl, wxGet, WxAppProviderError, type WxAppProvider } from './wxAppApi.js';

/** The official-account provider over `config.apiBaseUrl`. */
export function wxMpProvider(config: WxAppConfig): WxAppProvider {
  return {
    kind: 'mp',
    authorizeUrl: (state, redirectUri) => consentUrl(config, state, redirectUri),
    async openIdOf(code) {
      const r = await wxGet(config.apiBaseUrl, '/sns/oauth2/access_token', { appid: config.appId, secret: config.secret, code, grant_type: 'authorization_code' });
      if (typeof r.openid !== 'string' || !r.openid) throw new WxAppProviderError(-1, 'no openid in answer');
      return r.openid;
    },
  };
}
