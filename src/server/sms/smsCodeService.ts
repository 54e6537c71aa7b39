/**
 * Issue 32 item 2: SMS verification codes. A code is 6 digits, lives 5 minutes, and is kept only as
 * a salted HMAC; a number gets one code per 60 s and 10 per rolling 24 h, a client address 20 per
 * hour over all numbers; 5 wrong answers void the code, 30 wrong answers an hour from one address
 * stop its checks, and a code consumed by an action is spent.
 * Only the newest code of a number counts. Every refusal is a Chinese 4xx (429 for the limits).
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { HttpError, badRequest, tooMany } from '../http/HttpError.js';
import {
  addWrongTry,
  countCodeFailuresFromIp,
  countSendsFromIp,
  insertCodeFailure,
  countSendsToPhone,
  deleteSmsCode,
  insertSmsCode,
  latestSmsCodeForUpdate,
  lockPhone,
  markSmsCodeUsed,
  purgeSmsCodes,
} from '../repositories/smsCodeRepository.js';
import type { SmsProvider } from './smsProvider.js';
import { withOutboundTenant } from '../providers/outboundFetch.js';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAY_MS = 24 * 3600_000;
export const SMS_PER_PHONE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 20;
export const SMS_MAX_WRONG_TRIES = 5;
/** Wrong answers one client address may give per hour over all numbers (guessing across many codes). */
export const SMS_WRONG_PER_IP_PER_HOUR = 30;

export const SMS_NOT_ENABLED = '短信服务未开启，请联系管理员';
export const PHONE_INVALID = '请输入正确的手机号码';
export const CODE_INVALID = '验证码已失效，请重新获取';
export const CODE_TOO_MANY_WRONG = '验证码错误次数过多，请重新获取';

/** Mainland mobile numbers: 11 digits starting with 1. */
export function assertPhone(phone: string): void {
  if (!/^1\d{10}$/.test(phone)) throw badRequest(PHONE_INVALID);
}

function digest(salt: string, tenantId: number, phone: string, code: string): string {
  return createHmac('sha256', salt).update(`${tenantId}:${phone}:${code}`).digest('hex');
}

export interface SmsContext {
  db: Kysely<Database>;
  provider: SmsProvider | null;
  now: () => Date;
}

/** Sends a new code to the number, after the limits; the code never leaves the server otherwise. */
export async function sendSmsCode(ctx: SmsContext, tenantId: number, phone: string, ip: string): Promise<void> {
  if (!ctx.provider) throw badRequest(SMS_NOT_ENABLED);
  assertPhone(phone);
  const now = ctx.now();
  await purgeSmsCodes(ctx.db, new Date(now.getTime() - SMS_DAY_MS));
  if ((await countSendsFromIp(ctx.db, ip, new Date(now.getTime() - 3600_000))) >= SMS_PER_IP_PER_HOUR) {
    throw tooMany('当前网络获取验证码过于频繁，请1小时后再试');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  // Counting and inserting under a lock per number: two requests at once cannot both pass the 60 s rule.
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockPhone(trx, tenantId, phone);
    const sent = await countSendsToPhone(trx, tenantId, phone, new Date(now.getTime() - SMS_DAY_MS));
    if (sent.last && now.getTime() - sent.last.getTime() < SMS_RESEND_MS) {
      const wait = Math.ceil((SMS_RESEND_MS - (now.getTime() - sent.last.getTime())) / 1000);
      throw tooMany(`验证码发送过于频繁，请${wait}秒后再试`);
    }
    if (sent.count >= SMS_PER_PHONE_PER_DAY) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
    return insertSmsCode(trx, {
      tenantId,
      phone,
      ip,
      salt,
      hash: digest(salt, tenantId, phone, code),
      sendTime: now,
      expireTime: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
  });
  try {
    // A public call: its log entry belongs to the tenant the caller named.
    const provider = ctx.provider;
    await withOutboundTenant(tenantId, () => provider.send(phone, `您的验证码为${code}，5分钟内有效，请勿泄露给他人。`));
  } catch {
    // A message that never left does not count against the number's limits.
    await deleteSmsCode(ctx.db, id);
    throw new HttpError(502, '短信发送失败，请稍后再试');
  }
}

type CheckOutcome = 'ok' | 'invalid' | 'tooMany' | { wrong: number };

/**
 * Checks `code` against the newest code of the number. `consume` spends it (the action it guards
 * succeeds); a bare check leaves it usable. A wrong answer is counted even though the call fails.
 */
export async function verifySmsCode(ctx: SmsContext, tenantId: number, phone: string, code: string, consume: boolean, ip: string): Promise<void> {
  assertPhone(phone);
  const now = ctx.now();
  if ((await countCodeFailuresFromIp(ctx.db, ip, new Date(now.getTime() - 3600_000))) >= SMS_WRONG_PER_IP_PER_HOUR) {
    throw tooMany('验证码错误次数过多，请1小时后再试');
  }
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const row = await latestSmsCodeForUpdate(trx, tenantId, phone);
    if (!row || row.used || row.expire_time.getTime() <= now.getTime()) return 'invalid';
    if (row.wrong_tries >= SMS_MAX_WRONG_TRIES) return 'tooMany';
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(digest(row.code_salt, tenantId, phone, code), 'hex');
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(expected, given)) {
      await addWrongTry(trx, row.id);
      await insertCodeFailure(trx, ip, now);
      return row.wrong_tries + 1 >= SMS_MAX_WRONG_TRIES ? 'tooMany' : { wrong: row.wrong_tries + 1 };
    }
    if (consume) await markSmsCodeUsed(trx, row.id);
    return 'ok';
  });
  if (outcome === 'ok') return;
  if (outcome === 'invalid') throw badRequest(CODE_INVALID);
  if (outcome === 'tooMany') throw badRequest(CODE_TOO_MANY_WRONG);
  throw badRequest(`验证码错误，还可尝试${SMS_MAX_WRONG_TRIES - outcome.wrong}次`);
}
