/** The selected field's properties, built from the adapter's property specs; the rest as generic key / value. */
import { AutoComplete, Divider, Form, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import { propertySpecs, type PropertySpec } from '../../../../schema-adapters/fieldTypes/palette';
import { DATE_FORMATS } from '../../../../schema-adapters/shared/dateFormat';
import type { DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import type { FieldOption } from '../../../../schema-adapters/definition/types';
import { ConditionEditor } from './ConditionEditor';
import type { DraftField } from './draft';
import { JsonEditor } from './JsonEditor';
import { OptionsEditor } from './OptionsEditor';
import { retypeOptions, retypePatch } from './retypeField';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';

const SECTIONS: Record<PropertySpec['section'], string> = { basic: '基本', rules: '规则与条件', default: '默认值', options: '选项', relation: '关联', format: '格式', limits: '限制' };
const INTERNAL = new Set(['__key', 'funcType', 'children']);

/** What the panel needs. */
export interface PropertyPanelProps {
  field: DraftField;
  path: string;
  problems: DefinitionProblem[];
  onChange: (patch: Record<string, unknown>, group?: string) => void;
}

function Editor({ spec, value, set }: { spec: PropertySpec; value: unknown; set: (v: unknown) => void }) {
  switch (spec.editor) {
    case 'text':
      return <Input aria-label={spec.label} value={value == null ? '' : String(value)} onChange={(e) => set(e.target.value === '' && spec.key !== 'label' ? undefined : e.target.value)} />;
    case 'number':
      return <InputNumber aria-label={spec.label} style={{ width: '100%' }} min={spec.min} max={spec.max} precision={spec.integer ? 0 : undefined} value={value == null || value === '' ? null : Number(value)} onChange={(v) => set(v ?? undefined)} />;
    case 'boolean':
      return <Switch aria-label={spec.label} checked={value === true} onChange={(v) => set(v || undefined)} />;
    case 'span':
      return <Segmented aria-label={spec.label} options={[{ label: '整行 24', value: 24 }, { label: '半行 12', value: 12 }, { label: '三分之一 8', value: 8 }]} value={Number(value ?? 24)} onChange={(v) => set(Number(v))} />;
    case 'condition':
      return <ConditionEditor label={spec.label} value={typeof value === 'string' ? value : ''} onChange={(v) => set(v === '' ? undefined : v)} />;
    case 'options':
      return <OptionsEditor value={value as FieldOption[] | undefined} onChange={set} />;
    case 'format':
      return <AutoComplete aria-label={spec.label} value={value == null ? '' : String(value)} options={Object.values(DATE_FORMATS).map((f) => ({ value: f }))} onChange={(v: string) => set(v || undefined)} />;
    case 'json':
      return <JsonEditor label={spec.label} value={value} onChange={set} />;
    case 'choice':
      // A stored value the format does not name (e.g. "1" from an import) still shows as its choice.
      return <Select aria-label={spec.label} style={{ width: '100%' }} options={spec.choices} value={spec.choices?.find((c) => String(c.value) === String(value ?? spec.choices?.[0]?.value))?.value ?? null} onChange={(v) => set(v)} />;
  }
}

/** The panel. */
export function PropertyPanel({ field, path, problems, onChange }: PropertyPanelProps) {
  const specs = propertySpecs(field.funcType);
  const declared = new Set(specs.map((s) => s.key));
  const rest = Object.keys(field).filter((k) => !declared.has(k) && !INTERNAL.has(k));
  const own = problems.filter((p) => p.path === path || (p.path.startsWith(`${path}.`) && !p.path.slice(path.length + 1).startsWith('children[')));
  const problemOf = (key: string) => own.filter((p) => p.path === `${path}.${key}` || p.path.startsWith(`${path}.${key}[`) || p.path.startsWith(`${path}.${key}.`));
  const sections = [...new Set(specs.map((s) => s.section))];
  return (
    <Form layout="vertical" size="small" className="fw-property-panel" key={field.__key}>
      <Form.Item label="字段类型" extra={field.funcType === 'subForm' ? '子表不能改为其他类型' : '改类型后保存时，会列出受影响的已有数据并请您确认'}>
        <Select<FieldType>
          aria-label="字段类型"
          showSearch
          optionFilterProp="label"
          value={field.funcType}
          options={retypeOptions(field, path.includes('.children['))}
          onChange={(t) => onChange(retypePatch(field, t))}
        />
      </Form.Item>
      {own.filter((p) => p.path === path).map((p, i) => <div key={i} className="fw-prop-problem">{p.message}</div>)}
      {sections.map((section) => (
        <div key={section}>
          <Divider orientation="left" plain style={{ margin: '8px 0' }}>{SECTIONS[section]}</Divider>
          {specs.filter((s) => s.section === section).map((spec) => {
            const errs = problemOf(spec.key);
            return (
              <Form.Item key={spec.key} label={spec.label} validateStatus={errs.length ? 'error' : undefined} help={errs.length ? errs.map((e) => e.message).join('；') : undefined}>
                <Editor spec={spec} value={field[spec.key]} set={(v) => onChange({ [spec.key]: v }, `${field.__key}.${spec.key}`)} />
              </Form.Item>
            );
          })}
        </div>
      ))}
      {rest.length ? <Divider orientation="left" plain style={{ margin: '8px 0' }}>其他属性</Divider> : null}
      {rest.map((key) => (
        <Form.Item key={key} label={key} validateStatus={problemOf(key).length ? 'error' : undefined} help={problemOf(key).map((e) => e.message).join('；') || undefined}>
          <JsonEditor label={key} value={field[key]} rows={1} onChange={(v) => onChange({ [key]: v }, `${field.__key}.${key}`)} />
        </Form.Item>
      ))}
      <Form.Item label="添加属性">
        <Input.Search aria-label="添加属性" placeholder="属性名，如 tag" enterButton="添加" onSearch={(k) => { const key = k.trim(); if (key && !(key in field) && !INTERNAL.has(key)) onChange({ [key]: '' }); }} />
      </Form.Item>
    </Form>
  );
}
