import { buttonProblems, formCheckProblems } from '../buttons/buttonProblems';
import { colorRuleProblems } from '../columns/cellColor';
import { compileCondition } from '../conditions/compileCondition';
import { isFieldType, type FieldType } from './fieldTypes';
import { allowedInSubForm, NOT_IN_SUB_FORM, subFormProblems } from '../fieldTypes/subform';
import { storageColumns } from '../records/storageColumns';
import { relationProblems } from '../records/relatedValues';
import { CHILD_TABLE_SYSTEM_COLUMNS, EN_NAME_PATTERN, JS_OBJECT_NAMES, MAIN_TABLE_SYSTEM_COLUMNS, MAX_TABLE_COLUMNS, PG_SYSTEM_COLUMN_NAMES, RESERVED_FIELD_NAMES } from './names';
import type { DefinitionProblem, FieldDefinition, FormDefinition } from './types';
import { viewShapeProblems, virtualColumnProblems } from './views';
import { ownerFieldProblems } from './ownerFields';

// Declared with the definition's types, so the checks of other folders (buttonProblems) need not import this file back.
export type { DefinitionProblem } from './types';

const CONDITION_KEYS = ['hideCondition', 'requiredCon', 'disabledCon'] as const;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isNonNegativeInt = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0;

function checkOptions(field: Record<string, unknown>, at: string, out: DefinitionProblem[]): void {
  const { funcType } = field;
  if (!['select', 'radio', 'checkbox', 'cascader'].includes(funcType as string)) return;
  if (field.selectMode != null && Number(field.selectMode) !== 0) {
    if (field.configDataId == null || field.configDataId === '') out.push({ path: `${at}.configDataId`, message: '选项来自常量列表时须填写常量列表编号' });
    return;
  }
  if (!Array.isArray(field.options)) {
    out.push({ path: `${at}.options`, message: '固定选项须配置选项列表' });
    return;
  }
  const walk = (options: unknown[], path: string) => options.forEach((o, i) => {
    if (!isObject(o) || typeof o.label !== 'string' || !['string', 'number', 'boolean'].includes(typeof o.value)) {
      out.push({ path: `${path}[${i}]`, message: '每个选项须有名称和值' });
    } else if (Array.isArray(o.children)) walk(o.children, `${path}[${i}].children`);
  });
  walk(field.options, `${at}.options`);
}

function checkField(raw: unknown, at: string, inSubForm: boolean, seen: Set<string>, out: DefinitionProblem[]): void {
  if (!isObject(raw)) { out.push({ path: at, message: '字段定义须为对象' }); return; }
  const { enName, funcType, label } = raw;
  if (typeof enName !== 'string' || !EN_NAME_PATTERN.test(enName)) {
    out.push({ path: `${at}.enName`, message: `字段英文名 “${String(enName)}” 不合法：须以小写字母开头，只含小写字母、数字和下划线，最长 63 个字符` });
  } else if (enName.startsWith('pg_')) {
    // PostgreSQL reads an unqualified pg_* name as its catalogue first (issue 26): a `$sql` condition must never see it as a form's.
    out.push({ path: `${at}.enName`, message: `字段英文名 “${enName}” 不能以 pg_ 开头（数据库系统保留的前缀）` });
  } else if (RESERVED_FIELD_NAMES.has(enName) && !(enName === 'sys_status' && funcType === 'sysStatus' && !inSubForm)) {
    out.push({ path: `${at}.enName`, message: `字段英文名 “${enName}” 是系统保留字段` });
  } else if (PG_SYSTEM_COLUMN_NAMES.has(enName)) {
    out.push({ path: `${at}.enName`, message: `字段英文名 “${enName}” 是数据库的系统列名，不能使用` });
  } else if (JS_OBJECT_NAMES.has(enName)) {
    out.push({ path: `${at}.enName`, message: `字段英文名 “${enName}” 是保留名称，不能使用` });
  } else if (seen.has(enName)) {
    out.push({ path: `${at}.enName`, message: `字段英文名 “${enName}” 重复` });
  } else seen.add(enName);
  if (!isFieldType(funcType)) out.push({ path: `${at}.funcType`, message: `未知的字段类型 “${String(funcType)}”` });
  if (typeof label !== 'string' || (!label.trim() && funcType !== 'divider')) out.push({ path: `${at}.label`, message: '字段名称不能为空' });
  for (const key of CONDITION_KEYS) {
    const source = raw[key];
    if (source == null || source === '') continue;
    if (typeof source !== 'string') { out.push({ path: `${at}.${key}`, message: '条件须为文本' }); continue; }
    const compiled = compileCondition(source);
    if (compiled.kind === 'sql' && key !== 'hideCondition') out.push({ path: `${at}.${key}`, message: '$sql(…) 只能用于隐藏条件' });
    else if (compiled.kind === 'sql' && inSubForm) out.push({ path: `${at}.${key}`, message: '子表字段不支持 $sql(…) 隐藏条件' });
    else if (compiled.error) out.push({ path: `${at}.${key}`, message: `条件无法解析：${compiled.error}` });
  }
  // SQL defaults (records/sqlDefaults.ts): main-form fields only, and only as $sql(…).
  if (raw.defaultType === 'sql') {
    if (inSubForm) out.push({ path: `${at}.defaultType`, message: '子表字段不支持 SQL 默认值' });
    else if (typeof raw.defaultValue !== 'string' || !/^\s*\$sql\s*\([\s\S]*\)\s*$/i.test(raw.defaultValue)) out.push({ path: `${at}.defaultValue`, message: 'SQL 默认值须写成 $sql(SELECT …)' });
  }
  // Named as the property panel names them, with the field's name (never the JSON key, issue 27 item 7).
  const field = `字段「${typeof label === 'string' && label.trim() ? label : String(enName)}」`;
  for (const [key, name] of [['maxLength', '最大长度'], ['fixLength', '固定长度'], ['precision', '小数位数']] as const) {
    if (raw[key] != null && !isNonNegativeInt(raw[key])) out.push({ path: `${at}.${key}`, message: `${field}的${name}须为非负整数` });
  }
  // Both ends carry the problem, so the designer shows it under whichever limit was just edited.
  if (raw.min != null && raw.max != null && Number(raw.min) > Number(raw.max)) for (const key of ['min', 'max']) out.push({ path: `${at}.${key}`, message: '最小值不能大于最大值' });
  if (raw.span != null && !(Number.isInteger(raw.span) && (raw.span as number) >= 1 && (raw.span as number) <= 24)) out.push({ path: `${at}.span`, message: `${field}的宽度须为 1 到 24 的整数` });
  checkOptions(raw, at, out);
  out.push(...colorRuleProblems(raw.colorRules, `${at}.colorRules`));
  if (funcType === 'relatedForm' && (typeof raw.relateEnName !== 'string' || !EN_NAME_PATTERN.test(raw.relateEnName))) {
    out.push({ path: `${at}.relateEnName`, message: `${field}须选择要关联的表单` });
  }
  if (funcType === 'subForm') {
    // The sub-form's rules live with its field type (fieldTypes/subform.ts); its rows are checked here like fields.
    const shape = subFormProblems(raw, at, inSubForm);
    out.push(...shape);
    if (!shape.length) {
      const childSeen = new Set<string>();
      (raw.children as unknown[]).forEach((child, i) => checkField(child, `${at}.children[${i}]`, true, childSeen, out));
    }
  } else if (inSubForm && !allowedInSubForm(funcType)) {
    out.push({ path: `${at}.funcType`, message: NOT_IN_SUB_FORM[funcType as FieldType]! });
  }
}

function checkFeature(def: Record<string, unknown>, names: Map<string, FieldDefinition>, out: DefinitionProblem[]): void {
  const feature = def.feature;
  if (feature == null) return;
  if (!isObject(feature)) { out.push({ path: 'feature', message: '表单设置格式不正确' }); return; }
  (Array.isArray(feature.columnEvalList) ? feature.columnEvalList : []).forEach((entry: unknown, i: number) => {
    const e = entry as Record<string, unknown>;
    const field = names.get(String(e?.enName));
    if (!field) out.push({ path: `feature.columnEvalList[${i}].enName`, message: `合计中的字段 “${String(e?.enName)}” 已不在表单中` });
    else if (!['number', 'rate'].includes(field.funcType)) out.push({ path: `feature.columnEvalList[${i}].enName`, message: `合计的字段「${field.label}」须为数字字段` });
    if (!['sum', 'average', 'both'].includes(String(e?.type))) out.push({ path: `feature.columnEvalList[${i}].type`, message: '合计方式须为求和、平均值或求和与平均值' });
  });
  (Array.isArray(feature.pcTableElements) ? feature.pcTableElements : []).forEach((entry: unknown, i: number) => {
    const name = (entry as Record<string, unknown>)?.enName;
    if (!names.has(String(name))) out.push({ path: `feature.pcTableElements[${i}].enName`, message: `列表列中的字段 “${String(name)}” 已不在表单中` });
    const fixed = (entry as Record<string, unknown>)?.fixed;
    if (fixed != null && fixed !== 'left' && fixed !== 'right') out.push({ path: `feature.pcTableElements[${i}].fixed`, message: `列表列「${names.get(String(name))?.label ?? String(name)}」的固定位置须为左侧或右侧` });
  });
}

/**
 * PostgreSQL refuses a table of more than 1600 columns: count each table's storage columns plus
 * its system columns, so a definition that could never be migrated is refused with a clear reason.
 */
function checkColumnCount(def: FormDefinition, out: DefinitionProblem[]): void {
  const tables: { label: string; path: string; columns: number; system: number }[] = [];
  let main = 0;
  for (const entry of storageColumns(def)) {
    if (entry.kind === 'childTable') {
      const index = def.fields.findIndex((f) => f.enName === entry.fieldEnName);
      tables.push({ label: `子表「${def.fields[index]?.label ?? entry.name}」`, path: `fields[${index}].children`, columns: entry.columns.length, system: CHILD_TABLE_SYSTEM_COLUMNS });
    } else main++;
  }
  tables.unshift({ label: '表单', path: 'fields', columns: main, system: MAIN_TABLE_SYSTEM_COLUMNS });
  for (const t of tables) {
    const room = MAX_TABLE_COLUMNS - t.system;
    if (t.columns > room) out.push({ path: t.path, message: `${t.label}的字段需要 ${t.columns} 个数据列，超过数据库每表最多 ${room} 个数据列的限制，请减少字段或拆分到子表` });
  }
}

/**
 * Checks a form definition (spec 01 §3.1–3.2, CONTRACT.md §4) and lists every problem; an empty
 * list means the definition is usable. Example: `validateDefinition({enName: 'X', …})` →
 * `[{path: 'enName', message: '表单英文名 “X” 不合法…'}]`.
 */
export function validateDefinition(input: unknown): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  if (!isObject(input)) return [{ path: '', message: '表单定义须为 JSON 对象' }];
  if (typeof input.enName !== 'string' || !EN_NAME_PATTERN.test(input.enName)) {
    out.push({ path: 'enName', message: `表单英文名 “${String(input.enName)}” 不合法：须以小写字母开头，只含小写字母、数字和下划线，最长 63 个字符` });
  } else if (input.enName.startsWith('pg_')) {
    // The form's table would share its name with a catalogue relation, which PostgreSQL resolves first (issue 26).
    out.push({ path: 'enName', message: `表单英文名 “${input.enName}” 不能以 pg_ 开头（数据库系统保留的前缀）` });
  }
  if (typeof input.cnName !== 'string' || !input.cnName.trim()) out.push({ path: 'cnName', message: '表单名称不能为空' });
  if (input.type != null && ![1, 2].includes(Number(input.type))) out.push({ path: 'type', message: '表单类型只能为 1（表单）或 2（视图）' });
  if (input.firstNColumns != null && !(Number.isInteger(input.firstNColumns) && (input.firstNColumns as number) >= 0)) out.push({ path: 'firstNColumns', message: '前 N 列须为非负整数' });
  if (!Array.isArray(input.fields)) {
    out.push({ path: 'fields', message: '字段列表须为一个列表' });
    return out;
  }
  const seen = new Set<string>();
  input.fields.forEach((field, i) => checkField(field, `fields[${i}]`, false, seen, out));
  const names = new Map<string, FieldDefinition>();
  for (const f of input.fields as FieldDefinition[]) if (isObject(f) && typeof f.enName === 'string') names.set(f.enName, f);
  checkFeature(input, names, out);
  // The column count needs well-formed fields; with other problems the count would mislead.
  if (!out.length) checkColumnCount(input as unknown as FormDefinition, out);
  out.push(...buttonProblems(input.buttons, new Map([...names].map(([k, f]) => [k, typeof f.label === 'string' && f.label ? f.label : k]))));
  if (isObject(input.feature)) out.push(...formCheckProblems(input.feature.formChecks));
  // Type-2 views (the sources' existence and field types are the server's check: viewSourceProblems).
  out.push(...viewShapeProblems(input));
  out.push(...virtualColumnProblems(input.feature, new Set(names.keys())));
  // Owner fields (数据归属, ADR 1041): single user / dept fields of the main form only.
  out.push(...ownerFieldProblems(input.feature, names));
  out.push(...relatedSettingProblems(input.fields));
  return out;
}

/** relate2Current / relateHeadFilter of every relatedForm field, main and in sub-form rows. */
function relatedSettingProblems(fields: unknown[]): DefinitionProblem[] {
  const main = fields.filter(isObject) as unknown as FieldDefinition[];
  const out: DefinitionProblem[] = [];
  fields.forEach((f, i) => {
    if (!isObject(f)) return;
    if (f.funcType === 'relatedForm') out.push(...relationProblems(f, `fields[${i}]`, undefined, main));
    if (f.funcType === 'subForm' && Array.isArray(f.children)) {
      const row = f.children.filter(isObject) as unknown as FieldDefinition[];
      f.children.forEach((c: unknown, j: number) => {
        if (isObject(c) && c.funcType === 'relatedForm') out.push(...relationProblems(c, `fields[${i}].children[${j}]`, row, main));
      });
    }
  });
  return out;
}
