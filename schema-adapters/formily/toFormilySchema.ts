import type { ISchema } from '@formily/json-schema';
import type { FormDefinition } from '../definition/types';
import { formFieldNames } from '../state/scope';
import { fieldSchema } from './fieldSchema';

/** Options of the Formily projection (CONTRACT.md §6). */
export interface SchemaOptions {
  mode?: 'add' | 'edit' | 'detail' | 'flow';
  /** Flow mode: field name → visible (a field absent from the map is visible). */
  visibleMap?: Record<string, boolean>;
}

/** An ISchema whose top-level properties are known to be field schemas (one per field). */
export type FormSchema = ISchema & { properties: Record<string, ISchema> };

/**
 * The Formily schema of a form: one property per field in definition order, sub-forms as arrays
 * of row objects, layout types as void fields, detail mode read-pretty (detailEditable fields
 * stay editable), flow mode visibility from `visibleMap`. Conditions appear as data reaction
 * markers with their dependencies; `bindConditions` turns them into live reactions.
 */
export function toFormilySchema(def: FormDefinition, opts: SchemaOptions = {}): FormSchema {
  const mainFields = formFieldNames(def);
  const properties: Record<string, ISchema> = {};
  def.fields.forEach((field, index) => {
    properties[field.enName] = fieldSchema(field, { mainFields, opts, index });
  });
  return {
    type: 'object',
    'x-formwork': { form: def.enName, cnName: def.cnName, mode: opts.mode ?? 'add' },
    properties,
  };
}
