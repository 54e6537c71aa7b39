/**
 * A readable field-level difference between two definitions (a saved version and the draft):
 * fields added, removed and changed (by enName, sub-form rows as `sub.row`), with the properties
 * that changed, and the form-level properties that changed.
 */
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types';

/** One changed property. */
export interface PropertyChange {
  key: string;
  from: unknown;
  to: unknown;
}

/** The difference. */
export interface DefinitionDiff {
  added: { name: string; label: string }[];
  removed: { name: string; label: string }[];
  changed: { name: string; label: string; changes: PropertyChange[] }[];
  form: PropertyChange[];
}

const IGNORED = new Set(['__key', 'children']);

function flatten(def: FormDefinition): Map<string, FieldDefinition> {
  const out = new Map<string, FieldDefinition>();
  for (const f of def.fields ?? []) {
    out.set(f.enName, f);
    for (const c of f.children ?? []) out.set(`${f.enName}.${c.enName}`, c);
  }
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function propertyChanges(a: Record<string, unknown>, b: Record<string, unknown>, ignore: Set<string>): PropertyChange[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !ignore.has(k)).sort();
  return keys.filter((k) => !same(a[k], b[k])).map((k) => ({ key: k, from: a[k], to: b[k] }));
}

/** What changes from `before` to `after`. */
export function diffDefinitions(before: FormDefinition, after: FormDefinition): DefinitionDiff {
  const a = flatten(before);
  const b = flatten(after);
  const added = [...b].filter(([n]) => !a.has(n)).map(([name, f]) => ({ name, label: f.label }));
  const removed = [...a].filter(([n]) => !b.has(n)).map(([name, f]) => ({ name, label: f.label }));
  const changed = [...b]
    .filter(([n]) => a.has(n))
    .map(([name, f]) => ({ name, label: f.label, changes: propertyChanges(a.get(name)! as Record<string, unknown>, f as Record<string, unknown>, IGNORED) }))
    .filter((c) => c.changes.length > 0);
  // Order of fields counts as a form-level change.
  const order = (d: FormDefinition) => (d.fields ?? []).map((f) => f.enName);
  const form = propertyChanges(before as Record<string, unknown>, after as Record<string, unknown>, new Set(['fields', 'id']));
  if (!same(order(before), order(after)) && added.length === 0 && removed.length === 0) form.push({ key: '字段顺序', from: order(before).join('、'), to: order(after).join('、') });
  return { added, removed, changed, form };
}

/** A value as short text for the diff view. */
export function shortText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '（空）';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
