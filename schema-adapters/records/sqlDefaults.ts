import type { FieldDefinition, FormDefinition } from '../definition/types';

/**
 * SQL defaults (spec 01 §7 `POST /auto/{form}/init/by/sql`): a main-form field with
 * `defaultType: 'sql'` and `defaultValue: '$sql(SELECT …)'` takes the first column of the first
 * row as its value on a new record. The statement runs on the server only, through the same
 * guarded sandbox as `$sql` hide conditions; the browser never sees it run.
 */
const SQL_TEXT = /^\s*\$sql\s*\(([\s\S]*)\)\s*$/i;

/** The statement of a field's SQL default, or null when its default is not one. */
export function sqlDefaultText(field: FieldDefinition): string | null {
  if (field.defaultType !== 'sql' || typeof field.defaultValue !== 'string') return null;
  const m = SQL_TEXT.exec(field.defaultValue);
  return m ? m[1].trim() : null;
}

/** The main-form fields whose default comes from SQL. */
export function sqlDefaultFields(def: FormDefinition): FieldDefinition[] {
  return def.fields.filter((f) => sqlDefaultText(f) !== null);
}
