/**
 * Anonymous forms (issue 32 item 5; spec 02 §7 `POST /auto/auto_ryxx/anonymous?tenantCode=`): a form
 * an administrator opened can be filled by anyone. The visitor sees the form's name and its
 * fillable fields only — plain fields without conditions, whose values need nothing else of the
 * tenant (no users, departments, related records, constant lists or files) — and each
 * submission passes a captcha, a rate limit per client address and size limits before it is
 * saved as 草稿 (or as the setting says) through the records engine's own add.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FieldDefinition, FormDefinition, UserContext } from '../../../schema-adapters/definition/types.js';
import type { AuthUser } from '../auth/types.js';
import { badRequest, notFound, tooMany } from '../http/HttpError.js';
import { findTenantByCode, type TenantRow } from '../repositories/tenantRepository.js';
import { findAnonymousSetting, reserveAnonymousAttempt, saveAnonymousSetting } from '../repositories/anonymousFormRepository.js';
import { takeCaptcha } from '../repositories/captchaRepository.js';
import { loadModel } from '../records/services/recordContext.js';
import { addRecord } from '../records/services/recordWrite.js';
import { recordProblems } from '../records/services/adapterBridge.js';
import type { FormModel } from '../records/query/formModel.js';
import { LOGIN_MESSAGES } from '../services/authService.js';

/** The limits of anonymous filling (docs/security.md "Anonymous forms"). */
export const ANONYMOUS_LIMITS = {
  /** Submission attempts per client address per hour, over every tenant and form. */
  perIpPerHour: 10,
  /** The request body, bytes. */
  bodyBytes: 64 * 1024,
  /** Characters of one text value (less when the field says so). */
  textChars: 2000,
  /** Values of one multiple choice. */
  choices: 50,
} as const;

export const ANONYMOUS_MESSAGES = {
  notOpen: '表单不存在或未开放匿名填写',
  tooMany: `提交过于频繁，每个地址每小时最多提交${ANONYMOUS_LIMITS.perIpPerHour}次，请稍后再试`,
  captchaMissing: '验证码不能为空',
  captchaExpired: '验证码已失效，请刷新验证码',
  captchaWrong: '验证码错误',
  empty: '请至少填写一项内容',
} as const;

/** Field types whose values stand alone (no lookup into the tenant's other data). */
const STANDALONE = new Set(['input', 'textarea', 'number', 'select', 'radio', 'checkbox', 'switch', 'dateStamp', 'timeOnly', 'rate']);
const CHOICE = new Set(['select', 'radio', 'checkbox']);

/** Whether a field is filled anonymously: a standalone type, shown, enabled, without conditions, fixed options for choices. */
export function isAnonymousField(f: FieldDefinition): boolean {
  if (!STANDALONE.has(f.funcType)) return false;
  if (f.isShow === false || f.visible === false || f.disabled === true) return false;
  if (f.hideCondition || f.requiredCon || f.disabledCon) return false;
  if (CHOICE.has(f.funcType)) return Array.isArray(f.options) && f.options.length > 0 && (f.selectMode === undefined || Number(f.selectMode) === 0) && !f.configDataId;
  return true;
}

/** The fields a visitor fills, and those left out (their labels, for the administrator). */
export function anonymousFields(def: FormDefinition): { served: FieldDefinition[]; omitted: FieldDefinition[] } {
  const served = def.fields.filter(isAnonymousField);
  return { served, omitted: def.fields.filter((f) => !served.includes(f)) };
}

/** What the visitor's page gets of one field: only what filling it needs. */
export function publicField(f: FieldDefinition) {
  const pick = <K extends keyof FieldDefinition>(k: K) => (f[k] !== undefined && f[k] !== null ? { [k]: f[k] } : {});
  return {
    enName: f.enName,
    label: f.label,
    funcType: f.funcType,
    required: f.required === true,
    ...pick('maxLength'), ...pick('fixLength'), ...pick('fixLengthTips'), ...pick('min'), ...pick('max'), ...pick('precision'),
    ...pick('multiple'), ...pick('placeholder'), ...pick('format'),
    ...(CHOICE.has(f.funcType) ? { options: (f.options ?? []).map((o) => ({ label: String(o.label), value: o.value as string | number | boolean })) } : {}),
  };
}

/** The form a visitor may fill: tenant active, form existing and opened; else one 404 for every case. */
export async function openAnonymousForm(db: Kysely<Database>, tenantCode: string | undefined, formName: string): Promise<{ tenant: TenantRow; model: FormModel; sysStatus: number }> {
  const tenant = await activeTenant(db, tenantCode);
  const setting = await findAnonymousSetting(db, tenant.id, formName);
  if (!setting?.enabled) throw notFound(ANONYMOUS_MESSAGES.notOpen);
  let model: FormModel;
  try {
    model = await loadModel(db, tenant.id, formName);
  } catch {
    throw notFound(ANONYMOUS_MESSAGES.notOpen);
  }
  return { tenant, model, sysStatus: setting.sys_status };
}

/** The tenant named by a public call (default DEFAULT), active. */
export async function activeTenant(db: Kysely<Database>, tenantCode: string | undefined): Promise<TenantRow> {
  const tenant = await findTenantByCode(db, tenantCode?.trim() || 'DEFAULT');
  if (!tenant) throw badRequest(LOGIN_MESSAGES.unknownTenant);
  if (tenant.status !== '0') throw badRequest(LOGIN_MESSAGES.tenantDisabled);
  return tenant;
}

/** The writer of anonymous records: no user of the tenant (id 0), named 匿名用户, no rights. */
function anonymousUser(tenant: TenantRow): AuthUser {
  return { userId: 0, userName: '匿名用户', nickName: '匿名用户', tenantId: tenant.id, tenantCode: tenant.code, tenantName: tenant.name, deptId: null, roleKeys: [], roleNames: [], permissions: [], token: '' };
}

/** Size and shape checks of the values before the form's own rules. */
function checkValues(served: FieldDefinition[], data: Record<string, unknown>): void {
  const byName = new Map(served.map((f) => [f.enName, f]));
  const keys = Object.keys(data);
  if (!keys.some((k) => data[k] !== null && data[k] !== '' && !(Array.isArray(data[k]) && (data[k] as unknown[]).length === 0))) throw badRequest(ANONYMOUS_MESSAGES.empty);
  for (const k of keys) {
    const f = byName.get(k);
    if (!f) throw badRequest(`字段「${k.slice(0, 64)}」不能匿名填写`, [{ field: k.slice(0, 64), message: '不能匿名填写' }]);
    const v = data[k];
    const scalar = (x: unknown) => x === null || typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';
    if (Array.isArray(v)) {
      if (v.length > ANONYMOUS_LIMITS.choices) throw badRequest(`「${f.label}」最多选择${ANONYMOUS_LIMITS.choices}项`, [{ field: k, message: `最多选择${ANONYMOUS_LIMITS.choices}项` }]);
      if (!v.every(scalar)) throw badRequest(`「${f.label}」的值格式不正确`, [{ field: k, message: '值格式不正确' }]);
    } else if (!scalar(v)) {
      throw badRequest(`「${f.label}」的值格式不正确`, [{ field: k, message: '值格式不正确' }]);
    }
    const texts = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    const max = Math.min(ANONYMOUS_LIMITS.textChars, typeof f.maxLength === 'number' && f.maxLength > 0 ? f.maxLength : ANONYMOUS_LIMITS.textChars);
    if (texts.some((s) => s.length > max)) throw badRequest(`「${f.label}」不能超过${max}个字符`, [{ field: k, message: `不能超过${max}个字符` }]);
  }
}

export interface AnonymousSubmission {
  tenantCode?: string;
  formName: string;
  data: Record<string, unknown>;
  code: string;
  uuid: string;
  ip: string;
  url: string;
  now: Date;
}

/** Checks everything, then saves the record with the setting's status; answers nothing of it. */
export async function submitAnonymous(db: Kysely<Database>, s: AnonymousSubmission): Promise<void> {
  const tenant = await activeTenant(db, s.tenantCode);
  // Every attempt counts, refused ones too: captcha guesses and probing cost the same slot.
  const since = new Date(s.now.getTime() - 3600_000);
  if (!(await reserveAnonymousAttempt(db, { ip: s.ip, tenantId: tenant.id, formName: s.formName.slice(0, 64), now: s.now, since, limit: ANONYMOUS_LIMITS.perIpPerHour }))) {
    throw tooMany(ANONYMOUS_MESSAGES.tooMany);
  }
  const { model, sysStatus } = await openAnonymousForm(db, tenant.code, s.formName);
  if (!s.code.trim() || !s.uuid) throw badRequest(ANONYMOUS_MESSAGES.captchaMissing);
  const answer = await takeCaptcha(db, s.uuid);
  if (answer === null) throw badRequest(ANONYMOUS_MESSAGES.captchaExpired);
  if (answer.toLowerCase() !== s.code.trim().toLowerCase()) throw badRequest(ANONYMOUS_MESSAGES.captchaWrong);

  const def = model.form.definition;
  const { served } = anonymousFields(def);
  checkValues(served, s.data);
  const user = anonymousUser(tenant);
  const ctx: UserContext = { userId: 0, userName: user.userName, deptId: null, roleKeys: [], roleNames: [] };
  // The rules of the fields the visitor sees (required, lengths, numbers, options), also for a draft.
  const problems = recordProblems({ ...def, fields: served }, s.data, ctx);
  if (problems.length) throw badRequest(problems[0].message, problems);
  await addRecord(db, model, { user, ip: s.ip, url: s.url, method: 'POST' }, { data: s.data }, sysStatus === 1 ? 'save' : 'stash');
}

/** The administrator's view of a form's setting: the setting and which fields visitors get. */
export async function anonymousSettingOf(db: Kysely<Database>, tenantId: number, formName: string) {
  const model = await loadModel(db, tenantId, formName);
  const setting = await findAnonymousSetting(db, tenantId, formName);
  const { served, omitted } = anonymousFields(model.form.definition);
  return {
    enabled: setting?.enabled ?? false,
    sysStatus: setting?.sys_status ?? -1,
    publicFields: served.map((f) => f.label),
    omittedFields: omitted.map((f) => f.label),
    updateBy: setting?.update_by ?? null,
  };
}

/**
 * Opens or closes a form to anonymous filling. A finished record (status 1) is allowed only when
 * the visitor can give everything a full save needs: no flow, and no required field left out.
 */
export async function setAnonymousSetting(db: Kysely<Database>, tenantId: number, formName: string, s: { enabled: boolean; sysStatus: -1 | 1; updateBy: string }): Promise<void> {
  const model = await loadModel(db, tenantId, formName);
  const def = model.form.definition;
  if (s.sysStatus === 1) {
    if (def.hasFlow) throw badRequest('流程表单的匿名提交只能保存为草稿');
    const missing = anonymousFields(def).omitted.find((f) => f.required === true || !!f.requiredCon);
    if (missing) throw badRequest(`必填字段「${missing.label}」不能匿名填写，匿名提交只能保存为草稿`);
  }
  if (s.enabled && anonymousFields(def).served.length === 0) throw badRequest('该表单没有可匿名填写的字段');
  await saveAnonymousSetting(db, tenantId, formName, { enabled: s.enabled, sysStatus: s.sysStatus, updateBy: s.updateBy });
}
