import type { FieldType } from '../definition/fieldTypes';
import type { RefScope } from '../state/scope';
import type { FieldConditions, FieldState } from '../state/fieldState';

/** The reaction marker the adapter emits; bindConditions replaces it with a live reaction. */
export const CONDITION_REACTION = 'formwork:conditions';
/** The reaction marker of a `$sql` hide condition (answered by `POST /api/auto/{form}/{field}/hide`). */
export const SQL_HIDE_REACTION = 'formwork:sqlHide';

/**
 * The `x-formwork` extension on every field schema: plain data the client binds
 * (schema-adapters/README.md documents it).
 */
export interface FormworkFieldExtension {
  funcType: FieldType;
  /** The field's enName (the `/hide` call's fieldName; sub-form fields: their own enName). */
  enName: string;
  /** The sub-form the field sits in, if any. */
  subForm?: string;
  /** The definition's span (1–24, default 24); the decorator's gridSpan is its 2-column reading. */
  span: number;
  /** Default state after mode and visibleMap (CONTRACT.md §5 defaults). */
  base: FieldState;
  /** Non-blank condition sources. */
  conditions?: FieldConditions;
  /** Where each `${name}` of the conditions resolves: the row, the main form, or absent (→ true). */
  refs?: Record<string, RefScope>;
  /** True when the hide condition is a `$sql(…)` asked of the server. */
  sqlHide?: boolean;
  /** Detail mode keeps this field editable (detailEditable). */
  detailEditable?: boolean;
  /** `{field}$view` companion key (select, cascader, relatedForm, position, user, dept). */
  viewKey?: string;
}
