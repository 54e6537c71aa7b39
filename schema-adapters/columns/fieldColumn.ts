import type { ColorRule } from './cellColor';
import { compileCondition } from '../conditions/compileCondition';
import type { FieldDefinition, FieldOption, TableElement, UserContext } from '../definition/types';
import { COLOR_OPTIONS, usesConfiguredList } from '../fieldTypes/choice';
import { dateFormatOf } from '../fieldTypes/date';
import { specOf } from '../fieldTypes/registry';
import { SYS_STATUS_OPTIONS } from '../fieldTypes/special';
import type { ColumnModel } from './columnModel';
import { columnWidth } from './widths';

/** Whether a hide condition over the user context alone (no fields) hides the field for this user. */
export function hiddenForUser(field: FieldDefinition, ctx: UserContext | undefined): boolean {
  const source = field.hideCondition;
  if (!ctx || typeof source !== 'string' || !source.trim()) return false;
  const compiled = compileCondition(source);
  if (compiled.kind !== 'expr' || compiled.fields.length > 0 || compiled.error) return false;
  return compiled.evaluate({}, ctx) === true;
}

/** The two values a switch column searches by. */
export const SWITCH_OPTIONS: FieldOption[] = [{ label: '是', value: true }, { label: '否', value: false }];

function optionsOf(field: FieldDefinition): Pick<ColumnModel, 'options' | 'configDataId'> {
  if (field.funcType === 'color') return { options: COLOR_OPTIONS };
  if (field.funcType === 'sysStatus') return { options: SYS_STATUS_OPTIONS };
  if (field.funcType === 'switch') return { options: SWITCH_OPTIONS };
  if (!['select', 'radio', 'checkbox', 'cascader'].includes(field.funcType)) return {};
  return usesConfiguredList(field) ? { configDataId: field.configDataId } : { options: field.options };
}

/** Per-column inputs beyond the field: its table element, the user's width, the footer total. */
export interface ColumnInputs {
  element?: TableElement;
  userWidth?: number;
  total?: 'sum' | 'average' | 'both';
  thousandSeparator?: boolean;
  ctx?: UserContext;
}

/** The column of one field, or null for types that are not list columns (groupTitle, divider). */
export function fieldColumn(field: FieldDefinition, inputs: ColumnInputs = {}): ColumnModel | null {
  const spec = specOf(field);
  if (!spec.cell) return null;
  const column: ColumnModel = {
    key: field.enName,
    kind: 'field',
    header: field.label,
    funcType: field.funcType,
    width: columnWidth(inputs.element?.width ?? field.width, inputs.userWidth),
    cell: spec.cell,
    sortable: spec.sortable,
    search: spec.search,
    searchTypeRadio: spec.searchTypeRadio,
    searchRange: spec.searchRange,
    defaultSearchType: spec.searchTypeRadio ? field.searchType ?? 'like' : 'equal',
    visible: inputs.element?.visible !== false && !hiddenForUser(field, inputs.ctx),
    ...optionsOf(field),
  };
  if (spec.hasView) column.viewKey = `${field.enName}$view`;
  if (field.funcType === 'dateRange') column.rangeKeys = [`${field.enName}$start`, `${field.enName}$end`];
  if (spec.family === 'number') {
    if (field.precision != null) column.precision = field.precision;
    if (field.suffix) column.suffix = field.suffix;
    if (field.funcType === 'number' && inputs.thousandSeparator) column.thousandSeparator = true;
    // Default width (none configured, none per user): the list may widen it to show amounts whole.
    const configured = inputs.element?.width ?? field.width;
    if (configured == null && !(typeof inputs.userWidth === 'number' && inputs.userWidth > 0)) column.autoWidth = true;
  }
  if (spec.family === 'date') column.format = field.funcType === 'timeOnly' ? field.format || 'HH:mm:ss' : dateFormatOf(field);
  if (field.multiple) column.multiple = true;
  if (field.funcType === 'relatedForm') column.relateEnName = field.relateEnName;
  if (field.funcType === 'button') {
    column.buttonName = field.buttonName ?? field.label;
    if (field.linkUrl) column.linkUrl = field.linkUrl;
  }
  if (inputs.total) column.total = inputs.total;
  if (Array.isArray(field.colorRules) && field.colorRules.length) column.colorRules = field.colorRules as ColorRule[];
  if (field.funcType === 'subForm') {
    const elements = new Map((field.subFormFeature?.pcTableElements ?? []).map((e) => [e.enName, e]));
    column.children = (field.children ?? [])
      .map((child) => fieldColumn(child, { element: elements.get(child.enName), thousandSeparator: inputs.thousandSeparator, ctx: inputs.ctx }))
      .filter((c): c is ColumnModel => c !== null);
  }
  return column;
}
