/** A stored form seen by the query layer: its fields with their physical columns, by name. */
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FormRow } from '../repositories/formDefinitions.js';
import { tenantSchema } from '../storage/names.js';
import { ROLE_SUFFIX, type ColumnRole, type StorageColumn, type StorageTable } from '../storage/types.js';

/** One field of a table with its columns by role. */
export interface ModelField {
  def: FieldDefinition;
  columns: Partial<Record<ColumnRole, StorageColumn>>;
}

/** A table (main or sub-form) with its fields. */
export interface ModelTable {
  table: StorageTable;
  fields: Map<string, ModelField>;
  /** Row key (`field`, `field$view`, …) → column, for reading and writing rows. */
  byKey: Map<string, StorageColumn>;
  /** The relation is a type-2 view's VIEW: text ids `{id}@{data_table}` and a `data_table` column (storage/views.ts). */
  view?: boolean;
}

/** The whole form. */
export interface FormModel {
  form: FormRow;
  schema: string;
  main: ModelTable;
  /** Sub-form field enName → its child table. */
  subs: Map<string, ModelTable & { def: FieldDefinition }>;
}

function tableModel(table: StorageTable, defs: FieldDefinition[]): ModelTable {
  const fields = new Map<string, ModelField>();
  const byKey = new Map<string, StorageColumn>();
  for (const def of defs) fields.set(def.enName, { def, columns: {} });
  for (const c of table.columns) {
    const f = fields.get(c.field);
    if (f) f.columns[c.role] = c;
    byKey.set(c.field + ROLE_SUFFIX[c.role], c);
  }
  return { table, fields, byKey };
}

/** Builds the model of a stored form. */
export function formModel(form: FormRow): FormModel {
  const def = form.definition;
  const [mainTable, ...childTables] = form.storage.tables;
  const subs = new Map<string, ModelTable & { def: FieldDefinition }>();
  for (const t of childTables) {
    const sub = def.fields.find((f) => f.funcType === 'subForm' && Number(f.columnId) === t.columnId);
    if (sub) subs.set(sub.enName, { ...tableModel(t, sub.children ?? []), def: sub });
  }
  const main = tableModel(mainTable, def.fields);
  if (form.storage.view) main.view = true;
  return { form, schema: tenantSchema(form.tenantId), main, subs };
}
