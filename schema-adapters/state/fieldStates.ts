import type { FormDefinition, UserContext } from '../definition/types';
import { resolveFieldState, type FieldState, type FieldStateOptions } from './fieldState';
import { formFieldNames } from './scope';

/**
 * The state of every field for a plain record (CONTRACT.md §6), the same in browser and server.
 * Keys: main fields by enName; sub-form row fields as `{subForm}.{rowIndex}.{field}`, with the
 * row read from `data[subForm]` (an array of row objects).
 */
export function fieldStates(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext, opts?: FieldStateOptions): Record<string, FieldState> {
  const values = data ?? {};
  const formFields = formFieldNames(def);
  const out: Record<string, FieldState> = {};
  for (const field of def.fields) {
    out[field.enName] = resolveFieldState(field, values, ctx, { formFields }, opts);
    if (field.funcType !== 'subForm' || !field.children) continue;
    const rowFields = new Set(field.children.map((c) => c.enName));
    const rows = Array.isArray(values[field.enName]) ? (values[field.enName] as Record<string, unknown>[]) : [];
    rows.forEach((row, index) => {
      for (const child of field.children ?? []) {
        const key = `${field.enName}.${index}.${child.enName}`;
        out[key] = resolveFieldState(child, values, ctx, { row: row ?? {}, rowFields, formFields }, opts, `${field.enName}.${child.enName}`);
      }
    });
  }
  return out;
}
