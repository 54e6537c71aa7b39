import type { FieldDefinition, FieldOption } from '../definition/types';
import { pickFrom, sampleOneOf, type CellResult, type ImportedCell, type ImportLookups, type SampleSource } from '../cells/cellTypes';
import { isBlank, plainCell, viewCell, type Cell, type StoredRow } from '../cells/spreadsheetText';
import { defined, importLabels, listIfMultiple, multipleCheck, putAsIs, scalarCheck, single, splitList, withView } from './common';
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

/**
 * Which stored texts of a single select or radio read back as numbers (ADR 1010): a configured
 * list's values are constant ids, numbers by definition ('all' integers); fixed options give
 * the texts of their number values; null when every value is text.
 */
export function choiceNumbers(f: FieldDefinition): 'all' | string[] | null {
  if (f.funcType !== 'select' && f.funcType !== 'radio') return null;
  if (usesConfiguredList(f)) return 'all';
  const numbers = (f.options ?? []).filter((o) => typeof o?.value === 'number' && Number.isFinite(o.value)).map((o) => String(o.value));
  return numbers.length ? numbers : null;
}

/** Reads a switch default: true, 'true', 1 and '1' are on. */
export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** A cascader cell: one path `a / b / c` per value (several joined by commas when multiple). */
function importCascader(field: FieldDefinition, cell: ImportedCell, lookups: ImportLookups): CellResult {
  const paths = (field.multiple ? splitList(cell.text) : [cell.text]).map((p) => p.split(/\s*\/\s*/));
  const ids: unknown[][] = [];
  for (const path of paths) {
    const level: unknown[] = [];
    for (const label of path) {
      const hit = lookups.one(field, label);
      if (typeof hit === 'string') return { error: hit };
      level.push(hit.id);
    }
    ids.push(level);
  }
  return { values: { [field.enName]: field.multiple ? ids : ids[0], [`${field.enName}$view`]: paths.map((p) => p.join('/')).join(',') } };
}

/** A path from the top of the options down to a leaf. */
function sampleLeafPath(field: FieldDefinition, s: SampleSource): unknown[] | undefined {
  if (!field.options?.length) return undefined;
  const path: unknown[] = [];
  let level: FieldOption[] | undefined = field.options;
  while (level?.length) {
    const o: FieldOption = pickFrom(s, level);
    path.push(o.value);
    level = o.children;
  }
  return path;
}

/** About two in five of the options, at most three, at least one. */
function sampleSome(field: FieldDefinition, s: SampleSource): unknown[] | undefined {
  const values = s.choices(field);
  if (!values.length) return undefined;
  const chosen = values.filter(() => s.random() < 0.4).slice(0, 3);
  return chosen.length ? chosen : [pickFrom(s, values)];
}

const SWITCH_ON = ['是', 'true', 'TRUE', '1', 'Y', 'y'];
const SWITCH_OFF = ['否', 'false', 'FALSE', '0', 'N', 'n'];

/** 是 / 否, or the problem. */
function importSwitch(field: FieldDefinition, cell: ImportedCell): CellResult {
  if (SWITCH_ON.includes(cell.text)) return { values: { [field.enName]: true } };
  if (SWITCH_OFF.includes(cell.text)) return { values: { [field.enName]: false } };
  return { error: `「${field.label}」须为“是”或“否”` };
}

function switchCell(field: FieldDefinition, row: StoredRow): Cell {
  const value = row[field.enName];
  if (isBlank(value)) return null;
  return value === true || value === 'true' ? '是' : '否';
}

const sampleChoice = (field: FieldDefinition, s: SampleSource): unknown => sampleOneOf(field, s, s.choices(field));

/** One option for the types that hold one value whatever `multiple` says (radio, color). */
function sampleSingle(field: FieldDefinition, s: SampleSource): unknown {
  const values = s.choices(field);
  return values.length ? pickFrom(s, values) : undefined;
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
    // One value is a text column a btree index serves (ADR 1010); `choiceNumbers` gives back
    // an option value's own type on reading (4531 stays a number, '0' stays text). A list is jsonb.
    storage: (f) => withView('text', !!f.multiple),
    submit: putAsIs,
    checkValue: multipleCheck,
    exportCell: viewCell,
    importCell: (f, c, l) => importLabels(f, c, l, !!f.multiple),
    sample: sampleChoice,
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
    storage: () => single('text'),
    submit: putAsIs,
    checkValue: scalarCheck,
    exportCell: viewCell,
    importCell: (f, c, l) => importLabels(f, c, l, false, false),
    sample: sampleSingle,
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
    exportCell: viewCell,
    importCell: (f, c, l) => importLabels(f, c, l, true, false),
    sample: sampleSome,
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
    exportCell: viewCell,
    importCell: importCascader,
    sample: sampleLeafPath,
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
    exportCell: switchCell,
    importCell: importSwitch,
    sample: (_f, s) => s.random() < 0.5,
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
    exportCell: plainCell,
    importCell: null,
    sample: sampleSingle,
  },
} satisfies FamilySpecs<'select' | 'radio' | 'checkbox' | 'cascader' | 'switch' | 'color'>;
