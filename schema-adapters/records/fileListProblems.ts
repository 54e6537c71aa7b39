import type { FieldDefinition, FormDefinition } from '../definition/types';
import { FILE_LIST_TYPES, fileListCheck } from '../fieldTypes/media';
import type { RecordProblem } from './validateRecord';

function check(fields: FieldDefinition[], record: Record<string, unknown>, prefix: string, out: RecordProblem[]): void {
  for (const field of fields) {
    const value = Object.hasOwn(record, field.enName) ? record[field.enName] : undefined;
    if (value === undefined || value === null || value === '') continue;
    if (FILE_LIST_TYPES.has(field.funcType)) {
      const shape = fileListCheck(field, value);
      if (shape) out.push({ field: `${prefix}${field.enName}`, message: `${field.label}${shape}` });
    } else if (field.funcType === 'subForm' && Array.isArray(value)) {
      value.forEach((row, i) => {
        if (row && typeof row === 'object' && !Array.isArray(row)) check(field.children ?? [], row as Record<string, unknown>, `${prefix}${field.enName}.${i}.`, out);
      });
    }
  }
}

/**
 * Malformed file entries anywhere in `data`, sub-form rows included, whatever the fields' visibility
 * and whether or not the save is a draft: every entry that is stored must be one the pages can
 * show (issue 11 item 6). `validateRecord` skips hidden fields and drafts skip it altogether, so
 * the server runs this on exactly the values it writes.
 */
export function fileListProblems(def: FormDefinition, data: Record<string, unknown>): RecordProblem[] {
  const out: RecordProblem[] = [];
  check(def.fields, data ?? {}, '', out);
  return out;
}
