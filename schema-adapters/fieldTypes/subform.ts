import type { FieldType } from '../definition/fieldTypes';
import type { FieldDefinition } from '../definition/types';
import { plainCell } from '../cells/spreadsheetText';
import { defined, noSample } from './common';
import type { FamilySpecs } from './fieldTypeSpec';

/**
 * Field types a sub-form row cannot hold, each with the reason the administrator reads. A row
 * lives in a child table keyed to its record: it has no status of its own (sys_status belongs to
 * the record), the server numbers only records (never rows), and rows hold no rows.
 */
export const NOT_IN_SUB_FORM: Readonly<Partial<Record<FieldType, string>>> = {
  subForm: '子表中不能再嵌套子表',
  sysStatus: '子表中不能使用状态字段：状态属于整条记录，子表行没有状态',
  serialNumber: '子表中不能使用流水号字段：流水号只为主表记录生成',
  richText: '子表中不能使用富文本字段：富文本编辑器只放在主表中',
};

/** Whether a field of this type may be a row field of a sub-form. */
export function allowedInSubForm(funcType: unknown): boolean {
  return !(typeof funcType === 'string' && funcType in NOT_IN_SUB_FORM);
}

/** A definition problem of a sub-form's own shape (the same shape as validateDefinition's problems). */
export interface SubFormProblem {
  path: string;
  message: string;
}

/**
 * The rules of a sub-form field itself (spec 01 §3.1–3.2): it sits in the main form, and it has
 * at least one row field (a child table without columns stores nothing). Each row field's own
 * rules, and whether its type may sit in a row (`allowedInSubForm`), are checked by the caller,
 * which walks the children. `at` is the field's path, e.g. `fields[3]`.
 */
export function subFormProblems(field: Record<string, unknown>, at: string, inSubForm: boolean): SubFormProblem[] {
  if (inSubForm) return [{ path: at, message: NOT_IN_SUB_FORM.subForm! }];
  if (!Array.isArray(field.children) || field.children.length === 0) return [{ path: `${at}.children`, message: '子表须至少有一个字段' }];
  return [];
}

/** The row fields of a sub-form field (its children); [] for any other field. */
export function rowFieldsOf(field: FieldDefinition): FieldDefinition[] {
  return field.funcType === 'subForm' ? field.children ?? [] : [];
}

/** Whether a value is a list of row objects, the one shape a sub-form value takes. */
export function isRowList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every((row) => !!row && typeof row === 'object' && !Array.isArray(row));
}

/**
 * Sub-form family: an array of row objects kept in a child table. The row fields' own storage,
 * defaults, submit keys and checks come from their types; the records transforms walk the rows
 * with `rowFieldsOf`, and validateDefinition applies `subFormProblems` and `allowedInSubForm`.
 */
export const subformTypes = {
  subForm: {
    family: 'subform',
    component: 'SubFormTable',
    schemaType: 'array',
    props: (f) => defined({ pageSize: 20, enableExportFile: f.subFormFeature?.enableExportFile ? true : undefined }),
    cell: 'subForm',
    sortable: false,
    search: 'subForm',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => [],
    // The rows go to a child table of their own (storageColumns' childTable entry), not to columns of the record.
    storage: () => [],
    // Rows are spread by toSubmitPayload itself, which knows the row states.
    submit: () => undefined,
    checkValue: (_f, v) => (isRowList(v) ? null : '应为行的列表'),
    // Rows are exported, imported and sampled row by row, on sheets of their own, by their row fields' types.
    exportCell: plainCell,
    importCell: null,
    sample: noSample,
  },
} satisfies FamilySpecs<'subForm'>;
