import type { CellResult, ImportedCell, ImportLookups, LabelHit } from '../cells/cellTypes';
import type { FieldDefinition } from '../definition/types';
import type { PutValue, StoragePart } from './fieldTypeSpec';

/** Keeps only the keys whose value is defined, so snapshots hold no `undefined` noise. */
export function defined(props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (value !== undefined && value !== null && value !== '') out[key] = value;
  return out;
}

/** Submits the value under the field's own name. */
export function putAsIs(_field: FieldDefinition, value: unknown, put: PutValue): void {
  put('', value);
}

/** One column for the value itself. */
export function single(kind: StoragePart['kind'], multiValued = false): StoragePart[] {
  return [{ suffix: '', kind: multiValued ? 'jsonb' : kind, multiValued }];
}

/** The value column plus its `$view` display companion (spec 01 §3.3). */
export function withView(kind: StoragePart['kind'], multiValued: boolean): StoragePart[] {
  return [...single(kind, multiValued), { suffix: '$view', kind: 'text', multiValued: false }];
}

/** No shape rule beyond being present. */
export const anyValue = (): null => null;

/** A scalar (not a list or object). */
export function scalarCheck(_field: FieldDefinition, value: unknown): string | null {
  return typeof value === 'object' ? '格式不正确' : null;
}

/** A list when `multiple`, else a scalar. */
export function multipleCheck(field: FieldDefinition, value: unknown): string | null {
  if (field.multiple) return Array.isArray(value) ? null : '应为多选列表';
  return scalarCheck(field, value);
}

/** Empty list when multiple, else null (spec 01 §3.4 for select, cascader, user, dept). */
export const listIfMultiple = (field: FieldDefinition): unknown => (field.multiple ? [] : null);

/** Imports the cell's text as the value (text, company names, times, positions). */
export function importText(field: FieldDefinition, cell: ImportedCell): CellResult {
  return { values: { [field.enName]: cell.text } };
}

/** No sample: the field stays empty in demo records. */
export const noSample = (): undefined => undefined;

const LIST_SPLIT = /\s*[,，]\s*/;

/** Splits a cell naming several entries (`a,b`, `a，b`). */
export function splitList(text: string): string[] {
  return text.split(LIST_SPLIT).filter(Boolean);
}

/** Labels to ids through the import's lookups (one label, or several for a multiple field): the ids and their `$view`. */
export function importLabels(field: FieldDefinition, cell: ImportedCell, lookups: ImportLookups, multi: boolean, view = true): CellResult {
  const found = (multi ? splitList(cell.text) : [cell.text]).map((l) => lookups.one(field, l));
  const bad = found.find((x): x is string => typeof x === 'string');
  if (bad) return { error: bad };
  const hits = found as LabelHit[];
  const value = multi ? hits.map((h) => h.id) : hits[0].id;
  // Only types that store a `$view` column get the labels (radio and checkbox have none).
  return { values: view ? { [field.enName]: value, [`${field.enName}$view`]: hits.map((h) => h.label).join(',') } : { [field.enName]: value } };
}
