/**
 * Every funcType of spec 01 §3.2, in one list. Registries over field types are
 * `Record<FieldType, …>` checked with `satisfies`, so a type missing from one fails to compile.
 */
export const FIELD_TYPES = [
  'input',
  'textarea',
  'richText',
  'number',
  'select',
  'cascader',
  'user',
  'dept',
  'relatedForm',
  'subForm',
  'checkbox',
  'radio',
  'switch',
  'address',
  'upload',
  'dateStamp',
  'dateRange',
  'timeOnly',
  'rate',
  'idCard',
  'invoice',
  'business',
  'position',
  'qrCode',
  'serialNumber',
  'button',
  'groupTitle',
  'divider',
  'color',
  'sysStatus',
] as const;

/** One funcType of spec 01 §3.2. */
export type FieldType = (typeof FIELD_TYPES)[number];

/** True when `value` names a known funcType. */
export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}
