/**
 * A form's owner fields (数据归属, issue 35): a single user field and/or a single department field
 * of the main form whose value, when named, decides a record's ownership for the data scopes
 * 仅本人 / 本部门 / 本部门及以下 / 自定义部门 instead of its creator (`create_user_id` /
 * `create_dept_id`). Stored as `feature.ownerUserField` / `feature.ownerDeptField` (field enNames).
 */
import type { DefinitionProblem, FieldDefinition, FormDefinition } from './types';

/** The owner fields a definition names (undefined: the creator decides). */
export interface OwnerFields {
  user?: string;
  dept?: string;
}

const SLOTS = [
  { key: 'ownerUserField', slot: 'user', funcType: 'user', noun: '归属人字段', kind: '用户' },
  { key: 'ownerDeptField', slot: 'dept', funcType: 'dept', noun: '归属部门字段', kind: '部门' },
] as const;

/** Whether `f` can own records as `funcType` (a single, not multiple, user or dept field). */
export function canOwn(f: FieldDefinition, funcType: 'user' | 'dept'): boolean {
  return f.funcType === funcType && !f.multiple;
}

/** The owner fields of `def` (blank names are absent). Example: `{feature: {ownerUserField: 'jbr'}}` → `{user: 'jbr'}`. */
export function ownerFields(def: Pick<FormDefinition, 'feature'> | undefined): OwnerFields {
  const out: OwnerFields = {};
  for (const s of SLOTS) {
    const v = def?.feature?.[s.key];
    if (typeof v === 'string' && v) out[s.slot] = v;
  }
  return out;
}

/** The problems of the owner fields: each must name an existing single user / dept field of the main form. */
export function ownerFieldProblems(feature: unknown, fields: Map<string, FieldDefinition>): DefinitionProblem[] {
  if (!feature || typeof feature !== 'object') return [];
  const out: DefinitionProblem[] = [];
  for (const s of SLOTS) {
    const v = (feature as Record<string, unknown>)[s.key];
    if (v == null || v === '') continue;
    const path = `feature.${s.key}`;
    const f = typeof v === 'string' ? fields.get(v) : undefined;
    if (!f) out.push({ path, message: `${s.noun}“${String(v)}”不是表单主表中的字段` });
    else if (!canOwn(f, s.funcType)) out.push({ path, message: `${s.noun}「${f.label}」须为单选的${s.kind}字段` });
  }
  return out;
}
