/** Computes the tables and columns of a definition whose fields carry column ids. */
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { fieldColumns } from './fieldStorage.js';
import { MAX_IDENT, physicalName } from './names.js';
import { ROLE_SUFFIX, type StorageColumn, type StorageTable } from './types.js';

/** `$` cannot occur in an enName, so a child table name never collides with a form's table. */
export function childTableName(form: string, sub: string, columnId: number): string {
  const full = `${form}$${sub}`;
  return full.length <= MAX_IDENT ? full : `${form.slice(0, 40)}$s${columnId}`;
}

function columnsOf(fields: FieldDefinition[]): StorageColumn[] {
  const cols: StorageColumn[] = [];
  for (const [f, columns] of fieldColumns(fields)) {
    for (const { role, kind, index } of columns) {
      cols.push({ columnId: Number(f.columnId), role, field: f.enName, label: f.label, name: physicalName(f.enName, Number(f.columnId), ROLE_SUFFIX[role]), kind, index });
    }
  }
  return cols;
}

/** The main table and one child table per sub-form field. */
export function formTables(def: FormDefinition): StorageTable[] {
  const tables: StorageTable[] = [{ columnId: 0, field: def.enName, name: def.enName, columns: columnsOf(def.fields ?? []) }];
  for (const f of def.fields ?? []) {
    if (f.funcType !== 'subForm') continue;
    tables.push({
      columnId: Number(f.columnId),
      field: f.enName,
      name: childTableName(def.enName, f.enName, Number(f.columnId)),
      columns: columnsOf(f.children ?? []),
    });
  }
  return tables;
}
