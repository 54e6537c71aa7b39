import { compileCondition } from '../conditions/compileCondition';
import { EN_NAME_PATTERN } from '../definition/names';
import type { DefinitionProblem } from '../definition/validateDefinition';
import { BUTTON_ID_PATTERN, BUTTON_STEP_KINDS, WEBHOOK_MAX_TIMEOUT_MS } from './buttonTypes';
import { expressionError } from './evaluateValue';
import { FORM_CHECK_SCENES } from './checkRules';
import { safeLink } from './fillPlaceholders';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The problems of one configured value (literal or `{expr}`). */
function checkValue(value: unknown, at: string, out: DefinitionProblem[]): void {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (isObject(value) && typeof value.expr === 'string' && Object.keys(value).length === 1) {
    const error = expressionError(value.expr);
    if (error) out.push({ path: at, message: `表达式无法解析：${error}` });
    return;
  }
  out.push({ path: at, message: '取值须为文本、数字、布尔、null 或 {expr: 表达式}' });
}

/** `values` of setValues / createRecord: field names of `fields` (when known) to values. */
function checkValues(values: unknown, at: string, fields: ReadonlySet<string> | null, out: DefinitionProblem[]): void {
  if (!isObject(values) || !Object.keys(values).length) { out.push({ path: at, message: 'values 须为非空对象：字段英文名 → 取值' }); return; }
  for (const [name, value] of Object.entries(values)) {
    if (!EN_NAME_PATTERN.test(name) || (fields && !fields.has(name))) out.push({ path: `${at}.${name}`, message: `字段 “${name}” 不存在` });
    checkValue(value, `${at}.${name}`, out);
  }
}

function checkStep(step: unknown, at: string, fields: ReadonlySet<string>, out: DefinitionProblem[]): void {
  if (!isObject(step) || !(BUTTON_STEP_KINDS as readonly string[]).includes(String(step.kind))) {
    out.push({ path: at, message: `动作类型须为 ${BUTTON_STEP_KINDS.join('、')} 之一` });
    return;
  }
  switch (step.kind) {
    case 'setValues':
      checkValues(step.values, `${at}.values`, fields, out);
      break;
    case 'createRecord':
      if (typeof step.form !== 'string' || !EN_NAME_PATTERN.test(step.form)) out.push({ path: `${at}.form`, message: '须配置目标表单的英文名 form' });
      // The target's fields are checked when the button runs: another form may change later.
      checkValues(step.values, `${at}.values`, null, out);
      break;
    case 'link':
      if (typeof step.url !== 'string' || !safeLink(step.url)) out.push({ path: `${at}.url`, message: '链接须以 / 或 http(s):// 开头' });
      break;
    case 'print':
      if (step.templateId == null && (typeof step.templateName !== 'string' || !step.templateName)) out.push({ path: at, message: '打印动作须配置 templateId 或 templateName' });
      break;
    case 'webhook':
      if (typeof step.url !== 'string' || !/^https?:\/\/[^\s/]+/i.test(step.url)) out.push({ path: `${at}.url`, message: 'Webhook 地址须以 http(s):// 开头' });
      if (step.secret != null && (typeof step.secret !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(step.secret))) out.push({ path: `${at}.secret`, message: '密钥名称只能含字母、数字、_ . -，最长 64 个字符' });
      if (step.timeoutMs != null && !(Number.isInteger(step.timeoutMs) && (step.timeoutMs as number) > 0 && (step.timeoutMs as number) <= WEBHOOK_MAX_TIMEOUT_MS)) {
        out.push({ path: `${at}.timeoutMs`, message: `timeoutMs 须为 1 到 ${WEBHOOK_MAX_TIMEOUT_MS} 的整数` });
      }
      break;
  }
}

function checkRule(rule: unknown, at: string, out: DefinitionProblem[]): void {
  if (!isObject(rule)) { out.push({ path: at, message: '校验规则须为对象 {when, action, errorTips}' }); return; }
  checkRuleBody(rule, at, out);
}

function checkRuleBody(rule: Record<string, unknown>, at: string, out: DefinitionProblem[]): void {
  if (typeof rule.when !== 'string' || !rule.when.trim()) out.push({ path: `${at}.when`, message: '校验规则须配置条件 when' });
  else {
    const compiled = compileCondition(rule.when);
    if (compiled.kind !== 'expr') out.push({ path: `${at}.when`, message: '校验条件不支持 $sql(…) 和 $${…}' });
    else if (compiled.error) out.push({ path: `${at}.when`, message: `条件无法解析：${compiled.error}` });
  }
  if (rule.action !== 'stop' && rule.action !== 'warn') out.push({ path: `${at}.action`, message: '校验结果 action 须为 stop 或 warn' });
  if (typeof rule.errorTips !== 'string' || !rule.errorTips.trim()) out.push({ path: `${at}.errorTips`, message: '校验规则须配置提示 errorTips' });
}

/**
 * Problems of a definition's `buttons` (spec 01 §3.1, docs/forms.md "Custom buttons"): ids usable
 * in permission strings and unique, conditions that parse, and well-formed `actions` and `checks`.
 * `fields` are the main form's field names (setValues writes only those).
 */
export function buttonProblems(buttons: unknown, fields: ReadonlySet<string>): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  if (buttons == null) return out;
  if (!Array.isArray(buttons)) return [{ path: 'buttons', message: 'buttons 须为数组' }];
  const ids = new Set<string>();
  buttons.forEach((b: unknown, i: number) => {
    const at = `buttons[${i}]`;
    if (!isObject(b) || b.id == null || typeof b.name !== 'string' || !b.name) { out.push({ path: at, message: '按钮须有 id 和 name' }); return; }
    const id = String(b.id);
    if (!BUTTON_ID_PATTERN.test(id)) out.push({ path: `${at}.id`, message: '按钮 id 只能含字母、数字和下划线，最长 32 个字符' });
    else if (ids.has(id)) out.push({ path: `${at}.id`, message: `按钮 id “${id}” 重复` });
    ids.add(id);
    if (typeof b.rightShowCon === 'string' && b.rightShowCon && compileCondition(b.rightShowCon).error) {
      out.push({ path: `${at}.rightShowCon`, message: `条件无法解析：${compileCondition(b.rightShowCon).error}` });
    }
    if (b.actions != null) {
      if (!Array.isArray(b.actions)) out.push({ path: `${at}.actions`, message: 'actions 须为动作数组' });
      else b.actions.forEach((step, j) => checkStep(step, `${at}.actions[${j}]`, fields, out));
    }
    if (b.checks != null) {
      if (!Array.isArray(b.checks)) out.push({ path: `${at}.checks`, message: 'checks 须为校验规则数组' });
      else b.checks.forEach((rule, j) => checkRule(rule, `${at}.checks[${j}]`, out));
    }
  });
  return out;
}

/**
 * Problems of `feature.formChecks`: `{scene, when, action, errorTips}` rules with a scene of
 * FORM_CHECK_SCENES; add and edit take `stop` rules only (a save has no 继续操作 step).
 */
export function formCheckProblems(checks: unknown): DefinitionProblem[] {
  if (checks == null) return [];
  if (!Array.isArray(checks)) return [{ path: 'feature.formChecks', message: 'formChecks 须为数组' }];
  const out: DefinitionProblem[] = [];
  checks.forEach((rule: unknown, i) => {
    const at = `feature.formChecks[${i}]`;
    if (!isObject(rule)) { out.push({ path: at, message: '校验规则须为对象 {scene, when, action, errorTips}' }); return; }
    if (!(FORM_CHECK_SCENES as readonly string[]).includes(String(rule.scene))) out.push({ path: `${at}.scene`, message: `scene 须为 ${FORM_CHECK_SCENES.join('、')} 之一` });
    else if ((rule.scene === 'add' || rule.scene === 'edit') && rule.action === 'warn') out.push({ path: `${at}.action`, message: '新增、修改的校验只支持 stop' });
    if (rule.subForm != null && (typeof rule.subForm !== 'string' || !EN_NAME_PATTERN.test(rule.subForm))) out.push({ path: `${at}.subForm`, message: 'subForm 须为子表字段的英文名' });
    checkRuleBody(rule, at, out);
  });
  return out;
}
