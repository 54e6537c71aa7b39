import type { FieldDefinition } from '../definition/types';
import { isEmptyValue } from '../conditions/functions';

/** Spec 01 §5 emptiness: null, undefined, '' and an empty list (0 and false are values). A range of two empties is empty. */
export function isEmpty(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v == null || v === '');
  return false;
}

/**
 * A field's value in a record, whichever shape the record has: form data (`[start, end]`) or a
 * submit payload / stored row (`{field}$start`, `{field}$end`).
 */
export function readValue(field: FieldDefinition, record: Record<string, unknown>): unknown {
  const value = record[field.enName];
  if (field.funcType === 'dateRange' && value === undefined) {
    const start = record[`${field.enName}$start`];
    const end = record[`${field.enName}$end`];
    if (start !== undefined || end !== undefined) return [start ?? null, end ?? null];
  }
  return value;
}

export { isEmptyValue };
