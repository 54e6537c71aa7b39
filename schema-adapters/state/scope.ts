import type { FormDefinition } from '../definition/types';

const namesCache = new WeakMap<FormDefinition, ReadonlySet<string>>();

/** The main form's field names (what `${field}` may name outside a sub-form row), cached per definition. */
export function formFieldNames(def: FormDefinition): ReadonlySet<string> {
  let names = namesCache.get(def);
  if (!names) {
    names = new Set(def.fields.map((f) => f.enName));
    namesCache.set(def, names);
  }
  return names;
}

/** Where a `${name}` read by a field resolves: its sub-form row, the main form, or nowhere (absent). */
export type RefScope = 'row' | 'main' | 'absent';

/** Resolves each referenced name for a field in the main form or in a sub-form with `rowFields`. */
export function refScopes(names: string[], mainFields: ReadonlySet<string>, rowFields?: ReadonlySet<string>): Record<string, RefScope> {
  const out: Record<string, RefScope> = {};
  for (const name of names) out[name] = rowFields?.has(name) ? 'row' : mainFields.has(name) ? 'main' : 'absent';
  return out;
}
