import type { FieldDefinition, FormDefinition, UserContext } from '../definition/types';
import { specOf } from '../fieldTypes/registry';
import type { FieldState, FieldStateOptions } from '../state/fieldState';
import { fieldStates } from '../state/fieldStates';
import { isEmpty } from './values';

/** Options of the submit transform: `updateEmpty` sends null for empty values instead of dropping them. */
export interface SubmitOptions extends FieldStateOptions {
  updateEmpty?: boolean;
}

/** Row keys a sub-form row keeps besides its fields (spec 01 §3.3: id, pid). */
const ROW_KEYS = ['id', 'pid'] as const;

function putField(field: FieldDefinition, value: unknown, out: Record<string, unknown>, updateEmpty: boolean): void {
  const spec = specOf(field);
  const put = (suffix: string, v: unknown) => {
    if (isEmpty(v) && !updateEmpty) return;
    out[`${field.enName}${suffix}`] = isEmpty(v) ? null : v;
  };
  if (!isEmpty(value)) { spec.submit(field, value, put); return; }
  if (!updateEmpty) return;
  // Spec 01 §5: with the update-empty option, empty values are sent as null, under every key the field stores.
  for (const part of spec.storage(field)) if (part.suffix !== '$view') out[`${field.enName}${part.suffix}`] = null;
}

function submitFields(
  fields: FieldDefinition[],
  record: Record<string, unknown>,
  stateOf: (field: FieldDefinition) => FieldState | undefined,
  out: Record<string, unknown>,
  updateEmpty: boolean,
): void {
  for (const field of fields) {
    if (specOf(field).schemaType === 'void') continue;
    // Spec 01 §5: hidden fields are omitted.
    if (stateOf(field)?.visible === false) continue;
    putField(field, record[field.enName], out, updateEmpty);
  }
}

/**
 * The payload of a save (spec 01 §5 Submit): hidden fields omitted, a dateRange split into
 * `{field}$start` / `{field}$end`, a full address split into `$province` / `$city` / `$district`,
 * empty values dropped (or null with `updateEmpty`), 0 and false kept. `$view` companions and
 * serial numbers are left to the server. Sub-forms are sent as row arrays (an empty list too, so
 * that removing every row on edit is possible).
 */
export function toSubmitPayload(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext, opts: SubmitOptions = {}): Record<string, unknown> {
  const values = data ?? {};
  const states = fieldStates(def, values, ctx, opts);
  const updateEmpty = opts.updateEmpty === true;
  const out: Record<string, unknown> = {};
  submitFields(def.fields.filter((f) => f.funcType !== 'subForm'), values, (f) => states[f.enName], out, updateEmpty);
  for (const sub of def.fields) {
    if (sub.funcType !== 'subForm' || states[sub.enName]?.visible === false) continue;
    const rows = Array.isArray(values[sub.enName]) ? (values[sub.enName] as Record<string, unknown>[]) : [];
    out[sub.enName] = rows.map((row, index) => {
      const rowOut: Record<string, unknown> = {};
      for (const key of ROW_KEYS) if (row?.[key] != null && row[key] !== '') rowOut[key] = row[key];
      submitFields(sub.children ?? [], row ?? {}, (c) => states[`${sub.enName}.${index}.${c.enName}`], rowOut, updateEmpty);
      return rowOut;
    });
  }
  return out;
}
