import type { FieldDefinition, FormDefinition, UserContext } from '../definition/types';
import type { ColumnModel } from '../columns/columnModel';
import { fieldColumn, hiddenForUser } from '../columns/fieldColumn';

/** Spec 01 §5: qrCode fields and the types button, color and groupTitle are left out of the template (divider carries no value either). */
const LEFT_OUT = new Set(['qrCode', 'button', 'color', 'groupTitle', 'divider']);

/** Spec 01 §5: a column is included when its hide condition is absent or not true (also: not true for this user). */
function importable(field: FieldDefinition, ctx: UserContext): boolean {
  if (LEFT_OUT.has(field.funcType)) return false;
  const hide = typeof field.hideCondition === 'string' ? field.hideCondition.trim() : '';
  if (hide === 'true') return false;
  return !hiddenForUser(field, ctx);
}

function importColumn(field: FieldDefinition, ctx: UserContext): ColumnModel | null {
  const column = fieldColumn(field, { ctx });
  if (!column) return null;
  column.visible = true;
  column.required = field.required === true;
  if (field.funcType === 'subForm') {
    column.children = (field.children ?? []).filter((c) => importable(c, ctx)).map((c) => importColumn(c, ctx)).filter((c): c is ColumnModel => c !== null);
  }
  return column;
}

/** The columns of the import template (spec 01 §5 Import columns); a sub-form column carries its own template's columns. */
export function importColumns(def: FormDefinition, ctx: UserContext): ColumnModel[] {
  return def.fields.filter((f) => importable(f, ctx)).map((f) => importColumn(f, ctx)).filter((c): c is ColumnModel => c !== null);
}
