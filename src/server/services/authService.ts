/** Sign-in: tenant, throttling, captcha, password check, token issue; sign-out. */
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, tooMany } from '../http/HttpError.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { findTenantByCode } from '../repositories/tenantRepository.js';
import { countIpFailures, countUserFailures, insertLoginAttempt } from '../repositories/loginAttemptRepository.js';
import { takeCaptcha } from '../repositories/captchaRepository.js';
import { getConfigValue, getConfigValues } from '../repositories/configRepository.js';
import { findLoginUser, markLogin } from '../repositories/userAuthRepository.js';
import { insertToken, revokeToken } from '../repositories/sessionRepository.js';

/** Failures of one user within LOCK_MINUTES before sign-in is refused. */
export const MAX_USER_FAILURES = 5;
/** Failures from one address (any user) within LOCK_MINUTES before sign-in is refused. */
export const MAX_IP_FAILURES = 20;
export const LOCK_MINUTES = 10;

export const LOGIN_MESSAGES = {
  badCredentials: '用户不存在/密码错误',
  unknownTenant: '租户不存在',
  tenantDisabled: '租户已停用，请联系管理员',
  userDisabled: '对不起，您的账号已停用，请联系管理员',
  captchaMissing: '验证码不能为空',
  captchaExpired: '验证码已失效',
  captchaWrong: '验证码错误',
  userLocked: `密码输入错误${MAX_USER_FAILURES}次，帐户锁定${LOCK_MINUTES}分钟，请稍后再试`,
  ipLocked: `登录失败次数过多，请${LOCK_MINUTES}分钟后再试`,
} as const;

export interface LoginInput {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
  tenantCode?: string;
}

export interface LoginContext {
  ip: string;
  userAgent: string;
  tokenTtlHours: number;
}

/** True when the tenant's config turns the login captcha on. */
export async function captchaEnabled(db: Kysely<Database>, tenantId: number): Promise<boolean> {
  return (await getConfigValue(db, tenantId, 'sys.account.captchaEnabled')) === 'true';
}

/** Weak by sys.password.check: under 8 characters, or not mixing letters and digits. */
export function isWeakPassword(password: string): boolean {
  return password.length < 8 || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password);
}

/**
 * True when the user must change the password before going on: sys.password.force.update and
 * a password never chosen by the user, or sys.password.check and a weak password.
 */
export async function needsPasswordChange(db: Kysely<Database>, tenantId: number, password: string, chosenByUser: boolean): Promise<boolean> {
  const cfg = await getConfigValues(db, tenantId, ['sys.password.force.update', 'sys.password.check']);
  if (cfg['sys.password.force.update'] === 'true' && !chosenByUser) return true;
  return cfg['sys.password.check'] === 'true' && isWeakPassword(password);
}

export interface LoginResult {
  token: string;
  needPerfect: boolean;
}

/** Checks everything and returns a fresh token, or throws a 4xx with a Chinese message. */
export async function login(db: Kysely<Database>, input: LoginInput, ctx: LoginContext): Promise<LoginResult> {
  const tenantCode = input.tenantCode?.trim() || 'DEFAULT';
  const userName = input.username.trim();
  const since = new Date(Date.now() - LOCK_MINUTES * 60_000);
  const fail = async (msg: string, status: 400 | 429 = 400) => {
    await insertLoginAttempt(db, { tenantCode, userName, ip: ctx.ip, success: false, msg });
    return status === 429 ? tooMany(msg) : badRequest(msg);
  };
  if ((await countIpFailures(db, ctx.ip, since)) >= MAX_IP_FAILURES) throw tooMany(LOGIN_MESSAGES.ipLocked);
  if ((await countUserFailures(db, tenantCode, userName, since)) >= MAX_USER_FAILURES) throw tooMany(LOGIN_MESSAGES.userLocked);

  const tenant = await findTenantByCode(db, tenantCode);
  if (!tenant) throw await fail(LOGIN_MESSAGES.unknownTenant);
  if (tenant.status !== '0') throw await fail(LOGIN_MESSAGES.tenantDisabled);

  if (await captchaEnabled(db, tenant.id)) {
    if (!input.code || !input.uuid) throw await fail(LOGIN_MESSAGES.captchaMissing);
    const answer = await takeCaptcha(db, input.uuid);
    if (answer === null) throw await fail(LOGIN_MESSAGES.captchaExpired);
    if (answer.toLowerCase() !== input.code.trim().toLowerCase()) throw await fail(LOGIN_MESSAGES.captchaWrong);
  }

  const user = await findLoginUser(db, tenant.id, userName);
  const passwordOk = user ? await bcrypt.compare(input.password, user.password_hash) : false;
  if (!user || !passwordOk) {
    const err = await fail(LOGIN_MESSAGES.badCredentials);
    if ((await countUserFailures(db, tenantCode, userName, since)) >= MAX_USER_FAILURES) throw tooMany(LOGIN_MESSAGES.userLocked);
    throw err;
  }
  if (user.status !== '0') throw await fail(LOGIN_MESSAGES.userDisabled);

  const token = newToken();
  await insertToken(db, { tokenHash: hashToken(token), tenantId: tenant.id, userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent, ttlHours: ctx.tokenTtlHours });
  await markLogin(db, user.id, ctx.ip);
  await insertLoginAttempt(db, { tenantCode, userName, ip: ctx.ip, success: true, msg: '登录成功' });
  return { token, needPerfect: await needsPasswordChange(db, tenant.id, input.password, user.pwd_update_time !== null) };
}

/** Revokes the token at once. */
export async function logout(db: Kysely<Database>, token: string): Promise<void> {
  await revokeToken(db, hashToken(token));
}
