/**
 * The structural checks the storage layer needs before it touches tables. The adapter's full
 * definition validator runs as well (see services/formDefinitions.ts); these are the rules the
 * table mapping cannot do without, so they hold even if that validator is lenient.
 */
import { isFieldType } from '../../../../schema-adapters/definition/fieldTypes.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FieldError } from '../../../shared/envelope.js';
import { EN_NAME } from './names.js';

/** Names a field may not take: they are system columns of every form table. */
export const RESERVED = new Set(['id', 'tenant_id', 'sys_status', 'pid', 'create_by', 'create_user_id', 'create_dept_id',
  'create_time', 'update_by', 'update_time', 'version', 'parent_id', 'row_order', 'data_table']);

/** Throws a 400 listing every field at fault; returns the definition typed. */
export function checkDefinition(input: unknown): FormDefinition {
  const errors: FieldError[] = [];
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest('表单定义须为JSON对象');
  const def = input as FormDefinition;
  // PostgreSQL's jsonb holds no NUL character: refuse it here rather than fail on insert.
  if (JSON.stringify(def).includes('\\u0000')) throw badRequest('表单定义含有不允许的字符');
  if (typeof def.enName !== 'string' || !EN_NAME.test(def.enName)) errors.push({ field: 'enName', message: '表单英文名不合法：须以小写字母开头，只含小写字母、数字和下划线，最长63个字符' });
  if (typeof def.cnName !== 'string' || !def.cnName.trim()) errors.push({ field: 'cnName', message: '表单名称不能为空' });
  if (!Array.isArray(def.fields)) errors.push({ field: 'fields', message: '字段列表须为数组' });
  const checkFields = (fields: unknown[], path: string, inSub: boolean) => {
    const seen = new Set<string>();
    fields.forEach((raw, i) => {
      const at = `${path}[${i}]`;
      const f = raw as Record<string, unknown>;
      if (!f || typeof f !== 'object') { errors.push({ field: at, message: '字段定义须为对象' }); return; }
      const name = f.enName;
      if (typeof name !== 'string' || !EN_NAME.test(name)) {
        errors.push({ field: `${at}.enName`, message: `字段英文名「${String(name)}」不合法` });
      } else if (RESERVED.has(name) && !(name === 'sys_status' && f.funcType === 'sysStatus')) {
        errors.push({ field: `${at}.enName`, message: `字段英文名「${name}」是系统保留字段` });
      } else if (seen.has(name)) {
        errors.push({ field: `${at}.enName`, message: `字段英文名「${name}」重复` });
      } else seen.add(name);
      if (!isFieldType(f.funcType)) errors.push({ field: `${at}.funcType`, message: `未知的字段类型「${String(f.funcType)}」` });
      if (typeof f.label !== 'string') errors.push({ field: `${at}.label`, message: '字段名称不能为空' });
      if (f.funcType === 'subForm') {
        if (inSub) errors.push({ field: at, message: '子表单内不能再嵌套子表单' });
        else if (!Array.isArray(f.children)) errors.push({ field: `${at}.children`, message: '子表单须有字段列表' });
        else checkFields(f.children, `${at}.children`, true);
      }
    });
  };
  if (Array.isArray(def.fields)) checkFields(def.fields, 'fields', false);
  if (errors.length) throw badRequest(errors[0].message, errors);
  return def;
}
