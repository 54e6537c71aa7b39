/**
 * The server's typed columns of a definition, derived from the adapter's `storageColumns`
 * (schema-adapters/records/storageColumns.ts), the one source of truth for which field types
 * store which columns. This file only translates the adapter's kinds into SQL kinds and picks
 * each column's index; stable column ids and physical names are added by formStorage.
 */
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types.js';
import type { StorageKind } from '../../../../schema-adapters/fieldTypes/fieldTypeSpec.js';
import { specOf } from '../../../../schema-adapters/fieldTypes/registry.js';
import { storageColumns, type StorageColumn as AdapterColumn } from '../../../../schema-adapters/records/storageColumns.js';
import { ROLE_SUFFIX, type ColumnKind, type ColumnRole, type StorageColumn } from './types.js';

/** A column of one field before it gets its stable id and physical name. */
export type FieldColumn = Pick<StorageColumn, 'role' | 'kind' | 'index'>;

/** The role of each suffix the adapter gives a column (ROLE_SUFFIX read backwards). */
const ROLE_OF = new Map<string, ColumnRole>(Object.entries(ROLE_SUFFIX).map(([role, suffix]) => [suffix, role as ColumnRole]));

// Date-times are kept as wall-clock `timestamp(0)` (the spec's values carry no zone); `time`
// never occurs (timeOnly is text in the field's own format) but would sort the same as text.
const KIND_OF: Record<StorageKind, ColumnKind> = {
  text: 'text', numeric: 'numeric', integer: 'numeric', boolean: 'boolean', date: 'date', timestamptz: 'timestamp', time: 'text', jsonb: 'jsonb',
};

/** Field types whose list value is searched as "contains any of" (files and addresses are not). */
const CHOICE_LISTS = new Set(['select', 'checkbox', 'cascader', 'user', 'dept', 'relatedForm']);

function toFieldColumn(field: FieldDefinition, c: AdapterColumn): FieldColumn {
  const role = ROLE_OF.get(c.name.slice(c.fieldEnName.length))!;
  const kind: ColumnKind = c.kind === 'jsonb' && c.multiValued ? 'jsonb_list' : KIND_OF[c.kind];
  // Text offered with 模糊搜索 gets a trigram index; a list of choices a GIN index (its "any of"
  // search is `@>`, ADR 1010); sortable values and range ends a btree.
  const spec = specOf(field);
  const index = role === 'value' && kind === 'text' && spec.searchTypeRadio ? 'trgm'
    : role === 'value' && kind === 'jsonb_list' && CHOICE_LISTS.has(field.funcType) ? 'gin'
    : (role === 'value' && c.sortable) || role === 'start' || role === 'end' ? 'btree'
    : null;
  return { role, kind, index };
}

/** The columns of each field of `fields` (one table's fields; sub-forms have their own table). */
export function fieldColumns(fields: FieldDefinition[]): Map<FieldDefinition, FieldColumn[]> {
  const def = { fields: fields.filter((f) => f.funcType !== 'subForm') } as FormDefinition;
  const byName = new Map(def.fields.map((f) => [f.enName, f]));
  const out = new Map<FieldDefinition, FieldColumn[]>(def.fields.map((f) => [f, []]));
  for (const c of storageColumns(def)) {
    if (c.kind === 'childTable') continue;
    const col = c;
    const field = byName.get(col.fieldEnName)!;
    out.get(field)!.push(toFieldColumn(field, col));
  }
  return out;
}

/** Whether the list may sort by a field (spec 01 §2.2: no sort for button, switch, address, …). */
export function isSortable(field: FieldDefinition): boolean {
  return specOf(field).sortable;
}
