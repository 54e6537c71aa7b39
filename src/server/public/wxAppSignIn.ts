/**
 * Messaging-app sign-in and binding (issue 32 item 4, spec 02 §2.1–2.2, §7; ADR 1048).
 *
 * 1. `authorize`: a one-time OAuth `state` (10 minutes) bound to the browser by an HttpOnly cookie
 *    secret, and the provider's consent address.
 * 2. `exchange`: the provider's code comes back with the state; state (same browser, unused, not
 *    expired) and code (never seen before) are spent, the provider names the openId. A user of the
 *    state's tenant bound to it gets an ordinary session token; otherwise the browser gets a bind
 *    ticket (same rules as the state), never the openId itself.
 * 3. `bindSignedIn` / `bindWithPassword`: the ticket's openId is bound to the signed-in user of the
 *    same tenant, or to the user who signs in with name and password (the ordinary `login`:
 *    lockout, captcha); one user per openId in a tenant.
 */
import { withOutboundTenant } from '../providers/outboundFetch.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, forbidden, HttpError } from '../http/HttpError.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { findTenantByCode } from '../repositories/tenantRepository.js';
import { findGrant, insertGrant, useGrant, claimCode } from '../repositories/wxAppGrantRepository.js';
import { findUserByOpenId, setOpenId } from '../repositories/openIdRepository.js';
import { insertLoginAttempt } from '../repositories/loginAttemptRepository.js';
import { markLogin } from '../repositories/userAuthRepository.js';
import { insertToken, revokeToken } from '../repositories/sessionRepository.js';
import { getConfigValue } from '../repositories/configRepository.js';
import { login, LOGIN_MESSAGES, type LoginContext } from '../services/authService.js';
import { recordOperation, BUSINESS_TYPE } from '../services/operationLog.js';
import { WxAppProviderError, type WxAppProvider } from '../providers/wxapp/wxAppProvider.js';

/** How long a state or a bind ticket stays usable. */
export const GRANT_TTL_MS = 10 * 60_000;

export const WXAPP_MESSAGES = {
  notEnabled: '系统未启用微信登录，请使用账号密码登录或联系管理员',
  stateInvalid: '授权请求无效或已使用，请重新进入',
  stateExpired: '授权请求已过期，请重新进入',
  codeUsed: '该授权码已使用，请重新进入',
  codeInvalid: '微信授权码无效或已过期，请重新进入',
  providerFailed: '微信授权失败，请稍后重试',
  providerDown: '微信服务暂时无法访问，请稍后重试',
  ticketInvalid: '绑定请求无效或已过期，请重新进入',
  ticketOtherTenant: '绑定请求不属于当前租户，请重新进入',
  boundElsewhere: '该微信已绑定其他账号，请先在原账号解绑',
  userHasOther: '当前账号已绑定其他微信，请先解绑',
  notBound: '该微信尚未绑定账号，请登录后完成绑定',
  loggedIn: '微信登录成功',
  bound: '绑定成功',
} as const;

/** Provider errcodes of a code that is wrong, expired or spent (WeChat's 40029, 40163, 40026…). */
const BAD_CODE = new Set([40029, 40163, 40026, 41008]);

/** The secret a cookie or an answer carries; only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a secret, for storage and lookup. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export interface WxAppContext {
  db: Kysely<Database>;
  provider: WxAppProvider | null;
  now: Date;
  ip: string;
  userAgent: string;
  tokenTtlHours: number;
}

function providerOf(ctx: WxAppContext): WxAppProvider {
  if (!ctx.provider) throw badRequest(WXAPP_MESSAGES.notEnabled);
  return ctx.provider;
}

async function activeTenant(db: Kysely<Database>, tenantCode: string) {
  const tenant = await findTenantByCode(db, tenantCode);
  if (!tenant) throw badRequest(LOGIN_MESSAGES.unknownTenant);
  if (tenant.status !== '0') throw badRequest(LOGIN_MESSAGES.tenantDisabled);
  return tenant;
}

/** Step 1: a state for the browser `browserSecret` and the provider's consent address. */
export async function authorize(
  ctx: WxAppContext,
  input: { tenantCode: string; redirect: string; browserSecret: string; redirectUri: string; forBind?: boolean },
): Promise<{ authorizeUrl: string }> {
  const provider = providerOf(ctx);
  const tenant = await activeTenant(ctx.db, input.tenantCode);
  const state = newSecret();
  await insertGrant(ctx.db, {
    kind: 'state',
    secretHash: secretHash(state),
    browserHash: secretHash(input.browserSecret),
    tenantId: tenant.id,
    redirect: input.redirect,
    forBind: input.forBind ?? false,
    expiresAt: new Date(ctx.now.getTime() + GRANT_TTL_MS),
    now: ctx.now,
  });
  return { authorizeUrl: provider.authorizeUrl(state, input.redirectUri) };
}

/** A grant of this browser, unused and unexpired, marked used; or the 400 that says why not. */
async function spendGrant(db: Kysely<Database>, kind: 'state' | 'bind', secret: string, browserSecret: string | null, now: Date) {
  const invalid = kind === 'state' ? WXAPP_MESSAGES.stateInvalid : WXAPP_MESSAGES.ticketInvalid;
  const grant = await findGrant(db, kind, secretHash(secret));
  // Another browser's grant answers as an unknown one: nothing tells a thief it exists.
  if (!grant || !browserSecret || grant.browser_hash !== secretHash(browserSecret) || grant.used_at) throw badRequest(invalid);
  if (grant.expires_at.getTime() <= now.getTime()) throw badRequest(kind === 'state' ? WXAPP_MESSAGES.stateExpired : WXAPP_MESSAGES.ticketInvalid);
  if (!(await useGrant(db, grant.id, now))) throw badRequest(invalid);
  return grant;
}

async function openIdOf(provider: WxAppProvider, code: string): Promise<string> {
  try {
    return await provider.openIdOf(code);
  } catch (err) {
    if (err instanceof WxAppProviderError) throw badRequest(BAD_CODE.has(err.errcode) ? WXAPP_MESSAGES.codeInvalid : WXAPP_MESSAGES.providerFailed);
    throw new HttpError(503, WXAPP_MESSAGES.providerDown);
  }
}

export type ExchangeResult =
  | { bound: true; token: string; needPerfect: boolean; redirect: string }
  | { bound: false; ticket: string; redirect: string; msg: string };

/** Step 2: spends state and code, and signs in the bound user or hands out a bind ticket. */
export async function exchange(ctx: WxAppContext, input: { code: string; state: string; browserSecret: string | null }): Promise<ExchangeResult> {
  const provider = providerOf(ctx);
  const grant = await spendGrant(ctx.db, 'state', input.state, input.browserSecret, ctx.now);
  if (!(await claimCode(ctx.db, secretHash(input.code), ctx.now))) throw badRequest(WXAPP_MESSAGES.codeUsed);
  // The state names the tenant: its 外部接口日志 lists the provider call (ADR 1051).
  const openId = await withOutboundTenant(grant.tenant_id, () => openIdOf(provider, input.code));
  const tenant = await ctx.db.selectFrom('tenants').select(['code']).where('id', '=', grant.tenant_id).executeTakeFirstOrThrow();
  const user = await findUserByOpenId(ctx.db, grant.tenant_id, openId);
  if (!user) {
    const ticket = newSecret();
    await insertGrant(ctx.db, {
      kind: 'bind',
      secretHash: secretHash(ticket),
      browserHash: grant.browser_hash,
      tenantId: grant.tenant_id,
      openId,
      redirect: grant.redirect,
      expiresAt: new Date(ctx.now.getTime() + GRANT_TTL_MS),
      now: ctx.now,
    });
    return { bound: false, ticket, redirect: grant.redirect, msg: WXAPP_MESSAGES.notBound };
  }
  // 绑定微信 from the settings panel with a WeChat account someone else holds: refuse, rather than
  // sign this browser in as that other account (the panel offers binding only to users without one).
  if (grant.for_bind) throw badRequest(WXAPP_MESSAGES.boundElsewhere);
  if (user.status !== '0') {
    const msg = user.pending_approval ? LOGIN_MESSAGES.userPending : LOGIN_MESSAGES.userDisabled;
    await insertLoginAttempt(ctx.db, { tenantCode: tenant.code, userName: user.user_name, ip: ctx.ip, success: false, msg });
    throw badRequest(msg);
  }
  // The password is not typed here: only a forced first change applies (sys.password.force.update).
  const needPerfect = user.pwd_update_time === null && (await getConfigValue(ctx.db, grant.tenant_id, 'sys.password.force.update')) === 'true';
  const token = newToken();
  await insertToken(ctx.db, { tokenHash: hashToken(token), tenantId: grant.tenant_id, userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent, ttlHours: ctx.tokenTtlHours, needPerfect });
  await markLogin(ctx.db, user.id, ctx.ip);
  await insertLoginAttempt(ctx.db, { tenantCode: tenant.code, userName: user.user_name, ip: ctx.ip, success: true, msg: WXAPP_MESSAGES.loggedIn });
  return { bound: true, token, needPerfect, redirect: grant.redirect };
}

/** Binds the ticket's openId to the user inside the transaction that spends the ticket. */
async function bindInTransaction(
  ctx: WxAppContext,
  ticket: string,
  browserSecret: string | null,
  who: { tenantId: number; userId: number; userName: string },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const grant = await spendGrant(trx, 'bind', ticket, browserSecret, ctx.now);
    if (grant.tenant_id !== who.tenantId) throw forbidden(WXAPP_MESSAGES.ticketOtherTenant);
    const openId = grant.open_id as string;
    const holder = await findUserByOpenId(trx, who.tenantId, openId);
    if (holder && holder.id !== who.userId) throw badRequest(WXAPP_MESSAGES.boundElsewhere);
    if (!(await setOpenId(trx, who.tenantId, who.userId, openId))) throw badRequest(WXAPP_MESSAGES.userHasOther);
    await recordOperation(trx, {
      tenantId: who.tenantId,
      title: '绑定微信',
      businessType: BUSINESS_TYPE.edit,
      operUserId: who.userId,
      operName: who.userName,
      requestMethod: 'POST',
      operUrl: '/api/wxapp/bind',
      operIp: ctx.ip,
    });
  });
}

/** Step 3a: binds to the signed-in caller (the ticket must be of the caller's tenant). */
export async function bindSignedIn(ctx: WxAppContext, input: { ticket: string; browserSecret: string | null }, user: { tenantId: number; userId: number; userName: string }): Promise<void> {
  providerOf(ctx);
  await bindInTransaction(ctx, input.ticket, input.browserSecret, user);
}

/**
 * Step 3b: signs in with name and password in the ticket's tenant (every rule of `POST /login`),
 * then binds; a bind that fails revokes the token just issued, so the answer is all or nothing.
 */
export async function bindWithPassword(
  ctx: WxAppContext,
  input: { ticket: string; browserSecret: string | null; username: string; password: string; code?: string; uuid?: string },
  loginCtx: LoginContext,
): Promise<{ token: string; needPerfect: boolean; redirect: string }> {
  providerOf(ctx);
  const grant = await findGrant(ctx.db, 'bind', secretHash(input.ticket));
  if (!grant || !input.browserSecret || grant.browser_hash !== secretHash(input.browserSecret) || grant.used_at || grant.expires_at.getTime() <= ctx.now.getTime()) {
    throw badRequest(WXAPP_MESSAGES.ticketInvalid);
  }
  const tenant = await ctx.db.selectFrom('tenants').select(['code']).where('id', '=', grant.tenant_id).executeTakeFirstOrThrow();
  const signedIn = await login(ctx.db, { username: input.username, password: input.password, code: input.code, uuid: input.uuid, tenantCode: tenant.code }, loginCtx);
  try {
    await bindInTransaction(ctx, input.ticket, input.browserSecret, { tenantId: signedIn.tenantId, userId: signedIn.userId, userName: input.username.trim() });
  } catch (err) {
    await revokeToken(ctx.db, hashToken(signedIn.token));
    throw err;
  }
  return { token: signedIn.token, needPerfect: signedIn.needPerfect, redirect: grant.redirect };
}
