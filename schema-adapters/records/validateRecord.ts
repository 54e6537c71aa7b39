import type { FieldDefinition, FormDefinition, UserContext } from '../definition/types';
import { RESERVED_FIELD_NAMES } from '../definition/names';
import { looseEquals } from '../conditions/functions';
import { usesConfiguredList } from '../fieldTypes/choice';
import { addressLevels } from '../fieldTypes/reference';
import { FILE_LIST_TYPES } from '../fieldTypes/media';
import { specOf } from '../fieldTypes/registry';
import { rowFieldsOf } from '../fieldTypes/subform';
import type { FieldState, FieldStateOptions } from '../state/fieldState';
import { fieldStates } from '../state/fieldStates';
import { isEmpty, readValue } from './values';

/** One record problem: the field path (`amount`, `lines.0.qty`) and the message to show. */
export interface RecordProblem {
  field: string;
  message: string;
}

const OPTION_TYPES = new Set(['select', 'radio', 'checkbox']);

function optionValues(field: FieldDefinition): unknown[] {
  const out: unknown[] = [];
  const walk = (options: FieldDefinition['options']) => options?.forEach((o) => { out.push(o.value); walk(o.children); });
  walk(field.options);
  return out;
}

/** The problems of one visible field's value (spec 01 §5), pushed with `path`. */
function checkField(field: FieldDefinition, value: unknown, state: FieldState, path: string, out: RecordProblem[]): void {
  const label = field.label;
  // A file list of empty entries ([null]) counts as empty for required, yet is no file list.
  const listShape = FILE_LIST_TYPES.has(field.funcType) && Array.isArray(value) && value.length ? specOf(field).checkValue(field, value) : null;
  if (listShape) { out.push({ field: path, message: `${label}${listShape}` }); return; }
  if (isEmpty(value)) {
    if (state.required) out.push({ field: path, message: `${label}不能为空` });
    return;
  }
  const shape = specOf(field).checkValue(field, value);
  if (shape) { out.push({ field: path, message: `${label}${shape}` }); return; }
  if (field.funcType === 'address' && state.required && Array.isArray(value)) {
    // Spec 01 §5: address fields need every level filled, otherwise the label plus 必填.
    const filled = value.filter((v) => v != null && v !== '').length;
    if (filled < addressLevels(field)) out.push({ field: path, message: `${label}必填` });
  }
  if (field.funcType === 'input' || field.funcType === 'textarea') {
    const length = [...String(value)].length;
    if (field.funcType === 'input' && field.fixLength != null && length !== field.fixLength) {
      out.push({ field: path, message: field.fixLengthTips || `${label}须为${field.fixLength}个字符` });
    } else if (field.maxLength != null && length > field.maxLength) {
      out.push({ field: path, message: `${label}不能超过${field.maxLength}个字符` });
    }
  }
  if (field.funcType === 'number') {
    const n = Number(value);
    if (field.min != null && n < field.min) out.push({ field: path, message: `${label}不能小于${field.min}` });
    if (field.max != null && n > field.max) out.push({ field: path, message: `${label}不能大于${field.max}` });
  }
  if (OPTION_TYPES.has(field.funcType) && !usesConfiguredList(field) && field.options) {
    const allowed = optionValues(field);
    const chosen = Array.isArray(value) ? value : [value];
    if (chosen.some((v) => !allowed.some((a) => looseEquals(a, v)))) out.push({ field: path, message: `${label}的选项不存在` });
  }
}

/** Keys a record may carry besides its field names: companions, ranges, address parts, system columns. */
function allowedKeys(fields: FieldDefinition[]): Set<string> {
  const keys = new Set<string>(RESERVED_FIELD_NAMES);
  for (const field of fields) {
    keys.add(field.enName);
    for (const part of specOf(field).storage(field)) keys.add(`${field.enName}${part.suffix}`);
    if (specOf(field).hasView) keys.add(`${field.enName}$view`);
  }
  return keys;
}

function unknownKeys(record: Record<string, unknown>, fields: FieldDefinition[], prefix: string, out: RecordProblem[]): void {
  const allowed = allowedKeys(fields);
  for (const key of Object.keys(record)) if (!allowed.has(key)) out.push({ field: `${prefix}${key}`, message: `未知字段 “${key}”` });
}

/**
 * What the server re-checks before writing (CONTRACT.md §7): unknown keys, value shapes,
 * required (`{label}不能为空`), address levels (`{label}必填`), fixed length (the field's
 * fixLengthTips), max length, number strings and ranges, fixed options, and every sub-form row.
 * Hidden fields are skipped (they are dropped). Works on form data and on submit payloads.
 */
export function validateRecord(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext, opts?: FieldStateOptions): RecordProblem[] {
  const record = data ?? {};
  const states = fieldStates(def, record, ctx, opts);
  const out: RecordProblem[] = [];
  unknownKeys(record, def.fields, '', out);
  for (const field of def.fields) {
    const state = states[field.enName];
    if (specOf(field).schemaType === 'void' || !state?.visible) continue;
    const value = readValue(field, record);
    checkField(field, value, state, field.enName, out);
    if (field.funcType !== 'subForm' || !Array.isArray(value)) continue;
    const children = rowFieldsOf(field);
    value.forEach((row: Record<string, unknown>, index) => {
      const prefix = `${field.enName}.${index}.`;
      unknownKeys(row ?? {}, children, prefix, out);
      for (const child of children) {
        const childState = states[`${prefix}${child.enName}`];
        if (specOf(child).schemaType === 'void' || !childState?.visible) continue;
        checkField(child, readValue(child, row ?? {}), childState, `${prefix}${child.enName}`, out);
      }
    });
  }
  return out;
}
