/**
 * The password policy for passwords users choose (`sys.password.policy`): a minimum length and a
 * minimum number of character classes (upper case, lower case, digits, other characters).
 * The config value is JSON, e.g. `{"minLength":8,"minClasses":2}`; absent or unreadable → default.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { getConfigValue } from '../repositories/configRepository.js';

export const PASSWORD_POLICY_KEY = 'sys.password.policy';
/** Longest password accepted anywhere (bcrypt reads at most 72 bytes; the API has said 20 since issue 2). */
export const PASSWORD_MAX_LENGTH = 20;

export interface PasswordPolicy {
  minLength: number;
  minClasses: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, minClasses: 2 };

const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];
const COUNT_WORDS = ['', '一', '两', '三', '四'];

/** The policy of a config value; numbers out of range are clamped, anything unreadable gives the default. */
export function parsePasswordPolicy(value: string | null | undefined): PasswordPolicy {
  if (!value) return DEFAULT_PASSWORD_POLICY;
  try {
    const v = JSON.parse(value) as Partial<PasswordPolicy>;
    const int = (x: unknown, lo: number, hi: number, dflt: number) => (Number.isInteger(x) ? Math.min(hi, Math.max(lo, x as number)) : dflt);
    return {
      minLength: int(v.minLength, 1, PASSWORD_MAX_LENGTH, DEFAULT_PASSWORD_POLICY.minLength),
      minClasses: int(v.minClasses, 1, 4, DEFAULT_PASSWORD_POLICY.minClasses),
    };
  } catch {
    return DEFAULT_PASSWORD_POLICY;
  }
}

/** The Chinese message naming what the policy asks, e.g. 密码长度不能少于8位，且须包含大写字母、小写字母、数字、特殊字符中的至少两种. */
export function passwordPolicyMessage(p: PasswordPolicy): string {
  const length = `密码长度不能少于${p.minLength}位`;
  return p.minClasses <= 1 ? length : `${length}，且须包含大写字母、小写字母、数字、特殊字符中的至少${COUNT_WORDS[p.minClasses]}种`;
}

/** Null when the password satisfies the policy, else the message. */
export function checkPasswordPolicy(p: PasswordPolicy, password: string): string | null {
  const classes = CLASSES.filter((re) => re.test(password)).length;
  return [...password].length >= p.minLength && classes >= p.minClasses ? null : passwordPolicyMessage(p);
}

/** The tenant's policy. */
export async function loadPasswordPolicy(db: Kysely<Database>, tenantId: number): Promise<PasswordPolicy> {
  return parsePasswordPolicy(await getConfigValue(db, tenantId, PASSWORD_POLICY_KEY));
}
