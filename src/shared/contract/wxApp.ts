/**
 * Messaging-app sign-in and binding (issue 32 item 4; spec 02 §2.1–2.2, §7; ADR 1048;
 * docs/security.md "Messaging-app sign-in"). The openId itself never travels to the browser.
 */
import { Type } from 'typebox';
import { Closed, DataEnvelope, OptStr, Str } from './common.js';

/** A one-time secret of the server's (base64url, 32 bytes). */
const Secret = Str({ min: 16, max: 128, pattern: '^[A-Za-z0-9_-]+$' });

/** `GET /api/wxapp/config` (public): whether the sign-in is enabled and with which provider. */
export const WxAppConfigAnswer = DataEnvelope(Type.Object({ enabled: Type.Boolean(), provider: Type.Union([Type.Literal('work'), Type.Literal('mp'), Type.Null()]) }));

/** `POST /api/wxapp/authorize` (public): the tenant to sign in to and where to go afterwards (a path of this site). */
export const WxAppAuthorizeRequest = Closed({
  tenantCode: Type.Optional(OptStr(64)),
  redirect: Type.Optional(OptStr(1000)),
  /** Started by 绑定微信 while signed in: an openId already bound to another user is refused, not signed in. */
  bind: Type.Optional(Type.Boolean()),
});

/** The provider's consent page; the server sets the browser's binding cookie with it. */
export const WxAppAuthorizeAnswer = DataEnvelope(Type.Object({ authorizeUrl: Type.String() }));

/** `POST /api/wxapp/login` (public): the provider's code and the state it came back with. */
export const WxAppLoginRequest = Closed({
  code: Str({ min: 1, max: 512, pattern: '^[A-Za-z0-9_-]+$' }),
  state: Secret,
});

/**
 * Bound: a session token as `POST /login` gives; not bound: a bind ticket for `/bind` (10 minutes,
 * this browser only) and the prompt 该微信尚未绑定账号，请登录后完成绑定.
 */
export const WxAppLoginAnswer = DataEnvelope(
  Type.Object({
    bound: Type.Boolean(),
    token: Type.Optional(Type.String()),
    needPerfect: Type.Optional(Type.Boolean()),
    ticket: Type.Optional(Type.String()),
    redirect: Type.String(),
    prompt: Type.Optional(Type.String()),
  }),
);

/** `POST /api/wxapp/bind` (signed in): binds the ticket's openId to the caller. */
export const WxAppBindRequest = Closed({ ticket: Secret });

/** `POST /api/wxapp/bindLogin` (public): signs in with name and password in the ticket's tenant, then binds. */
export const WxAppBindLoginRequest = Closed({
  ticket: Secret,
  username: Str({ min: 1, max: 64 }),
  password: Str({ min: 1, max: 128 }),
  code: Type.Optional(OptStr(16)),
  uuid: Type.Optional(OptStr(64)),
});

/** The session of a bind with password, and where to go. */
export const WxAppBindLoginAnswer = DataEnvelope(Type.Object({ token: Type.String(), needPerfect: Type.Boolean(), redirect: Type.String() }));
