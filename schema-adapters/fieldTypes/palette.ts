/**
 * The designer's palette and property panel over the registry (issue 19): each funcType's Chinese
 * name, the palette groups (one per field family, in the registry's order), the properties a
 * type's panel offers, and a starter field that passes `validateDefinition`. Pure data.
 */
import { FIELD_TYPES, type FieldType } from '../definition/fieldTypes';
import type { FieldDefinition } from '../definition/types';
import type { FieldFamily } from './fieldTypeSpec';
import { FIELD_TYPE_SPECS } from './registry';
import { DATE_FORMATS } from '../shared/dateFormat';

/** The Chinese name of each funcType as the palette shows it. */
export const FIELD_TYPE_LABELS = {
  input: '单行文本', textarea: '多行文本', richText: '富文本', number: '数字', rate: '评分',
  select: '下拉选择', radio: '单选框', checkbox: '多选框', cascader: '级联选择', switch: '开关', color: '颜色',
  dateStamp: '日期', dateRange: '日期范围', timeOnly: '时间',
  user: '人员', dept: '部门', relatedForm: '关联表单', address: '地址',
  subForm: '子表', upload: '附件', idCard: '身份证', invoice: '发票', qrCode: '二维码',
  groupTitle: '分组标题', divider: '分割线',
  button: '按钮', serialNumber: '流水号', sysStatus: '状态', business: '业务编号', position: '定位',
} satisfies Record<FieldType, string>;

/** The Chinese name of each family: the palette's group titles. */
export const FAMILY_LABELS: Record<FieldFamily, string> = {
  text: '文本', number: '数字', choice: '选择', date: '日期时间', reference: '引用',
  subform: '子表', media: '文件与识别', layout: '布局', special: '特殊',
};

/** One palette group: a family and its types. */
export interface PaletteGroup {
  family: FieldFamily;
  title: string;
  types: { funcType: FieldType; label: string }[];
}

const FAMILY_ORDER: FieldFamily[] = ['text', 'number', 'choice', 'date', 'reference', 'subform', 'media', 'layout', 'special'];

/** The palette: every funcType once, grouped by the registry's family. */
export const PALETTE_GROUPS: PaletteGroup[] = FAMILY_ORDER.map((family) => ({
  family,
  title: FAMILY_LABELS[family],
  types: FIELD_TYPES.filter((t) => FIELD_TYPE_SPECS[t].family === family).map((funcType) => ({ funcType, label: FIELD_TYPE_LABELS[funcType] })),
})).filter((g) => g.types.length > 0);

/** How the property panel edits one property. */
export type PropertyEditor = 'text' | 'number' | 'boolean' | 'condition' | 'options' | 'json' | 'format' | 'span' | 'choice';

/** One choice of a `choice` editor: the word the user sees and the value stored. */
export interface PropertyChoice {
  label: string;
  value: string | number;
}

/** One property of a field's panel. */
export interface PropertySpec {
  key: string;
  label: string;
  editor: PropertyEditor;
  /** The panel's section. */
  section: 'basic' | 'rules' | 'default' | 'options' | 'relation' | 'format' | 'limits';
  /** Number editors: the smallest and largest value the adapter accepts, and whether it must be whole. */
  min?: number;
  max?: number;
  integer?: boolean;
  /** A representative valid value where the editor alone does not say one (see `sampleValueOf`). */
  sample?: unknown;
  /** `choice` editors: the values the definition format allows, in plain words. */
  choices?: PropertyChoice[];
}

type SpecExtras = Pick<PropertySpec, 'min' | 'max' | 'integer' | 'sample' | 'choices'>;
const P = (key: string, label: string, editor: PropertyEditor, section: PropertySpec['section'], extras: SpecExtras = {}): PropertySpec => ({ key, label, editor, section, ...extras });
const COUNT: SpecExtras = { min: 0, integer: true };

/** Every field has these (layout types without the value rules). */
const COMMON: PropertySpec[] = [
  P('label', '字段名称', 'text', 'basic'),
  P('enName', '英文名', 'text', 'basic', { sample: 'edited_name' }),
  P('span', '宽度', 'span', 'basic'),
  P('placeholder', '提示文字', 'text', 'basic'),
  P('required', '必填', 'boolean', 'rules'),
  P('requiredCon', '必填条件', 'condition', 'rules'),
  P('hideCondition', '隐藏条件', 'condition', 'rules'),
  P('disabled', '禁用', 'boolean', 'rules'),
  P('disabledCon', '禁用条件', 'condition', 'rules'),
  P('detailEditable', '详情页可编辑', 'boolean', 'rules'),
  P('defaultType', '默认值类型', 'text', 'default', { sample: 'fix' }),
  P('defaultValue', '默认值', 'json', 'default', { sample: '' }),
];
const LAYOUT: PropertySpec[] = [P('label', '字段名称', 'text', 'basic'), P('enName', '英文名', 'text', 'basic', { sample: 'edited_name' }), P('span', '宽度', 'span', 'basic'), P('hideCondition', '隐藏条件', 'condition', 'rules')];
/** Where a choice field's options come from (`selectMode`, docs/forms.md): 0 the field's own list, 1 a constant list (`configDataId`). */
export const SELECT_MODES: PropertyChoice[] = [{ label: '固定选项', value: 0 }, { label: '常量列表', value: 1 }];
const OPTIONS: PropertySpec[] = [P('selectMode', '选项来源', 'choice', 'options', { choices: SELECT_MODES, sample: 0 }), P('options', '选项', 'options', 'options'), P('configDataId', '常量列表编号', 'text', 'options', { sample: '1' }), P('multiple', '多选', 'boolean', 'options'), P('filterable', '可搜索', 'boolean', 'options')];

/** Per-type extras beyond COMMON, as the adapter's field types read them. */
const EXTRAS: Partial<Record<FieldType, PropertySpec[]>> = {
  input: [P('maxLength', '最大长度', 'number', 'limits', { ...COUNT, sample: 50 }), P('fixLength', '固定长度', 'number', 'limits', { ...COUNT, sample: 18 }), P('fixLengthTips', '固定长度提示', 'text', 'limits'), P('linkUrl', '链接地址', 'text', 'relation', { sample: 'https://example.com' })],
  textarea: [P('maxLength', '最大长度', 'number', 'limits', { ...COUNT, sample: 500 })],
  number: [P('min', '最小值', 'number', 'limits', { sample: 0 }), P('max', '最大值', 'number', 'limits', { sample: 100 }), P('precision', '小数位数', 'number', 'format', { ...COUNT, sample: 2 }), P('suffix', '单位', 'text', 'format', { sample: '元' })],
  rate: [P('max', '最大值', 'number', 'limits', { min: 1, max: 10, integer: true, sample: 5 })],
  select: OPTIONS, radio: OPTIONS, checkbox: OPTIONS, cascader: OPTIONS,
  dateStamp: [P('format', '日期格式', 'format', 'format', { sample: DATE_FORMATS.dateTime }), P('currentTime', '默认当前时间', 'boolean', 'default')],
  dateRange: [P('format', '日期格式', 'format', 'format', { sample: DATE_FORMATS.date })],
  timeOnly: [P('format', '时间格式', 'format', 'format', { sample: DATE_FORMATS.time })],
  user: [P('multiple', '多选', 'boolean', 'options'), P('currentUser', '默认当前用户', 'boolean', 'default')],
  dept: [P('multiple', '多选', 'boolean', 'options'), P('currentDept', '默认当前部门', 'boolean', 'default'), P('parentOrg', '上级组织', 'json', 'relation', { sample: true })],
  relatedForm: [P('relateEnName', '关联表单英文名', 'text', 'relation', { sample: 'other_form' }), P('relateField', '显示字段', 'text', 'relation', { sample: 'name' }), P('relateFilter', '关联过滤', 'json', 'relation', { sample: { status: 'active' } }), P('relate2Current', '带入当前表单', 'json', 'relation'), P('relateHeadFilter', '表头过滤', 'json', 'relation', { sample: { status: 'active' } })],
  address: [P('type', '级数（1–3）', 'number', 'limits', { min: 1, max: 3, integer: true, sample: 3 })],
  upload: [P('accept', '文件类型', 'text', 'limits', { sample: '.pdf,.jpg' }), P('multiple', '多个文件', 'boolean', 'limits')],
  subForm: [P('subFormFeature', '子表设置', 'json', 'format', { sample: { enableExportFile: true } })],
  button: [P('buttonName', '按钮文字', 'text', 'basic'), P('linkUrl', '链接地址', 'text', 'relation', { sample: 'https://example.com' })],
  position: [P('currentPos', '默认当前位置', 'boolean', 'default')],
};

const NO_VALUE_RULES: FieldType[] = ['groupTitle', 'divider'];

/** The properties the panel offers for a funcType, in section order. */
export function propertySpecs(funcType: FieldType): PropertySpec[] {
  if (NO_VALUE_RULES.includes(funcType)) return LAYOUT;
  return [...COMMON, ...(EXTRAS[funcType] ?? [])];
}

/** What a sample value may name: another field of the same form (for conditions). */
export interface SampleContext {
  /** The enName of another value field of the form (or of the same sub-form's rows). */
  otherEnName: string;
}

/**
 * A representative valid value of one property, derived from its spec (issue 19: every edit the
 * panel offers must give a valid definition; tests/adapters/propertyEdits.test.ts applies each).
 * Example: `sampleValueOf({key: 'hideCondition', editor: 'condition', …}, {otherEnName: 'a'})` →
 * `"${a} == '1'"`.
 */
export function sampleValueOf(spec: PropertySpec, ctx: SampleContext): unknown {
  if (spec.sample !== undefined) return spec.sample;
  // relate2Current copies into a field of this form: the other field takes the related `name`.
  if (spec.key === 'relate2Current') return { [ctx.otherEnName]: 'name' };
  switch (spec.editor) {
    case 'text': return `${spec.label}示例`;
    case 'number': return spec.max ?? (spec.min ?? 0) + 10;
    case 'boolean': return true;
    case 'span': return 12;
    case 'condition': return `\${${ctx.otherEnName}} == '1'`;
    case 'options': return [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }, { label: '丙', value: 'c' }];
    case 'format': return DATE_FORMATS.date;
    case 'json': return {};
    case 'choice': return spec.choices?.[0]?.value;
  }
}

/** The first free enName `{funcType lower-cased}_{n}` among `taken`. */
export function freeEnName(funcType: FieldType, taken: ReadonlySet<string>): string {
  const base = funcType.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  for (let n = 1; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A new field of a funcType, valid as it stands (sub-forms with one text row field, choices with two options) except a relatedForm, which still needs its relateEnName. */
export function starterField(funcType: FieldType, taken: ReadonlySet<string>): FieldDefinition {
  const enName = freeEnName(funcType, taken);
  const field: FieldDefinition = { enName, label: FIELD_TYPE_LABELS[funcType], funcType, span: 24 };
  if (['select', 'radio', 'checkbox', 'cascader'].includes(funcType)) {
    field.selectMode = 0;
    field.options = [{ label: '选项一', value: '1' }, { label: '选项二', value: '2' }];
  }
  if (funcType === 'subForm') field.children = [{ enName: 'input_1', label: '单行文本', funcType: 'input', span: 24 }];
  if (funcType === 'sysStatus') field.enName = taken.has('sys_status') ? enName : 'sys_status';
  if (funcType === 'divider') field.label = '';
  return field;
}
