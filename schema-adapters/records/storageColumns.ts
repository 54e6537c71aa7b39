import type { FieldDefinition, FormDefinition } from '../definition/types';
import type { StorageKind } from '../fieldTypes/fieldTypeSpec';
import { specOf } from '../fieldTypes/registry';
import { rowFieldsOf } from '../fieldTypes/subform';
import type { FieldType } from '../definition/fieldTypes';

/** One typed column of a form's (or sub-form's) table. */
export interface StorageColumn {
  /** Logical column name: the field enName, or enName + `$view` / `$start` / `$end` / `$province` / `$city` / `$district`. */
  name: string;
  fieldEnName: string;
  funcType: FieldType;
  kind: StorageKind;
  /** A list value (jsonb array): searches match any element. */
  multiValued: boolean;
  /** For a companion column, the field it accompanies. */
  companionOf?: string;
  /** Whether the list may sort by this column (the value column of a sortable type; lists sort as jsonb arrays). */
  sortable: boolean;
}

/** A sub-form's child table: rows with their own columns, keyed to the parent record. */
export interface StorageChildTable {
  kind: 'childTable';
  /** The sub-form field's enName (also the key of the row array in records). */
  name: string;
  fieldEnName: string;
  columns: StorageColumn[];
}

function columnsOf(fields: FieldDefinition[]): StorageColumn[] {
  const out: StorageColumn[] = [];
  for (const field of fields) {
    const spec = specOf(field);
    for (const part of spec.storage(field)) {
      const column: StorageColumn = {
        name: `${field.enName}${part.suffix}`,
        fieldEnName: field.enName,
        funcType: field.funcType,
        kind: part.kind,
        multiValued: part.multiValued,
        sortable: spec.sortable && part.suffix === '',
      };
      if (part.suffix !== '') column.companionOf = field.enName;
      out.push(column);
    }
  }
  return out;
}

/**
 * The storage columns of a definition, one source of truth for the server's typed tables:
 * value columns, `$view` companions, `$start`/`$end` for dateRange, address parts, and each
 * sub-form as a child-table entry (spec 01 §3.3: `$view` for select, cascader, relatedForm,
 * position, user and dept, and for address the place names the list shows). sysStatus maps to the system column sys_status; value-less
 * types (button, qrCode, groupTitle, divider) have no column.
 */
export function storageColumns(def: FormDefinition): (StorageColumn | StorageChildTable)[] {
  const out: (StorageColumn | StorageChildTable)[] = columnsOf(def.fields.filter((f) => f.funcType !== 'subForm'));
  for (const sub of def.fields) {
    if (sub.funcType === 'subForm') out.push({ kind: 'childTable', name: sub.enName, fieldEnName: sub.enName, columns: columnsOf(rowFieldsOf(sub)) });
  }
  return out;
}
