import type { FieldDefinition, FieldOption } from '../definition/types';
import { defined, listIfMultiple, multipleCheck, putAsIs, scalarCheck, single, withView } from './common';
import type { FamilySpecs } from './fieldTypeSpec';

/** Colour options of spec 01 §9 (red, yellow, green). */
export const COLOR_OPTIONS: FieldOption[] = [
  { label: '红色', value: 'red', color: '#f5222d' },
  { label: '黄色', value: 'yellow', color: '#faad14' },
  { label: '绿色', value: 'green', color: '#52c41a' },
];

/** True when the options come from a configured constant list rather than fixed options. */
export function usesConfiguredList(f: FieldDefinition): boolean {
  return f.selectMode != null && Number(f.selectMode) !== 0;
}

/** The props shared by option-driven components: a constant-list source when configured. */
function sourceProps(f: FieldDefinition): Record<string, unknown> {
  return usesConfiguredList(f) ? { configDataId: f.configDataId } : {};
}

/** Reads a switch default: true, 'true', 1 and '1' are on. */
export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

const listCheck = (_f: FieldDefinition, value: unknown): string | null => (Array.isArray(value) ? null : '应为多选列表');

/** Choice family: select, radio, checkbox, cascader, switch and color. */
export const choiceTypes = {
  select: {
    family: 'choice',
    component: 'Select',
    schemaType: 'string',
    props: (f) => defined({
      ...sourceProps(f),
      mode: f.multiple ? 'multiple' : undefined,
      showSearch: f.filterable ? true : undefined,
      allowClear: true,
      placeholder: f.placeholder,
    }),
    cell: 'dict',
    sortable: true,
    search: 'select',
    searchTypeRadio: false,
    searchRange: true,
    hasView: true,
    defaultValue: listIfMultiple,
    // jsonb keeps an option value's own type (4531 stays a number, '0' stays text).
    storage: (f) => withView('jsonb', !!f.multiple),
    submit: putAsIs,
    checkValue: multipleCheck,
  },
  radio: {
    family: 'choice',
    component: 'Radio.Group',
    schemaType: 'string',
    props: (f) => defined({ ...sourceProps(f) }),
    cell: 'dict',
    sortable: true,
    search: 'select',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('jsonb'),
    submit: putAsIs,
    checkValue: scalarCheck,
  },
  checkbox: {
    family: 'choice',
    component: 'Checkbox.Group',
    schemaType: 'array',
    props: (f) => defined({ ...sourceProps(f) }),
    cell: 'dict',
    sortable: true,
    search: 'select',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => [],
    storage: () => single('jsonb', true),
    submit: putAsIs,
    checkValue: listCheck,
  },
  cascader: {
    family: 'choice',
    component: 'Cascader',
    schemaType: 'array',
    props: (f) => defined({
      ...sourceProps(f),
      multiple: f.multiple ? true : undefined,
      showSearch: f.filterable ? true : undefined,
      changeOnSelect: true,
      allowClear: true,
      placeholder: f.placeholder,
    }),
    cell: 'dict',
    sortable: true,
    search: 'cascader',
    searchTypeRadio: false,
    searchRange: true,
    hasView: true,
    defaultValue: listIfMultiple,
    // A cascader value is a path (a list) even when single: searches match any of its levels.
    storage: () => withView('jsonb', true),
    submit: putAsIs,
    checkValue: (f, v) => (f.multiple && !Array.isArray(v) ? '应为多选列表' : null),
  },
  switch: {
    family: 'choice',
    component: 'Switch',
    schemaType: 'boolean',
    props: () => ({}),
    cell: 'switch',
    sortable: false,
    search: 'select',
    searchTypeRadio: false,
    searchRange: false,
    hasView: false,
    defaultValue: (f) => toBoolean(f.defaultValue),
    storage: () => single('boolean'),
    submit: putAsIs,
    checkValue: (_f, v) => (typeof v === 'boolean' ? null : '应为是或否'),
  },
  color: {
    family: 'choice',
    component: 'ColorSelect',
    schemaType: 'string',
    props: () => ({ options: COLOR_OPTIONS }),
    cell: 'color',
    sortable: false,
    search: 'select',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => null,
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: (_f, v) => (COLOR_OPTIONS.some((o) => o.value === v) ? null : '应为红色、黄色或绿色'),
  },
} satisfies FamilySpecs<'select' | 'radio' | 'checkbox' | 'cascader' | 'switch' | 'color'>;
