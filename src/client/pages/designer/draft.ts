/**
 * The designer's draft: a form definition whose fields carry a stable `__key` (for dragging and
 * selection while enNames change), and the pure operations the canvas performs on it.
 */
import { allowedInSubForm } from '../../../../schema-adapters/fieldTypes/subform';
import { starterField } from '../../../../schema-adapters/fieldTypes/palette';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types';

/** A field of the draft. */
export interface DraftField extends FieldDefinition {
  __key: string;
  children?: DraftField[];
}
/** The draft definition. */
export interface Draft extends FormDefinition {
  fields: DraftField[];
}

/** Where a field goes: the main form (`container: 'root'`) or a sub-form's rows (its key), at an index. */
export interface DropTarget {
  container: string;
  index: number;
}

let counter = 0;
/** A fresh key. */
export const newKey = (): string => `f${++counter}_${Math.random().toString(36).slice(2, 7)}`;

/** A saved definition as a draft (keys added). */
export function toDraft(def: FormDefinition): Draft {
  const keyed = (f: FieldDefinition): DraftField => {
    const { children, ...rest } = f;
    return { ...rest, __key: newKey(), ...(Array.isArray(children) ? { children: children.map(keyed) } : {}) } as DraftField;
  };
  return { ...def, fields: (def.fields ?? []).map(keyed) };
}

/** The draft as a definition (keys removed). */
export function fromDraft(draft: Draft): FormDefinition {
  const plain = (f: DraftField): FieldDefinition => {
    const { __key: _key, children, ...rest } = f;
    return (children ? { ...rest, children: children.map(plain) } : rest) as FieldDefinition;
  };
  return { ...draft, fields: draft.fields.map(plain) } as FormDefinition;
}

/** An empty new form. */
export function emptyDraft(): Draft {
  return { enName: '', cnName: '', hasFlow: false, fields: [], buttons: [], feature: {} };
}

/** Every enName of the draft, sub-form rows included. */
export function takenNames(draft: Draft): Set<string> {
  const out = new Set<string>();
  for (const f of draft.fields) {
    out.add(f.enName);
    for (const c of f.children ?? []) out.add(c.enName);
  }
  return out;
}

/** Where a key sits: its container and index, or null. */
export function locate(draft: Draft, key: string): { container: string; index: number; field: DraftField } | null {
  const i = draft.fields.findIndex((f) => f.__key === key);
  if (i >= 0) return { container: 'root', index: i, field: draft.fields[i] };
  for (const parent of draft.fields) {
    const j = (parent.children ?? []).findIndex((c) => c.__key === key);
    if (j >= 0) return { container: parent.__key, index: j, field: parent.children![j] };
  }
  return null;
}

/** The field of a key. */
export const fieldOf = (draft: Draft, key: string | null | undefined): DraftField | null => (key ? locate(draft, key)?.field ?? null : null);

/** The validation path of a key (`fields[3]`, `fields[2].children[0]`), for matching problems. */
export function pathOf(draft: Draft, key: string): string | null {
  const i = draft.fields.findIndex((f) => f.__key === key);
  if (i >= 0) return `fields[${i}]`;
  for (const [p, parent] of draft.fields.entries()) {
    const j = (parent.children ?? []).findIndex((c) => c.__key === key);
    if (j >= 0) return `fields[${p}].children[${j}]`;
  }
  return null;
}

/** Why a field of `funcType` cannot go into `container`, or null when it can. */
export function refusal(draft: Draft, funcType: FieldType, container: string): string | null {
  if (container === 'root') return null;
  const parent = draft.fields.find((f) => f.__key === container);
  if (!parent || parent.funcType !== 'subForm') return '只能放入子表';
  return allowedInSubForm(funcType) ? null : funcType === 'subForm' ? '子表中不能再嵌套子表' : '该字段类型不能放入子表';
}

function listOf(draft: Draft, container: string): DraftField[] | null {
  if (container === 'root') return draft.fields;
  return draft.fields.find((f) => f.__key === container)?.children ?? null;
}

function withList(draft: Draft, container: string, list: DraftField[]): Draft {
  if (container === 'root') return { ...draft, fields: list };
  return { ...draft, fields: draft.fields.map((f) => (f.__key === container ? { ...f, children: list } : f)) };
}

const clampInsert = <T,>(list: T[], index: number, item: T): T[] => {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), item, ...list.slice(at)];
};

/** Adds a new field of `funcType` at `target`; the draft unchanged when refused. Returns the new key too. */
export function addField(draft: Draft, funcType: FieldType, target: DropTarget): { draft: Draft; key: string | null } {
  if (refusal(draft, funcType, target.container)) return { draft, key: null };
  const list = listOf(draft, target.container);
  if (!list) return { draft, key: null };
  const field = starterField(funcType, takenNames(draft));
  const { children, ...rest } = field;
  const keyed = { ...rest, __key: newKey(), ...(children ? { children: children.map((c) => ({ ...c, __key: newKey() })) } : {}) } as DraftField;
  if (keyed.children) {
    // The starter row field must not clash with a name already used in the form.
    const taken = takenNames(draft);
    taken.add(keyed.enName);
    keyed.children = keyed.children.map((c) => ({ ...c, enName: taken.has(c.enName) ? starterField(c.funcType, taken).enName : c.enName }) as DraftField);
  }
  return { draft: withList(draft, target.container, clampInsert(list, target.index, keyed)), key: keyed.__key };
}

/** Moves a field to `target` (reorder within a container, or across main form and sub-forms); refused moves change nothing. */
export function moveField(draft: Draft, key: string, target: DropTarget): Draft {
  const from = locate(draft, key);
  if (!from) return draft;
  if (target.container === key) return draft;
  if (refusal(draft, from.field.funcType, target.container)) return draft;
  const source = listOf(draft, from.container)!;
  if (from.container === target.container) {
    const list = source.filter((f) => f.__key !== key);
    return withList(draft, target.container, clampInsert(list, target.index, from.field));
  }
  // A sub-form keeps at least one row field.
  if (from.container !== 'root' && source.length <= 1) return draft;
  const removed = withList(draft, from.container, source.filter((f) => f.__key !== key));
  const dest = listOf(removed, target.container);
  if (!dest) return draft;
  return withList(removed, target.container, clampInsert(dest, target.index, from.field));
}

/** Removes a field (a sub-form's last row field stays). */
export function removeField(draft: Draft, key: string): Draft {
  const from = locate(draft, key);
  if (!from) return draft;
  const list = listOf(draft, from.container)!;
  if (from.container !== 'root' && list.length <= 1) return draft;
  return withList(draft, from.container, list.filter((f) => f.__key !== key));
}

/** Sets (or, with undefined, removes) properties of a field. */
export function updateField(draft: Draft, key: string, patch: Record<string, unknown>): Draft {
  const from = locate(draft, key);
  if (!from) return draft;
  const next = { ...from.field } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  const list = listOf(draft, from.container)!.map((f) => (f.__key === key ? (next as DraftField) : f));
  return withList(draft, from.container, list);
}

/** Sets (or removes) form-level properties; `feature.*` keys go into feature. */
export function updateForm(draft: Draft, patch: Record<string, unknown>): Draft {
  const next = { ...draft } as Record<string, unknown>;
  const feature = { ...(draft.feature ?? {}) } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    const [target, key] = k.startsWith('feature.') ? [feature, k.slice(8)] : [next, k];
    if (v === undefined) delete target[key];
    else target[key] = v;
  }
  return { ...(next as Draft), feature };
}
