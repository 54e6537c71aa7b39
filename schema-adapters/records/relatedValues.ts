/**
 * The two relation settings of a relatedForm field (spec 01 §3.2), pure so the browser, the
 * server and the tests read them alike:
 *
 * - `relate2Current` `{currentField: relatedField}`: picking one related record copies the related
 *   record's values into the current form. In a sub-form row a name of the row's own fields wins
 *   over a main-form field of the same name.
 * - `relateHeadFilter` `{relatedField: value | "${mainField}"}`: conditions on the related form
 *   the server applies whenever the picker lists (it reads them from the stored definition, so a
 *   client cannot widen them); `${name}` takes the current form's main-field ("header") value.
 */
import type { FieldDefinition, FormDefinition } from '../definition/types';
import { EN_NAME_PATTERN } from '../definition/names';
import { specOf } from '../fieldTypes/registry';
import { isFieldType } from '../definition/fieldTypes';
import { readValue } from './values';

const REF = /^\$\{([a-z][a-z0-9_]*)\}$/;

/** An object setting as an object: an object as it is, JSON text parsed, anything else none. */
export function settingObject(raw: unknown): Record<string, unknown> | undefined {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** One copy of relate2Current: the current form's field `to` takes the related record's `from`. */
export interface RelatePair { to: string; from: string }

/** The pairs of a `relate2Current` setting (entries that are not two field names are left out). */
export function relatePairs(raw: unknown): RelatePair[] {
  const obj = settingObject(raw);
  if (!obj) return [];
  return Object.entries(obj).flatMap(([to, from]) => (typeof from === 'string' && EN_NAME_PATTERN.test(to) && EN_NAME_PATTERN.test(from) ? [{ to, from }] : []));
}

/** Field types that cannot receive a copied value (computed, containers, layout). */
const NOT_A_TARGET = new Set(['subForm', 'serialNumber', 'sysStatus', 'groupTitle', 'divider', 'button', 'qrCode']);

/** The field a relate2Current target names, seen from a field in `rowFields` (a sub-form row) or the main form. */
function targetOf(def: FormDefinition, rowFields: FieldDefinition[] | undefined, to: string): { field: FieldDefinition; inRow: boolean } | undefined {
  const inRow = rowFields?.find((f) => f.enName === to);
  if (inRow) return { field: inRow, inRow: true };
  const main = def.fields.find((f) => f.enName === to);
  return main ? { field: main, inRow: false } : undefined;
}

/** Where a field path points: the field, and for `sub.0.name` the sub-form's row fields and the row prefix. */
function locate(def: FormDefinition, path: string): { field?: FieldDefinition; rowFields?: FieldDefinition[]; rowPrefix: string } {
  const parts = path.split('.');
  if (parts.length === 3) {
    const sub = def.fields.find((f) => f.enName === parts[0] && f.funcType === 'subForm');
    const rowFields = sub?.children ?? [];
    return { field: rowFields.find((f) => f.enName === parts[2]), rowFields, rowPrefix: `${parts[0]}.${parts[1]}.` };
  }
  return { field: def.fields.find((f) => f.enName === path), rowPrefix: '' };
}

/**
 * The values picking `related` (a row as the list answers it) in the relatedForm field at `path`
 * (`name`, or `sub.0.name` in a sub-form row) sets in the current form, by form path. A target
 * with a display companion also gets the related field's `$view`; a date range takes the two ends.
 * Several picked records carry nothing (which one's values would be meant is unknowable).
 */
export function relate2CurrentValues(def: FormDefinition, path: string, related: Record<string, unknown> | Record<string, unknown>[] | null | undefined): Record<string, unknown> {
  const { field, rowFields, rowPrefix } = locate(def, path);
  if (!field || field.funcType !== 'relatedForm') return {};
  const row = Array.isArray(related) ? (related.length === 1 ? related[0] : undefined) : related;
  if (!row) return {};
  const out: Record<string, unknown> = {};
  for (const { to, from } of relatePairs(field.relate2Current)) {
    if (to === field.enName) continue;
    const target = targetOf(def, rowFields, to);
    if (!target || NOT_A_TARGET.has(target.field.funcType)) continue;
    const at = target.inRow ? `${rowPrefix}${to}` : to;
    const value = readValue({ ...target.field, enName: from }, row);
    out[at] = value === undefined ? null : value;
    if (isFieldType(target.field.funcType) && specOf(target.field).hasView) {
      const view = row[`${from}$view`];
      out[`${at}$view`] = view === undefined ? null : view;
    }
  }
  return out;
}

/** The names of the current form's main fields a relateHeadFilter refers to (`"${name}"` values). */
export function headFilterRefs(raw: unknown): string[] {
  return Object.values(settingObject(raw) ?? {}).flatMap((v) => (typeof v === 'string' && REF.test(v) ? [REF.exec(v)![1]] : []));
}

/** The relateHeadFilter with each `"${name}"` replaced by `values[name]` (null when unset); none when not set. */
export function resolveHeadFilter(raw: unknown, values: Record<string, unknown>): Record<string, unknown> | undefined {
  const obj = settingObject(raw);
  if (!obj || !Object.keys(obj).length) return undefined;
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => {
    const m = typeof v === 'string' ? REF.exec(v) : null;
    return [k, m ? (Object.hasOwn(values, m[1]) ? values[m[1]] ?? null : null) : v];
  }));
}

/** The relatedForm field a picker lists for: `name` of the main form or of a sub-form's rows. */
export function relatedFieldOf(def: FormDefinition, name: string): FieldDefinition | undefined {
  for (const f of def.fields) {
    if (f.funcType === 'relatedForm' && f.enName === name) return f;
    if (f.funcType === 'subForm') {
      const child = (f.children ?? []).find((c) => c.funcType === 'relatedForm' && c.enName === name);
      if (child) return child;
    }
  }
  return undefined;
}

/**
 * Definition problems of the two settings (validateDefinition): both must be objects; relate2Current
 * copies between field names into an existing field of this form (the row's or a main one) that can
 * hold a value; relateHeadFilter's `${name}` names a main field.
 */
export function relationProblems(raw: Record<string, unknown>, at: string, rowFields: FieldDefinition[] | undefined, mainFields: FieldDefinition[]): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (raw.relate2Current != null && raw.relate2Current !== '') {
    const obj = settingObject(raw.relate2Current);
    if (!obj) out.push({ path: `${at}.relate2Current`, message: '带入当前表单须为「当前字段: 关联表单字段」的对应关系' });
    else {
      for (const [to, from] of Object.entries(obj)) {
        const target = rowFields?.find((f) => f.enName === to) ?? mainFields.find((f) => f.enName === to);
        if (typeof from !== 'string' || !EN_NAME_PATTERN.test(from)) out.push({ path: `${at}.relate2Current`, message: `带入当前表单：「${to}」须对应关联表单的一个字段英文名` });
        else if (!target) out.push({ path: `${at}.relate2Current`, message: `带入当前表单：当前表单没有字段「${to}」` });
        else if (to === raw.enName || NOT_A_TARGET.has(target.funcType)) out.push({ path: `${at}.relate2Current`, message: `带入当前表单：字段「${target.label || to}」不能接收带入的值` });
      }
    }
  }
  if (raw.relateHeadFilter != null && raw.relateHeadFilter !== '') {
    const obj = settingObject(raw.relateHeadFilter);
    if (!obj) out.push({ path: `${at}.relateHeadFilter`, message: '表头过滤须为「关联表单字段: 值」的对应关系' });
    else {
      for (const name of headFilterRefs(obj)) {
        if (!mainFields.some((f) => f.enName === name)) out.push({ path: `${at}.relateHeadFilter`, message: `表头过滤：当前表单没有主表字段「${name}」` });
      }
    }
  }
  return out;
}
