/**
 * A token issued with needPerfect (spec 02 §4 "Password security": an initial or weak password
 * that must be changed) may call only what the profile page needs to change it; everything else
 * answers 403 until the password is changed, or until the tenant turns both password settings off.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { forbidden } from '../http/HttpError.js';
import { getConfigValues } from '../repositories/configRepository.js';
import { clearNeedPerfect } from '../repositories/sessionRepository.js';
import type { AuthUser } from './types.js';
import { hashToken } from './tokens.js';

export const NEED_PERFECT_MESSAGE = '您的密码安全等级较低或为初始密码，请先修改密码';

/** `METHOD route` of the calls a needPerfect token may make: the shell's session reads and the profile page. */
export const NEED_PERFECT_ALLOWED = new Set([
  'GET /api/getInfo',
  'GET /api/getRouters',
  'POST /api/logout',
  'GET /api/user/config/get',
  'GET /api/msg/task/unread/count',
  'GET /api/system/config/configKey/:key',
  'GET /api/common/download',
  'GET /api/system/user/profile',
  'POST /api/system/user/profile/edit',
  'POST /api/system/user/profile/avatar',
  'POST /api/system/user/profile/updatePwd',
]);

/** Throws the 403 unless the call is allowed for this token; lifts a flag the tenant's settings no longer ask for. */
export async function enforceNeedPerfect(db: Kysely<Database>, user: AuthUser, method: string, route: string): Promise<void> {
  if (!user.needPerfect || NEED_PERFECT_ALLOWED.has(`${method} ${route}`)) return;
  // Spec 02 §4: with sys.password.check and sys.password.force.update both off the flag is cleared.
  const cfg = await getConfigValues(db, user.tenantId, ['sys.password.check', 'sys.password.force.update']);
  if (cfg['sys.password.check'] !== 'true' && cfg['sys.password.force.update'] !== 'true') {
    await clearNeedPerfect(db, hashToken(user.token));
    user.needPerfect = false;
    return;
  }
  throw forbidden(NEED_PERFECT_MESSAGE);
}
