import type { FieldDefinition } from '../definition/types';
import { defined, single } from './common';
import type { FamilySpecs, PutValue } from './fieldTypeSpec';

/** Spec 01 §5: optional sign, an integer without leading zeros, optional decimals. */
export const NUMBER_STRING = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;

/** A finite number, or a text passing the number string check of spec 01 §5. */
export function numberCheck(_f: FieldDefinition, value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : '必须是数字';
  if (typeof value === 'string' && NUMBER_STRING.test(value.trim())) return null;
  return '必须是数字';
}

/** Sends a number typed as text ('12.50') as the number it spells; anything else as it is (validateRecord reports it). */
function submitNumber(_f: FieldDefinition, value: unknown, put: PutValue): void {
  put('', typeof value === 'string' && NUMBER_STRING.test(value.trim()) ? Number(value) : value);
}

/** Number family: number (precision, min, max, suffix) and rate. */
export const numberTypes = {
  number: {
    family: 'number',
    component: 'NumberPicker',
    schemaType: 'number',
    props: (f) => defined({ placeholder: f.placeholder, min: f.min, max: f.max, precision: f.precision, addonAfter: f.suffix, style: { width: '100%' } }),
    cell: 'number',
    sortable: true,
    search: 'numberRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => 0,
    storage: () => single('numeric'),
    submit: submitNumber,
    checkValue: numberCheck,
  },
  rate: {
    family: 'number',
    component: 'Rate',
    schemaType: 'number',
    props: (f) => defined({ count: f.max ?? 5, allowHalf: (f.precision ?? 0) > 0 ? true : undefined }),
    cell: 'rate',
    sortable: true,
    search: 'numberRange',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('numeric'),
    submit: submitNumber,
    checkValue: numberCheck,
  },
} satisfies FamilySpecs<'number' | 'rate'>;
