import type { FieldType } from '../definition/fieldTypes';
import type { FieldDefinition } from '../definition/types';
import { choiceTypes } from './choice';
import { dateTypes } from './date';
import type { FieldTypeSpec } from './fieldTypeSpec';
import { layoutTypes } from './layout';
import { mediaTypes } from './media';
import { numberTypes } from './number';
import { referenceTypes } from './reference';
import { specialTypes } from './special';
import { subformTypes } from './subform';
import { textTypes } from './text';

/** Every funcType's spec; `satisfies` makes a missing type a compile error. */
export const FIELD_TYPE_SPECS = {
  ...textTypes,
  ...numberTypes,
  ...choiceTypes,
  ...dateTypes,
  ...referenceTypes,
  ...subformTypes,
  ...mediaTypes,
  ...layoutTypes,
  ...specialTypes,
} satisfies Record<FieldType, FieldTypeSpec>;

/** The spec of a field's funcType. */
export function specOf(field: Pick<FieldDefinition, 'funcType'>): FieldTypeSpec {
  return FIELD_TYPE_SPECS[field.funcType];
}

/** The `x-component` name of every funcType: the names the client must register. */
export const COMPONENT_NAMES: Record<FieldType, string> = Object.fromEntries(
  Object.entries(FIELD_TYPE_SPECS).map(([type, spec]) => [type, spec.component]),
) as Record<FieldType, string>;
