import type { FieldDefinition, FieldOption, UserContext } from '../definition/types';
import { toBoolean } from '../fieldTypes/choice';
import { dateFormatOf } from '../fieldTypes/date';
import { specOf } from '../fieldTypes/registry';
import { sqlDefaultText } from './sqlDefaults';
import { DATE_FORMATS, formatDate } from '../shared/dateFormat';
import type { FormDefinition } from '../definition/types';

const MULTI_TYPES = new Set(['checkbox', 'upload', 'idCard', 'address', 'subForm']);

/** Finds an option (also in cascader children) by loosely equal value. */
function findOption(options: FieldOption[] | undefined, value: unknown): FieldOption | undefined {
  for (const option of options ?? []) {
    if (option.value == value) return option;
    const inner = findOption(option.children, value);
    if (inner) return inner;
  }
  return undefined;
}

/** Brings a fixed default (often typed as text in the designer) to the field's value shape. */
export function coerceFixedDefault(field: FieldDefinition, raw: unknown): unknown {
  const multi = MULTI_TYPES.has(field.funcType) || (field.multiple && ['select', 'cascader', 'user', 'dept', 'relatedForm'].includes(field.funcType));
  if (multi) {
    const list = Array.isArray(raw) ? raw : String(raw).split(',').map((s) => s.trim()).filter(Boolean);
    return list.map((v) => (findOption(field.options, v)?.value ?? v));
  }
  switch (field.funcType) {
    case 'switch': return toBoolean(raw);
    case 'number': case 'rate': case 'sysStatus': return Number.isFinite(Number(raw)) ? Number(raw) : raw;
    case 'select': case 'radio': return findOption(field.options, raw)?.value ?? raw;
    default: return raw;
  }
}

/** The `$view` display text of a fixed default where the options tell it (select, cascader). */
function viewOf(field: FieldDefinition, value: unknown): string | undefined {
  if (!specOf(field).hasView || !field.options) return undefined;
  const labels = (Array.isArray(value) ? value : [value]).map((v) => findOption(field.options, v)?.label).filter(Boolean);
  return labels.length ? labels.join(',') : undefined;
}

/** Defaults of one field into `out` (spec 01 §3.4), with its `$view` where known. */
function fieldDefaults(field: FieldDefinition, ctx: UserContext, now: Date, out: Record<string, unknown>): void {
  // A SQL default is the server's to give (init/by/sql): no type default stands in for it meanwhile.
  if (sqlDefaultText(field) !== null) return;
  const spec = specOf(field);
  let value = spec.defaultValue(field);
  if (value === undefined) return;
  let view: string | undefined;
  if (field.defaultType === 'fix' && field.defaultValue != null && field.defaultValue !== '') {
    value = coerceFixedDefault(field, field.defaultValue);
    view = viewOf(field, value);
  }
  if (field.currentUser && field.funcType === 'user') {
    value = field.multiple ? [ctx.userId] : ctx.userId;
    view = ctx.nickName ?? ctx.userName;
  }
  if (field.currentDept && field.funcType === 'dept' && ctx.deptId != null) value = field.multiple ? [ctx.deptId] : ctx.deptId;
  if (field.currentTime) {
    if (field.funcType === 'dateStamp') value = formatDate(now, dateFormatOf(field));
    if (field.funcType === 'timeOnly') value = formatDate(now, field.format || DATE_FORMATS.time);
  }
  if (field.currentPos && field.funcType === 'position' && ctx.position) value = ctx.position;
  out[field.enName] = value;
  if (view !== undefined) out[`${field.enName}$view`] = view;
}

/** Default values of a new sub-form row: its fields' defaults, like a main form's. */
export function defaultRowValues(subForm: FieldDefinition, ctx: UserContext, now: Date = new Date()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const child of subForm.children ?? []) fieldDefaults(child, ctx, now, out);
  return out;
}

/**
 * Default values of a new record (spec 01 §3.4): per-type defaults, fixed defaults (defaultType
 * 'fix') with their display values, and currentUser / currentDept / currentTime / currentPos.
 */
export function defaultValues(def: FormDefinition, ctx: UserContext, now: Date = new Date()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of def.fields) fieldDefaults(field, ctx, now, out);
  return out;
}
