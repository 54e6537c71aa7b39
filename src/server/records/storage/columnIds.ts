/** Stable column ids: a field keeps its id across renames, so its data follows it. */
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';

/** Every field (main and sub-form children) with its parent sub-form, depth first. */
export function allFields(def: FormDefinition): { field: FieldDefinition; parent: FieldDefinition | null }[] {
  const out: { field: FieldDefinition; parent: FieldDefinition | null }[] = [];
  for (const f of def.fields ?? []) {
    out.push({ field: f, parent: null });
    if (f.funcType === 'subForm') for (const c of f.children ?? []) out.push({ field: c, parent: f });
  }
  return out;
}

function idOf(f: FieldDefinition): number | null {
  const id = f.columnId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Gives every field a `columnId`: the one it carries when we issued it before, else the
 * id of the previous field with the same enName (same parent), else a fresh one. Returns a copy.
 */
export function assignColumnIds(def: FormDefinition, previous: FormDefinition | null): { def: FormDefinition; nextColumnId: number } {
  const prevById = new Map<number, { field: FieldDefinition; parent: string | null }>();
  const prevByName = new Map<string, number>();
  let next = Number(previous?.nextColumnId ?? 1);
  if (previous) {
    for (const { field, parent } of allFields(previous)) {
      const id = idOf(field);
      if (id === null) continue;
      prevById.set(id, { field, parent: parent ? String(idOf(parent)) : null });
      prevByName.set(`${parent ? idOf(parent) : ''}/${field.enName}`, id);
      next = Math.max(next, id + 1);
    }
  }
  const used = new Set<number>();
  const copy: FormDefinition = structuredClone(def);
  const give = (f: FieldDefinition, parent: FieldDefinition | null) => {
    let id = idOf(f);
    const parentKey = parent ? String(parent.columnId) : null;
    // A carried id is kept when we issued it before (it may name a retired column) and, for a
    // field the previous version has, when it stays under the same parent.
    if (id !== null && (id >= next || (prevById.has(id) && prevById.get(id)!.parent !== parentKey))) id = null;
    if (id === null) id = prevByName.get(`${parent ? parent.columnId : ''}/${f.enName}`) ?? null;
    if (id !== null && used.has(id)) throw badRequest(`字段「${f.enName}」与其他字段的列标识重复`);
    if (id === null) id = next++;
    used.add(id);
    f.columnId = id;
  };
  for (const f of copy.fields ?? []) {
    give(f, null);
    if (f.funcType === 'subForm') for (const c of f.children ?? []) give(c, f);
  }
  copy.nextColumnId = next;
  return { def: copy, nextColumnId: next };
}
