/** Messaging-app sign-in and binding (issue 32 item 4; `/api/wxapp/…`, ADR 1048). No token but for `bind`. */
import type { Static } from 'typebox';
import type { WxAppAuthorizeAnswer, WxAppBindLoginAnswer, WxAppConfigAnswer, WxAppLoginAnswer } from '../../shared/contract/wxApp';
import { get, post } from './http';

/** `GET /api/wxapp/config`: whether the sign-in is enabled here. */
export function getWxAppConfig(): Promise<Static<typeof WxAppConfigAnswer>> {
  return get('/wxapp/config', undefined, { isToken: false });
}

/** `POST /api/wxapp/authorize`: the provider's consent page (the server binds the state to this browser by cookie). */
export function authorizeWxApp(tenantCode: string, redirect: string, bind = false): Promise<Static<typeof WxAppAuthorizeAnswer>> {
  return post('/wxapp/authorize', bind ? { tenantCode, redirect, bind } : { tenantCode, redirect }, { isToken: false });
}

/** `POST /api/wxapp/login`: the code and state the provider sent back → a token, or a bind ticket. */
export function wxAppLogin(code: string, state: string): Promise<Static<typeof WxAppLoginAnswer>> {
  return post('/wxapp/login', { code, state }, { isToken: false });
}

/** `POST /api/wxapp/bind` (signed in): bind the ticket's WeChat to the current user. */
export function wxAppBind(ticket: string): Promise<{ code: 200; msg: string }> {
  return post('/wxapp/bind', { ticket });
}

/** `POST /api/wxapp/bindLogin`: sign in with name and password and bind the ticket's WeChat. */
export function wxAppBindLogin(body: { ticket: string; username: string; password: string; code?: string; uuid?: string }): Promise<Static<typeof WxAppBindLoginAnswer>> {
  return post('/wxapp/bindLogin', body, { isToken: false });
}
