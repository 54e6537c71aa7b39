/** The names a layout may use, taken from a form definition (main fields, sub-forms and their fields). */
import type { FormDefinition } from '../../../../schema-adapters/index.js';

export interface LayoutFieldInfo { enName: string; label: string }
export interface LayoutSubFormInfo extends LayoutFieldInfo { children: LayoutFieldInfo[] }
export interface LayoutFields { main: LayoutFieldInfo[]; subForms: LayoutSubFormInfo[] }

/** System values a field element may show besides the form's own fields. */
export const LAYOUT_SYSTEM_FIELDS: LayoutFieldInfo[] = [
  { enName: 'id', label: '编号' },
  { enName: 'sys_status', label: '状态' },
  { enName: 'create_by', label: '创建人' },
  { enName: 'create_time', label: '创建时间' },
];

/** The main fields and sub-forms of a definition, as the designer's palette and the validator see them. */
export function layoutFieldsOf(def: Pick<FormDefinition, 'fields'>): LayoutFields {
  const main: LayoutFieldInfo[] = [];
  const subForms: LayoutSubFormInfo[] = [];
  for (const f of def.fields) {
    if (f.funcType === 'subForm') subForms.push({ enName: f.enName, label: f.label, children: (f.children ?? []).map((c) => ({ enName: c.enName, label: c.label })) });
    else main.push({ enName: f.enName, label: f.label });
  }
  return { main, subForms };
}
