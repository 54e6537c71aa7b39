/** Turns Ajv validation errors into Chinese field messages. */
import type { ErrorObject } from '@fastify/ajv-compiler';
import type { FieldError } from '../../shared/envelope.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: ErrorObject['params'];
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

/** Chinese names of the administration APIs' fields, used in messages (the `field` stays the key). */
export const FIELD_LABELS: Record<string, string> = {
  username: '用户名',
  password: '密码',
  code: '验证码',
  tenantCode: '租户编码',
  userId: '用户编号',
  userIds: '用户编号',
  userName: '登录账号',
  nickName: '用户昵称',
  deptId: '部门',
  roleIds: '角色',
  email: '邮箱',
  phonenumber: '手机号码',
  sex: '性别',
  status: '状态',
  remark: '备注',
  roleId: '角色编号',
  roleName: '角色名称',
  roleKey: '权限字符',
  roleSort: '显示顺序',
  permissions: '权限',
  parentId: '上级',
  deptName: '部门名称',
  orderNum: '显示排序',
  leader: '负责人',
  phone: '联系电话',
  dictCode: '字典编码',
  dictType: '字典类型',
  dictLabel: '字典标签',
  dictValue: '字典键值',
  dictSort: '字典排序',
  isDefault: '是否默认',
  configId: '参数主键',
  configName: '参数名称',
  configKey: '参数键名',
  configValue: '参数键值',
  configType: '系统内置',
  name: '名称',
  oldPassword: '旧密码',
  newPassword: '新密码',
  pageNum: '页码',
  pageSize: '每页条数',
  action: '函数',
  params: '参数',
  workDays: '工作日',
  periods: '工作时段',
  exceptions: '例外日期',
};

/** The label of a dotted path's last named segment (`permissions.0` → 权限第1项). */
function label(path: string): string {
  const parts = path.split('.');
  const last = parts[parts.length - 1];
  if (/^\d+$/.test(last) && parts.length > 1) return `${label(parts.slice(0, -1).join('.'))}第${Number(last) + 1}项`;
  return Object.hasOwn(FIELD_LABELS, last) ? FIELD_LABELS[last] : path;
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
        message = `${label(field)}不能为空`;
        break;
      case 'additionalProperties':
        field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
        message = `不支持的字段：${field}`;
        break;
      case 'type':
        message = `${field ? label(field) : part}应为${typeName(e.params.type)}`;
        break;
      case 'minLength':
        message = e.params.limit <= 1 ? `${label(field)}不能为空` : `${label(field)}长度不能少于${e.params.limit}个字符`;
        break;
      case 'maxLength':
        message = `${label(field)}长度不能超过${e.params.limit}个字符`;
        break;
      case 'minimum':
        message = `${label(field)}不能小于${e.params.limit}`;
        break;
      case 'maximum':
        message = `${label(field)}不能大于${e.params.limit}`;
        break;
      case 'minItems':
        message = `${field ? label(field) : part}至少需要${e.params.limit}项`;
        break;
      case 'maxItems':
        message = `${field ? label(field) : part}最多${e.params.limit}项`;
        break;
      case 'enum':
        message = `${label(field)}的取值不正确，可选值：${(e.params.allowedValues ?? []).join('、')}`;
        break;
      case 'pattern':
      case 'format':
        message = `${label(field)}格式不正确`;
        break;
      default:
        message = `${field ? label(field) : part}不正确`;
    }
    out.push({ field: field || part, message });
  }
  return out;
}
