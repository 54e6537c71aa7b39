/**
 * Issue 32 item 2: self-registration. A tenant opens it with configs (系统参数):
 * sys.register.enabled 'true'; sys.register.roles role keys offered (comma-separated);
 * sys.register.depts department ids offered (comma-separated); sys.register.approval 'true' makes
 * a new account wait, disabled, until an administrator enables it in 用户管理;
 * sys.register.success.tip the text shown after registering. sys.sms.enabled 'false' turns SMS off
 * for the tenant even when a gateway is configured; registration then asks for a captcha instead
 * of an SMS code (checkRegisterCaptcha) and takes no phone number.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { getConfigValues } from '../repositories/configRepository.js';
import { takeCaptcha } from '../repositories/captchaRepository.js';
import { badRequest } from '../http/HttpError.js';

export const REGISTER_KEYS = {
  enabled: 'sys.register.enabled',
  roles: 'sys.register.roles',
  depts: 'sys.register.depts',
  approval: 'sys.register.approval',
  tip: 'sys.register.success.tip',
  sms: 'sys.sms.enabled',
} as const;

export interface RegisterSettings {
  enabled: boolean;
  roleKeys: string[];
  deptIds: number[];
  approval: boolean;
  successTip: string;
  smsEnabled: boolean;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[,，\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export async function registerSettings(db: Kysely<Database>, tenantId: number): Promise<RegisterSettings> {
  const c = await getConfigValues(db, tenantId, Object.values(REGISTER_KEYS));
  return {
    enabled: c[REGISTER_KEYS.enabled] === 'true',
    roleKeys: list(c[REGISTER_KEYS.roles]),
    deptIds: list(c[REGISTER_KEYS.depts])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    approval: c[REGISTER_KEYS.approval] === 'true',
    successTip: c[REGISTER_KEYS.tip] || '注册成功',
    smsEnabled: c[REGISTER_KEYS.sms] !== 'false',
  };
}

/** The roles a tenant offers to self-registration, active ones only. */
export async function registerRoleOptions(db: Kysely<Database>, tenantId: number, keys: string[]): Promise<{ roleId: number; roleName: string }[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'role_name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', '0')
    .where('role_key', 'in', keys)
    .where('role_key', '!=', 'admin')
    .orderBy('role_sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ roleId: r.id, roleName: r.role_name }));
}

/** The departments a tenant offers to self-registration, active ones only. */
export async function registerDeptOptions(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<{ deptId: number; deptName: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('depts')
    .select(['id', 'dept_name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', '0')
    .where('id', 'in', ids)
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ deptId: r.id, deptName: r.dept_name }));
}

export const REGISTER_CAPTCHA_MESSAGES = {
  missing: '验证码不能为空',
  expired: '验证码已失效，请刷新验证码',
  wrong: '验证码错误',
} as const;

/** Spends the registration captcha `uuid` (one use, also when wrong) and checks its answer. */
export async function checkRegisterCaptcha(db: Kysely<Database>, code: string, uuid: string | null | undefined): Promise<void> {
  if (!code.trim() || !uuid) throw badRequest(REGISTER_CAPTCHA_MESSAGES.missing);
  const answer = await takeCaptcha(db, uuid);
  if (answer === null) throw badRequest(REGISTER_CAPTCHA_MESSAGES.expired);
  if (answer.toLowerCase() !== code.trim().toLowerCase()) throw badRequest(REGISTER_CAPTCHA_MESSAGES.wrong);
}
