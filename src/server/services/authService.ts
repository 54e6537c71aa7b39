/** Sign-in: tenant, throttling, captcha, password check, token issue; sign-out. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, tooMany } from '../http/HttpError.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { findTenantByCode } from '../repositories/tenantRepository.js';
import { countUserIpFailures, insertLoginAttempt, reserveAttempt, settleAttempt, type AttemptLimits } from '../repositories/loginAttemptRepository.js';
import { verifyPassword } from '../auth/passwordCheck.js';
import { takeCaptcha } from '../repositories/captchaRepository.js';
import { getConfigValue, getConfigValues } from '../repositories/configRepository.js';
import { findActiveRoleKeys, findLoginUser, markLogin } from '../repositories/userAuthRepository.js';
import { insertToken, revokeToken } from '../repositories/sessionRepository.js';

/** Failures of one user from one address within LOCK_MINUTES before that user is refused there. */
export const MAX_USER_FAILURES = 5;
/**
 * Failures from one address (any user) within LOCK_MINUTES before user names that have not signed
 * in from there lately are refused (spraying names); users known at the address go on signing in.
 */
export const MAX_IP_FAILURES = 20;
export const LOCK_MINUTES = 10;

export const LOGIN_MESSAGES = {
  badCredentials: '用户不存在/密码错误',
  unknownTenant: '租户不存在',
  tenantDisabled: '租户已停用，请联系管理员',
  userDisabled: '对不起，您的账号已停用，请联系管理员',
  userPending: '您的账号正在等待管理员审核，审核通过后即可登录',
  captchaMissing: '验证码不能为空',
  captchaExpired: '验证码已失效',
  captchaWrong: '验证码错误',
  userLocked: `密码输入错误${MAX_USER_FAILURES}次，帐户锁定${LOCK_MINUTES}分钟，请稍后再试`,
  ipLocked: `登录失败次数过多，请${LOCK_MINUTES}分钟后再试`,
  notSupplier: '该账号不是供应商账号，请从员工登录页登录',
  supplierElsewhere: '供应商账号请从供应商登录页登录',
} as const;

/** The role key of supplier users (spec 02 §2.4, §6): they sign in at /supplier/login only. */
export const SUPPLIER_ROLE = 'supplier';

export interface LoginInput {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
  tenantCode?: string;
  /** `supplier` from /supplier/login: only supplier users; otherwise only users who are not. */
  loginType?: 'supplier';
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
  /** Who signed in (the messaging-app bind of /bind acts on this user). */
  userId: number;
  tenantId: number;
}

/** The lockout limits: per user and address, and per address for user names new to it. */
export const ATTEMPT_LIMITS: AttemptLimits = { perUserIp: MAX_USER_FAILURES, perIp: MAX_IP_FAILURES, windowMinutes: LOCK_MINUTES, knownDays: 30 };

/**
 * Takes a password-check slot for the user from the caller's address or throws the 429 that
 * says why; `settle` then records the outcome. Sign-in and `profile/updatePwd` share the slots, so
 * wrong old passwords count like sign-in failures.
 */
export async function reservePasswordCheck(db: Kysely<Database>, who: { tenantCode: string; userName: string; ip: string }, msg: string) {
  const r = await reserveAttempt(db, { ...who, msg }, ATTEMPT_LIMITS);
  if (!r.ok) throw tooMany(r.reason === 'user' ? LOGIN_MESSAGES.userLocked : LOGIN_MESSAGES.ipLocked);
  return {
    /** Records the outcome; after a failure, true when that failure reached the limit. */
    async settle(success: boolean, outcome: string): Promise<boolean> {
      await settleAttempt(db, r.id, success, outcome);
      if (success) return false;
      const since = new Date(Date.now() - LOCK_MINUTES * 60_000);
      return (await countUserIpFailures(db, who.tenantCode.slice(0, 100), who.userName.slice(0, 100), who.ip, since)) >= MAX_USER_FAILURES;
    },
  };
}

/** Checks everything and returns a fresh token, or throws a 4xx with a Chinese message. */
export async function login(db: Kysely<Database>, input: LoginInput, ctx: LoginContext): Promise<LoginResult> {
  const tenantCode = input.tenantCode?.trim() || 'DEFAULT';
  const userName = input.username.trim();
  const fail = async (msg: string) => {
    await insertLoginAttempt(db, { tenantCode, userName, ip: ctx.ip, success: false, msg });
    return badRequest(msg);
  };

  const tenant = await findTenantByCode(db, tenantCode);
  if (!tenant) throw await fail(LOGIN_MESSAGES.unknownTenant);
  if (tenant.status !== '0') throw await fail(LOGIN_MESSAGES.tenantDisabled);

  // The slot is taken before the captcha is consumed, so a locked user name answers the lock.
  const slot = await reservePasswordCheck(db, { tenantCode, userName, ip: ctx.ip }, '登录校验中');
  const refuse = async (msg: string) => {
    const locked = await slot.settle(false, msg);
    return locked && msg === LOGIN_MESSAGES.badCredentials ? tooMany(LOGIN_MESSAGES.userLocked) : badRequest(msg);
  };

  if (await captchaEnabled(db, tenant.id)) {
    if (!input.code || !input.uuid) throw await refuse(LOGIN_MESSAGES.captchaMissing);
    const answer = await takeCaptcha(db, input.uuid);
    if (answer === null) throw await refuse(LOGIN_MESSAGES.captchaExpired);
    if (answer.toLowerCase() !== input.code.trim().toLowerCase()) throw await refuse(LOGIN_MESSAGES.captchaWrong);
  }

  const user = await findLoginUser(db, tenant.id, userName);
  // Unknown users are compared against a dummy hash too: both answers take as long (issue 11).
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !passwordOk) throw await refuse(LOGIN_MESSAGES.badCredentials);
  if (user.status !== '0') throw await refuse(user.pending_approval ? LOGIN_MESSAGES.userPending : LOGIN_MESSAGES.userDisabled);
  // Separate sign-in pages (spec 02 §6), judged after the password so they tell a guesser nothing;
  // the right password is not a failure towards the lockout.
  const roleKeys = await findActiveRoleKeys(db, tenant.id, user.id);
  const supplier = roleKeys.includes(SUPPLIER_ROLE) && !roleKeys.includes('admin');
  if (input.loginType === 'supplier' && !supplier) {
    await slot.settle(true, LOGIN_MESSAGES.notSupplier);
    throw badRequest(LOGIN_MESSAGES.notSupplier);
  }
  if (input.loginType !== 'supplier' && supplier) {
    await slot.settle(true, LOGIN_MESSAGES.supplierElsewhere);
    throw badRequest(LOGIN_MESSAGES.supplierElsewhere);
  }

  const needPerfect = await needsPasswordChange(db, tenant.id, input.password, user.pwd_update_time !== null);
  const token = newToken();
  await insertToken(db, { tokenHash: hashToken(token), tenantId: tenant.id, userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent, ttlHours: ctx.tokenTtlHours, needPerfect });
  await markLogin(db, user.id, ctx.ip);
  await slot.settle(true, '登录成功');
  return { token, needPerfect, userId: user.id, tenantId: tenant.id };
}

/** Revokes the token at once. */
export async function logout(db: Kysely<Database>, token: string): Promise<void> {
  await revokeToken(db, hashToken(token));
}
