/** The dialogs' rules come from the contract: what the server refuses, the form refuses first. */
import { describe, expect, it } from 'vitest';
import { AddUserBody, EditUserBody } from '../../../../shared/contract/users';
import { fieldRules, maxLengthOf } from './contractRules';

/** Runs the rules as antd would for a plain value: the messages of the rules that fail. */
function failures(rules: ReturnType<typeof fieldRules>, value: string): string[] {
  const out: string[] = [];
  for (const r of rules) {
    if (typeof r === 'function') continue;
    if (r.required && !value.trim()) out.push(String(r.message));
    if (!value) continue;
    if (r.min !== undefined && value.length < r.min) out.push(String(r.message));
    else if (r.max !== undefined && value.length > r.max) out.push(String(r.message));
    if (r.pattern && !r.pattern.test(value)) out.push(String(r.message));
  }
  return out;
}

describe('contract rules', () => {
  it('gives the user dialog the server rules of a user name: required, 2–30 characters, the pattern', () => {
    const rules = fieldRules(AddUserBody, 'userName', '用户名称', { patternMessage: 'bad' });
    expect(failures(rules, '')).toEqual(['用户名称不能为空']);
    expect(failures(rules, 'a')).toContain('用户名称长度必须介于 2 和 30 之间');
    expect(failures(rules, 'a'.repeat(25))).toEqual([]);
    expect(failures(rules, 'a'.repeat(31))).toContain('用户名称长度必须介于 2 和 30 之间');
    expect(failures(rules, '张三')).toEqual(['bad']);
    expect(failures(rules, 'zhang.san@x')).toEqual([]);
  });

  it('checks the phone pattern the server checks, and allows a cleared number', () => {
    const rules = fieldRules(EditUserBody, 'phonenumber', '手机号码');
    expect(failures(rules, '')).toEqual([]);
    expect(failures(rules, '13800000000')).toEqual([]);
    expect(failures(rules, '12345')).toEqual(['手机号码格式不正确']);
    expect(maxLengthOf(EditUserBody, 'phonenumber')).toBe(20);
  });

  it('keeps optional fields optional and refuses an unknown key', () => {
    expect(failures(fieldRules(EditUserBody, 'email', '邮箱'), '')).toEqual([]);
    expect(failures(fieldRules(EditUserBody, 'nickName', '用户昵称'), ' ')).toEqual(['用户昵称不能为空']);
    expect(() => fieldRules(EditUserBody, 'colour', '颜色')).toThrow();
  });
});
