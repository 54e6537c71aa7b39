import { compileCondition } from '../conditions/compileCondition';
import { EN_NAME_PATTERN } from '../definition/names';
import type { DefinitionProblem } from '../definition/types';
import { BUTTON_ID_PATTERN, BUTTON_STEP_KINDS, WEBHOOK_MAX_TIMEOUT_MS } from './buttonTypes';
import { expressionError } from './evaluateValue';
import { FORM_CHECK_SCENES } from './checkRules';
import { safeLink } from './fillPlaceholders';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

// Messages name buttons and settings in the designer's words, never by their JSON keys (issue 27
// item 7): the designer shows them without the path, to office administrators.

/** The action kinds (BUTTON_STEP_KINDS) in words. */
const STEP_NAMES: Record<(typeof BUTTON_STEP_KINDS)[number], string> = { setValues: '设置字段值', createRecord: '新增记录', link: '打开链接', print: '打印', webhook: '调用 Webhook' };
/** The form-check scenes (FORM_CHECK_SCENES) in words, as 表单检查's 场景 offers them. */
const SCENE_NAMES: Record<(typeof FORM_CHECK_SCENES)[number], string> = { add: '新增保存时', edit: '修改保存时', delete: '删除时', invalid: '作废时', deleteSub: '删除子表行时' };

/** The problems of one configured value (literal or `{expr}`). */
function checkValue(value: unknown, at: string, where: string, out: DefinitionProblem[]): void {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (isObject(value) && typeof value.expr === 'string' && Object.keys(value).length === 1) {
    const error = expressionError(value.expr);
    if (error) out.push({ path: at, message: `${where}的计算式无法解析：${error}` });
    return;
  }
  out.push({ path: at, message: `${where}的取值须为文本、数字、是/否、空或计算式` });
}

/** `values` of setValues / createRecord: field names of `fields` (when known) to values. */
function checkValues(values: unknown, at: string, fields: ReadonlyMap<string, string> | null, where: string, out: DefinitionProblem[]): void {
  if (!isObject(values) || !Object.keys(values).length) { out.push({ path: at, message: `${where}须至少设置一个字段的值` }); return; }
  for (const [name, value] of Object.entries(values)) {
    if (!EN_NAME_PATTERN.test(name) || (fields && !fields.has(name))) out.push({ path: `${at}.${name}`, message: `${where}要设置的字段 “${name}” 不存在` });
    checkValue(value, `${at}.${name}`, `${where}中「${fields?.get(name) ?? name}」`, out);
  }
}

function checkStep(step: unknown, at: string, fields: ReadonlyMap<string, string>, button: string, out: DefinitionProblem[]): void {
  if (!isObject(step) || !(BUTTON_STEP_KINDS as readonly string[]).includes(String(step.kind))) {
    out.push({ path: at, message: `${button}的动作须为${Object.values(STEP_NAMES).join('、')}之一` });
    return;
  }
  const where = `${button}的「${STEP_NAMES[step.kind as keyof typeof STEP_NAMES]}」动作`;
  switch (step.kind) {
    case 'setValues':
      checkValues(step.values, `${at}.values`, fields, where, out);
      break;
    case 'createRecord':
      if (typeof step.form !== 'string' || !EN_NAME_PATTERN.test(step.form)) out.push({ path: `${at}.form`, message: `${where}须选择要新增记录的表单` });
      // The target's fields are checked when the button runs: another form may change later.
      checkValues(step.values, `${at}.values`, null, where, out);
      break;
    case 'link':
      if (typeof step.url !== 'string' || !safeLink(step.url)) out.push({ path: `${at}.url`, message: `${where}的链接须以 / 或 http(s):// 开头` });
      break;
    case 'print':
      if (step.templateId == null && (typeof step.templateName !== 'string' || !step.templateName)) out.push({ path: at, message: `${where}须选择打印模版` });
      break;
    case 'webhook':
      if (typeof step.url !== 'string' || !/^https?:\/\/[^\s/]+/i.test(step.url)) out.push({ path: `${at}.url`, message: `${where}的地址须以 http(s):// 开头` });
      if (step.secret != null && (typeof step.secret !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(step.secret))) out.push({ path: `${at}.secret`, message: `${where}的密钥名称只能含字母、数字、_ . -，最长 64 个字符` });
      if (step.timeoutMs != null && !(Number.isInteger(step.timeoutMs) && (step.timeoutMs as number) > 0 && (step.timeoutMs as number) <= WEBHOOK_MAX_TIMEOUT_MS)) {
        out.push({ path: `${at}.timeoutMs`, message: `${where}的超时时间须为 1 到 ${WEBHOOK_MAX_TIMEOUT_MS} 毫秒` });
      }
      break;
  }
}

function checkRule(rule: unknown, at: string, where: string, out: DefinitionProblem[]): void {
  if (!isObject(rule)) { out.push({ path: at, message: `${where}须有条件、处理和提示` }); return; }
  checkRuleBody(rule, at, where, out);
}

function checkRuleBody(rule: Record<string, unknown>, at: string, where: string, out: DefinitionProblem[]): void {
  if (typeof rule.when !== 'string' || !rule.when.trim()) out.push({ path: `${at}.when`, message: `${where}须填写条件` });
  else {
    const compiled = compileCondition(rule.when);
    if (compiled.kind !== 'expr') out.push({ path: `${at}.when`, message: `${where}的条件不支持 $sql(…) 和 $\${…}` });
    else if (compiled.error) out.push({ path: `${at}.when`, message: `${where}的条件无法解析：${compiled.error}` });
  }
  if (rule.action !== 'stop' && rule.action !== 'warn') out.push({ path: `${at}.action`, message: `${where}的处理须为「阻止并提示」或「提示后由用户决定」` });
  if (typeof rule.errorTips !== 'string' || !rule.errorTips.trim()) out.push({ path: `${at}.errorTips`, message: `${where}须填写提示` });
}

/**
 * Problems of a definition's `buttons` (spec 01 §3.1, docs/forms.md "Custom buttons"): ids usable
 * in permission strings and unique, conditions that parse, and well-formed `actions` and `checks`.
 * `fields` are the main form's field names (setValues writes only those).
 */
export function buttonProblems(buttons: unknown, fields: ReadonlySet<string> | ReadonlyMap<string, string>): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  if (buttons == null) return out;
  if (!Array.isArray(buttons)) return [{ path: 'buttons', message: '按钮须为一个列表' }];
  // Field names to labels, so a message names a field as the form shows it.
  const labels: ReadonlyMap<string, string> = fields instanceof Map ? fields : new Map([...fields].map((f) => [f, f]));
  const ids = new Set<string>();
  buttons.forEach((b: unknown, i: number) => {
    const at = `buttons[${i}]`;
    if (!isObject(b) || b.id == null || typeof b.name !== 'string' || !b.name) { out.push({ path: at, message: `第 ${i + 1} 个按钮须有编号和名称` }); return; }
    const button = `按钮「${b.name}」`;
    const id = String(b.id);
    if (!BUTTON_ID_PATTERN.test(id)) out.push({ path: `${at}.id`, message: `${button}的编号只能含字母、数字和下划线，最长 32 个字符` });
    else if (ids.has(id)) out.push({ path: `${at}.id`, message: `${button}的编号 “${id}” 与其他按钮重复` });
    ids.add(id);
    if (typeof b.rightShowCon === 'string' && b.rightShowCon && compileCondition(b.rightShowCon).error) {
      out.push({ path: `${at}.rightShowCon`, message: `${button}的显示条件无法解析：${compileCondition(b.rightShowCon).error}` });
    }
    if (b.actions != null) {
      if (!Array.isArray(b.actions)) out.push({ path: `${at}.actions`, message: `${button}的动作须为一个列表` });
      else b.actions.forEach((step, j) => checkStep(step, `${at}.actions[${j}]`, labels, button, out));
    }
    if (b.checks != null) {
      if (!Array.isArray(b.checks)) out.push({ path: `${at}.checks`, message: `${button}的校验规则须为一个列表` });
      else b.checks.forEach((rule, j) => checkRule(rule, `${at}.checks[${j}]`, `${button}的第 ${j + 1} 条校验规则`, out));
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
  if (!Array.isArray(checks)) return [{ path: 'feature.formChecks', message: '表单检查须为一个列表' }];
  const out: DefinitionProblem[] = [];
  checks.forEach((rule: unknown, i) => {
    const at = `feature.formChecks[${i}]`;
    const where = `第 ${i + 1} 条表单检查`;
    if (!isObject(rule)) { out.push({ path: at, message: `${where}须有场景、条件、处理和提示` }); return; }
    if (!(FORM_CHECK_SCENES as readonly string[]).includes(String(rule.scene))) out.push({ path: `${at}.scene`, message: `${where}的场景须为${Object.values(SCENE_NAMES).join('、')}之一` });
    else if ((rule.scene === 'add' || rule.scene === 'edit') && rule.action === 'warn') out.push({ path: `${at}.action`, message: `${where}：新增、修改保存时只能「阻止并提示」` });
    if (rule.subForm != null && (typeof rule.subForm !== 'string' || !EN_NAME_PATTERN.test(rule.subForm))) out.push({ path: `${at}.subForm`, message: `${where}的子表须为表单中的子表字段` });
    checkRuleBody(rule, at, where, out);
  });
  return out;
}
