/**
 * Changing a field's type in the designer (issue 27 item 7), pure: the types a field may become
 * (not to or from a sub-form, whose rows are no value; in a sub-form row only the row types), and
 * the patch that does it — the new funcType plus what the type needs to be valid at once (choices
 * get two options). Values already stored are the save's concern: the check lists the retype and
 * 确认保存 confirms it (DataChangesDialog).
 */
import { FIELD_TYPES, type FieldType } from '../../../../schema-adapters/definition/fieldTypes';
import { FIELD_TYPE_LABELS, starterField } from '../../../../schema-adapters/fieldTypes/palette';
import { allowedInSubForm } from '../../../../schema-adapters/fieldTypes/subform';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types';

/** The types `field` may be changed to, as select options (its own first). */
export function retypeOptions(field: Pick<FieldDefinition, 'funcType'>, inSubForm: boolean): { value: FieldType; label: string }[] {
  if (field.funcType === 'subForm') return [{ value: 'subForm', label: FIELD_TYPE_LABELS.subForm }];
  return FIELD_TYPES.filter((t) => t !== 'subForm' && (!inSubForm || allowedInSubForm(t))).map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }));
}

/** The properties to set on `field` to make it a `to`. */
export function retypePatch(field: FieldDefinition, to: FieldType): Record<string, unknown> {
  if (to === field.funcType) return {};
  const starter = starterField(to, new Set([field.enName]));
  const patch: Record<string, unknown> = { funcType: to };
  for (const key of ['selectMode', 'options'] as const) if (starter[key] !== undefined && field[key] === undefined) patch[key] = starter[key];
  return patch;
}
