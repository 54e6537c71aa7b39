import type { FieldDefinition, FormDefinition } from '../definition/types';
import { readValue } from './values';

function rowValues(fields: FieldDefinition[], record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const field of fields) {
    if (field.funcType === 'dateRange') {
      const value = readValue(field, record);
      if (value !== undefined) out[field.enName] = value;
      delete out[`${field.enName}$start`];
      delete out[`${field.enName}$end`];
    }
    if (field.funcType === 'subForm' && Array.isArray(record[field.enName])) {
      out[field.enName] = (record[field.enName] as Record<string, unknown>[]).map((row) => rowValues(field.children ?? [], row ?? {}));
    }
  }
  return out;
}

/** A stored record (as `GET /api/auto/{form}/{id}` returns it) as form values: dateRange ends joined into `[start, end]`. */
export function toFormValues(def: FormDefinition, record: Record<string, unknown>): Record<string, unknown> {
  return rowValues(def.fields, record ?? {});
}
