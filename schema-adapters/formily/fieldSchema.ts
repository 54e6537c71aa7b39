import type { ISchema } from '@formily/json-schema';
import { compileCondition } from '../conditions/compileCondition';
import type { FieldDefinition } from '../definition/types';
import { usesConfiguredList } from '../fieldTypes/choice';
import { specOf } from '../fieldTypes/registry';
import { baseState, conditionsOf, type FieldStateOptions } from '../state/fieldState';
import { refScopes } from '../state/scope';
import { CONDITION_REACTION, SQL_HIDE_REACTION, type FormworkFieldExtension } from './formworkExtension';

/** What a field schema needs to know about where it sits. */
export interface FieldSchemaContext {
  mainFields: ReadonlySet<string>;
  /** Set for the fields of a sub-form row. */
  subForm?: { enName: string; rowFields: ReadonlySet<string> };
  opts: FieldStateOptions;
  index: number;
}

/** Formily data validators (no functions): required with the contract's message, lengths, ranges. */
function validators(field: FieldDefinition, required: boolean): Record<string, unknown>[] {
  const label = field.label;
  const rules: Record<string, unknown>[] = [{ required, message: `${label}不能为空`, triggerType: 'onBlur' }];
  if (field.funcType === 'input' && field.fixLength != null) rules.push({ len: field.fixLength, message: field.fixLengthTips || `${label}须为${field.fixLength}个字符` });
  else if ((field.funcType === 'input' || field.funcType === 'textarea') && field.maxLength != null) rules.push({ maxLength: field.maxLength, message: `${label}不能超过${field.maxLength}个字符` });
  if (field.funcType === 'number') {
    if (field.min != null) rules.push({ minimum: field.min, message: `${label}不能小于${field.min}` });
    if (field.max != null) rules.push({ maximum: field.max, message: `${label}不能大于${field.max}` });
  }
  return rules;
}

/** The `x-reactions` data and `x-formwork` refs of a field's conditions. */
function reactionsOf(field: FieldDefinition, at: FieldSchemaContext, ext: FormworkFieldExtension): ISchema['x-reactions'] | undefined {
  const conditions = conditionsOf(field);
  if (!conditions.hide && !conditions.required && !conditions.disabled) return undefined;
  ext.conditions = conditions;
  const names = new Set<string>();
  for (const source of Object.values(conditions)) for (const name of compileCondition(source as string).fields) names.add(name);
  ext.refs = refScopes([...names], at.mainFields, at.subForm?.rowFields);
  const dependencies = Object.entries(ext.refs).filter(([, where]) => where !== 'absent').map(([name, where]) => (where === 'row' ? `.${name}` : name));
  const reactions: Record<string, unknown>[] = [];
  if (conditions.hide && compileCondition(conditions.hide).kind === 'sql') {
    ext.sqlHide = true;
    reactions.push({ dependencies: compileCondition(conditions.hide).fields.filter((n) => ext.refs?.[n] === 'main'), 'x-formwork': SQL_HIDE_REACTION });
  }
  reactions.push({ dependencies, 'x-formwork': CONDITION_REACTION });
  return reactions as ISchema['x-reactions'];
}

/** The Formily schema of one field (data only: component names, props, validators, reaction markers). */
export function fieldSchema(field: FieldDefinition, at: FieldSchemaContext): ISchema {
  const spec = specOf(field);
  const mapKey = at.subForm ? `${at.subForm.enName}.${field.enName}` : field.enName;
  const base = baseState(field, at.opts, mapKey);
  const ext: FormworkFieldExtension = { funcType: field.funcType, enName: field.enName, base, span: field.span ?? 24 };
  if (at.subForm) ext.subForm = at.subForm.enName;
  if (field.detailEditable) ext.detailEditable = true;
  if (spec.hasView) ext.viewKey = `${field.enName}$view`;
  const span = field.span ?? 24;
  const schema: ISchema = {
    type: spec.schemaType,
    title: field.label,
    'x-index': at.index,
    'x-component': spec.component,
    'x-component-props': spec.props(field),
  };
  if (spec.schemaType !== 'void') {
    schema['x-decorator'] = 'FormItem';
    schema['x-decorator-props'] = { gridSpan: span > 12 ? 2 : 1 };
    schema['x-validator'] = validators(field, base.required);
  } else {
    schema['x-decorator-props'] = { gridSpan: 2 };
  }
  if (['select', 'radio', 'checkbox', 'cascader'].includes(field.funcType) && !usesConfiguredList(field) && field.options) {
    schema.enum = field.options as ISchema['enum'];
  }
  if (!base.visible) schema['x-visible'] = false;
  if (base.disabled) schema['x-disabled'] = true;
  if (at.opts.mode === 'detail') schema['x-pattern'] = field.detailEditable ? 'editable' : 'readPretty';
  if (field.description) schema.description = String(field.description);
  const reactions = reactionsOf(field, at, ext);
  if (reactions) schema['x-reactions'] = reactions;
  if (field.funcType === 'subForm') {
    const rowFields = new Set((field.children ?? []).map((c) => c.enName));
    const properties: Record<string, ISchema> = {};
    (field.children ?? []).forEach((child, index) => {
      properties[child.enName] = fieldSchema(child, { ...at, index, subForm: { enName: field.enName, rowFields } });
    });
    schema.items = { type: 'object', properties };
  }
  schema['x-formwork'] = ext;
  return schema;
}
