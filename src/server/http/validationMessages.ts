/** Turns Ajv validation errors into Chinese field messages. */
import type { FieldError } from '../../shared/envelope.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  null: '空值',
};

function typeName(t: unknown): string {
  const list = Array.isArray(t) ? t : String(t).split(',');
  return list.filter((x) => x !== 'null').map((x) => TYPE_NAMES[x] ?? x).join('或');
}

function fieldPath(e: AjvError): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path;
}

/** One `{field, message}` per Ajv error, in Chinese. */
export function toFieldErrors(errors: AjvError[], part: string): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    let field = fieldPath(e);
    let message: string;
    switch (e.keyword) {
      case 'required':
        field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
        message = `${field}不能为空`;
        break;
      case 'additionalProperties':
        field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
        message = `不支持的字段：${field}`;
        break;
      case 'type':
        message = `${field || part}应为${typeName(e.params.type)}`;
        break;
      case 'minLength':
        message = e.params.limit <= 1 ? `${field}不能为空` : `${field}长度不能少于${e.params.limit}个字符`;
        break;
      case 'maxLength':
        message = `${field}长度不能超过${e.params.limit}个字符`;
        break;
      case 'minimum':
        message = `${field}不能小于${e.params.limit}`;
        break;
      case 'maximum':
        message = `${field}不能大于${e.params.limit}`;
        break;
      case 'minItems':
        message = `${field || part}至少需要${e.params.limit}项`;
        break;
      case 'maxItems':
        message = `${field || part}最多${e.params.limit}项`;
        break;
      case 'enum':
        message = `${field}的取值不正确，可选值：${(e.params.allowedValues ?? []).join('、')}`;
        break;
      case 'pattern':
      case 'format':
        message = `${field}格式不正确`;
        break;
      default:
        message = `${field || part}不正确`;
    }
    out.push({ field: field || part, message });
  }
  return out;
}
