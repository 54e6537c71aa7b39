/**
 * antd form rules derived from the HTTP contract (src/shared/contract), so a dialog checks what
 * the server checks: required (the object schema's `required` list), length and pattern of a
 * string field. Messages follow the dialogs' wording.
 */
import type { FormRule } from 'antd';
import type { TSchema } from 'typebox';

interface StringConstraints {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface ObjectSchema {
  properties: Record<string, TSchema>;
  required?: string[];
}

/** Rules of one string schema; `required` adds the `{label}不能为空` rule. */
export function stringRules(schema: TSchema, label: string, opts: { required?: boolean; patternMessage?: string } = {}): FormRule[] {
  const s = schema as StringConstraints;
  const rules: FormRule[] = [];
  if (opts.required) rules.push({ required: true, whitespace: true, message: `${label}不能为空` });
  const min = s.minLength !== undefined && s.minLength > 1 ? s.minLength : undefined;
  if (min !== undefined && s.maxLength !== undefined) rules.push({ min, max: s.maxLength, message: `${label}长度必须介于 ${min} 和 ${s.maxLength} 之间` });
  else if (s.maxLength !== undefined) rules.push({ max: s.maxLength, message: `${label}长度不能超过${s.maxLength}个字符` });
  if (s.pattern) rules.push({ pattern: new RegExp(s.pattern), message: opts.patternMessage ?? `${label}格式不正确` });
  return rules;
}

/**
 * Rules of the field `key` of a contract body: e.g.
 * `fieldRules(AddUserBody, 'userName', '用户名称')` → required, 2–30 characters, the name pattern.
 */
export function fieldRules(body: TSchema, key: string, label: string, opts: { patternMessage?: string } = {}): FormRule[] {
  const o = body as unknown as ObjectSchema;
  const field = o.properties[key];
  if (!field) throw new Error(`contract has no field ${key}`);
  return stringRules(field, label, { ...opts, required: o.required?.includes(key) ?? false });
}

/** The `maxLength` of a body's string field, for the input's own limit. */
export function maxLengthOf(body: TSchema, key: string): number | undefined {
  return ((body as unknown as ObjectSchema).properties[key] as StringConstraints | undefined)?.maxLength;
}
