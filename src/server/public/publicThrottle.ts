/**
 * Rate limits per client address of public calls that nothing else bounds (issue 32 item 2):
 * tenant verification, registration by captcha and the portal's reads. Counted in the database (every process sees
 * the same count), over a rolling hour of the app's clock, refused attempts included.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { tooMany } from '../http/HttpError.js';
import { reservePublicAttempt } from '../repositories/publicAttemptRepository.js';

export const PUBLIC_LIMITS = {
  /** `POST /system/user/tenant/verification` per address and hour. */
  tenantVerification: { perHour: 30, message: '租户校验过于频繁，请1小时后再试' },
  /** `POST /register` without SMS (captcha) per address and hour. */
  captchaRegister: { perHour: 10, message: '注册过于频繁，请1小时后再试' },
  /** The portal's reads (`GET /api/portal/…`, issue 32 item 1) per address and hour: about one a second. */
  portal: { perHour: 3600, message: '访问过于频繁，请稍后再试' },
  /** The messaging-app sign-in's calls (`/api/wxapp/…`, issue 32 item 4) per address and hour. */
  wxapp: { perHour: 60, message: '微信登录请求过于频繁，请稍后再试' },
  /** Public dashboards' reads (`GET /api/public/dashboard/…`, ADR 1056): the portal's budget, counted apart. */
  publicDashboard: { perHour: 3600, message: '访问过于频繁，请稍后再试' },
} as const;

/** Takes one attempt of `action` for `ip`, or throws the 429 of that limit. */
export async function takePublicAttempt(db: Kysely<Database>, action: keyof typeof PUBLIC_LIMITS, ip: string, now: Date): Promise<void> {
  const limit = PUBLIC_LIMITS[action];
  const since = new Date(now.getTime() - 3600_000);
  if (!(await reservePublicAttempt(db, { action, ip, now, since, limit: limit.perHour }))) throw tooMany(limit.message);
}
