import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, DEFAULT_PASSWORD_POLICY, parsePasswordPolicy } from './passwordPolicy.js';

describe('password policy', () => {
  it('accepts the demo password admin123 under the default and refuses 12345 and one-class passwords', () => {
    expect(checkPasswordPolicy(DEFAULT_PASSWORD_POLICY, 'admin123')).toBeNull();
    const message = '密码长度不能少于8位，且须包含大写字母、小写字母、数字、特殊字符中的至少两种';
    for (const weak of ['12345', '12345678', 'abcdefgh', 'ABCDEFGH', 'Ab1']) expect(checkPasswordPolicy(DEFAULT_PASSWORD_POLICY, weak)).toBe(message);
    for (const fine of ['abcdefg!', 'ABCDEFG1', 'Abcdefgh', '密码密码密码密码1']) expect(checkPasswordPolicy(DEFAULT_PASSWORD_POLICY, fine)).toBeNull();
  });

  it('reads the config value, clamps it, and falls back to the default when unreadable', () => {
    expect(parsePasswordPolicy('{"minLength":12,"minClasses":3}')).toEqual({ minLength: 12, minClasses: 3 });
    expect(parsePasswordPolicy('{"minLength":99,"minClasses":9}')).toEqual({ minLength: 20, minClasses: 4 });
    expect(parsePasswordPolicy('{"minLength":0}')).toEqual({ minLength: 1, minClasses: 2 });
    expect(parsePasswordPolicy('8')).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(parsePasswordPolicy('not json')).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(parsePasswordPolicy(null)).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(checkPasswordPolicy({ minLength: 6, minClasses: 1 }, 'abc')).toBe('密码长度不能少于6位');
  });
});
