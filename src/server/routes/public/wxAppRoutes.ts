/**
 * Issue 32 item 4: the messaging-app sign-in's calls (spec 02 §2.2, §7; ADR 1048). Public but
 * for `/wxapp/bind`; every public one is throttled per address (`wxapp`). The browser is bound
 * to its grants by the HttpOnly cookie `fw_wxapp` (path /api/wxapp), set by `authorize`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { wxAppProviderFor } from '../../providers/wxapp/wxAppProvider.js';
import { takePublicAttempt } from '../../public/publicThrottle.js';
import { authorize, bindSignedIn, bindWithPassword, exchange, GRANT_TTL_MS, newSecret, WXAPP_MESSAGES, type WxAppContext } from '../../public/wxAppSignIn.js';
import { safeRedirectPath } from '../../public/safeRedirectPath.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import {
  WxAppAuthorizeAnswer,
  WxAppAuthorizeRequest,
  WxAppBindLoginAnswer,
  WxAppBindLoginRequest,
  WxAppBindRequest,
  WxAppConfigAnswer,
  WxAppLoginAnswer,
  WxAppLoginRequest,
} from '../../../shared/contract/wxApp.js';

/** The cookie that binds grants to one browser. */
export const BROWSER_COOKIE = 'fw_wxapp';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{32,64}$/;

function browserSecretOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === BROWSER_COOKIE && COOKIE_VALUE.test(value)) return value;
  }
  return null;
}

function setBrowserCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  // Lax: the provider sends the browser back with a top-level GET; the API call that follows is same-site.
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${BROWSER_COOKIE}=${value}; Path=/api/wxapp; Max-Age=${Math.round((2 * GRANT_TTL_MS) / 1000)}; HttpOnly; SameSite=Lax${secure}`);
}

export const wxAppRoutes: ContractPlugin = async (app) => {
  // One provider per app: WeChat Work's access token is kept between sign-ins.
  const provider = wxAppProviderFor(app.config.wxApp);
  const ctxOf = (request: FastifyRequest): WxAppContext => ({
    db: app.db,
    provider,
    now: app.now(),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    tokenTtlHours: app.config.tokenTtlHours,
  });
  const throttle = (request: FastifyRequest) => takePublicAttempt(app.db, 'wxapp', request.ip, app.now());

  app.get('/wxapp/config', { schema: { response: { 200: WxAppConfigAnswer } }, config: { public: true } }, async () =>
    ok({ enabled: provider !== null, provider: provider?.kind ?? null }),
  );

  app.post('/wxapp/authorize', { schema: { body: WxAppAuthorizeRequest, response: { 200: WxAppAuthorizeAnswer } }, config: { public: true } }, async (request, reply) => {
    await throttle(request);
    const browserSecret = browserSecretOf(request) ?? newSecret();
    const redirectUri = app.config.wxApp?.redirectUrl ?? `${request.protocol}://${request.host}/auth-redirect`;
    const answer = await authorize(ctxOf(request), {
      tenantCode: request.body.tenantCode?.trim() || 'DEFAULT',
      redirect: safeRedirectPath(request.body.redirect),
      browserSecret,
      redirectUri,
      forBind: request.body.bind === true,
    });
    setBrowserCookie(request, reply, browserSecret);
    reply.header('cache-control', 'no-store');
    return ok(answer);
  });

  app.post('/wxapp/login', { schema: { body: WxAppLoginRequest, response: { 200: WxAppLoginAnswer } }, config: { public: true } }, async (request, reply) => {
    await throttle(request);
    const r = await exchange(ctxOf(request), { code: request.body.code, state: request.body.state, browserSecret: browserSecretOf(request) });
    reply.header('cache-control', 'no-store');
    if (r.bound) return ok({ bound: true, token: r.token, needPerfect: r.needPerfect, redirect: r.redirect });
    return ok({ bound: false, ticket: r.ticket, redirect: r.redirect, prompt: r.msg });
  });

  app.post('/wxapp/bind', { schema: { body: WxAppBindRequest, response: { 200: DoneEnvelope } } }, async (request) => {
    const { tenantId, userId, userName } = request.user;
    await bindSignedIn(ctxOf(request), { ticket: request.body.ticket, browserSecret: browserSecretOf(request) }, { tenantId, userId, userName });
    return done(WXAPP_MESSAGES.bound);
  });

  app.post('/wxapp/bindLogin', { schema: { body: WxAppBindLoginRequest, response: { 200: WxAppBindLoginAnswer } }, config: { public: true } }, async (request) => {
    await throttle(request);
    const b = request.body;
    const ctx = ctxOf(request);
    const r = await bindWithPassword(
      ctx,
      { ticket: b.ticket, browserSecret: browserSecretOf(request), username: b.username, password: b.password, code: b.code ?? undefined, uuid: b.uuid ?? undefined },
      { ip: ctx.ip, userAgent: ctx.userAgent, tokenTtlHours: ctx.tokenTtlHours },
    );
    return { code: 200 as const, msg: WXAPP_MESSAGES.bound, data: r };
  });
};
