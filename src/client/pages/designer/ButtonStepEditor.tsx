/**
 * One step of a custom button (`actions[i]`, schema-adapters/buttons/buttonTypes.ts) as form
 * controls: the kind chosen from the five declarative kinds and its parameters — field values
 * (field, way, value), the target form, a link, a print template, a webhook's address, secret
 * name and timeout. Keys the editor does not show are kept.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select } from 'antd';
import { BUTTON_STEP_KINDS, WEBHOOK_DEFAULT_TIMEOUT_MS, WEBHOOK_MAX_TIMEOUT_MS, type ButtonValue } from '../../../../schema-adapters/buttons/buttonTypes';
import { toButtonValue, valueParts, VALUE_WAYS, type ValueWay } from './buttonValue';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types';
import { useButtonTargets, type NamedChoice } from '../../controllers/useButtonTargets';
import type { DraftField } from './draft';

type StepKind = (typeof BUTTON_STEP_KINDS)[number];
/** A step as stored: a kind and its keys (an unknown kind is shown and kept until changed). */
export type StoredStep = { kind?: unknown; [key: string]: unknown };

/** The kinds in words (the same names buttonProblems uses). */
export const STEP_KINDS: { label: string; value: StepKind }[] = [
  { label: '设置字段值', value: 'setValues' },
  { label: '新增记录', value: 'createRecord' },
  { label: '打开链接', value: 'link' },
  { label: '打印', value: 'print' },
  { label: '调用 Webhook', value: 'webhook' },
];

/** A new step of a kind, with what it needs empty. */
export function newStep(kind: StepKind): StoredStep {
  switch (kind) {
    case 'setValues': return { kind, values: {} };
    case 'createRecord': return { kind, form: '', values: {} };
    case 'print': return { kind, templateName: '' };
    default: return { kind, url: '' };
  }
}

const NUMERIC = new Set(['number', 'rate']);

/** `values` of setValues / createRecord: a row per field with its way and value. */
function ValuesEditor({ label, fields, values, onChange }: {
  label: string;
  /** The fields to choose from: the main form's (setValues) or the target form's (createRecord); null while unknown, then typed. */
  fields: FieldDefinition[] | null;
  values: Record<string, ButtonValue>;
  onChange: (next: Record<string, ButtonValue>) => void;
}) {
  const entries = Object.entries(values);
  const numeric = (name: string) => NUMERIC.has(fields?.find((f) => f.enName === name)?.funcType ?? '');
  // Renaming keeps the position of the entry, so the order the administrator sees stays.
  const rename = (from: string, to: string) => onChange(Object.fromEntries(entries.map(([k, v]) => (k === from ? [to, v] : [k, v]))));
  const setValue = (name: string, value: ButtonValue) => onChange({ ...values, [name]: value });
  const free = fields?.filter((f) => !(f.enName in values) && f.funcType !== 'subForm' && f.funcType !== 'groupTitle' && f.funcType !== 'divider');
  return (
    <div className="fw-button-values">
      {entries.map(([name, value], i) => {
        const { way, text } = valueParts(value);
        const n = i + 1;
        return (
          <div key={i} style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
            {fields ? (
              <Select
                aria-label={`${label}字段${n}`}
                style={{ flex: 2 }}
                value={name}
                options={[...fields.filter((f) => f.enName === name), ...(free ?? [])].map((f) => ({ label: f.label || f.enName, value: f.enName }))}
                onChange={(to: string) => rename(name, to)}
              />
            ) : (
              <Input aria-label={`${label}字段${n}`} style={{ flex: 2 }} placeholder="目标字段英文名" value={name} onChange={(e) => rename(name, e.target.value)} />
            )}
            <Select aria-label={`${label}取值方式${n}`} style={{ flex: 1 }} options={VALUE_WAYS} value={way} onChange={(w: ValueWay) => setValue(name, toButtonValue(w, text, { numeric: numeric(name), previous: value }))} />
            <Input
              aria-label={`${label}取值${n}`}
              style={{ flex: 3 }}
              disabled={way === 'null'}
              placeholder={way === 'expr' ? '如 ${amount} * 2' : ''}
              value={text}
              onChange={(e) => setValue(name, toButtonValue(way, e.target.value, { numeric: numeric(name), previous: value }))}
            />
            <Button aria-label={`${label}删除字段${n}`} icon={<DeleteOutlined />} onClick={() => onChange(Object.fromEntries(entries.filter(([k]) => k !== name)))} />
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={fields ? !free?.length : '' in values}
        onClick={() => onChange({ ...values, [fields ? free![0].enName : '']: '' })}
      >
        添加字段
      </Button>
    </div>
  );
}

/** A stored key among named choices: its name, or the key itself (kept) when it names nothing known. */
function withStored(choices: NamedChoice[], stored: string): NamedChoice[] {
  return !stored || choices.some((c) => c.value === stored) ? choices : [...choices, { value: stored, label: stored }];
}

/** What the step editor needs. */
export interface ButtonStepEditorProps {
  /** Names the step's controls, e.g. 按钮1动作2. */
  label: string;
  /** The form being designed (its print templates are offered to a 打印 step). */
  formName: string;
  fields: DraftField[];
  step: StoredStep;
  onChange: (next: StoredStep) => void;
  onRemove: () => void;
}

/** The step: its kind and, below, its parameters. */
export function ButtonStepEditor({ label, formName, fields, step, onChange, onRemove }: ButtonStepEditorProps) {
  const set = (patch: Record<string, unknown>) => onChange({ ...step, ...patch });
  const text = (key: string) => (typeof step[key] === 'string' ? (step[key] as string) : '');
  const targets = useButtonTargets(step.kind === 'print' ? formName : '', step.kind === 'createRecord' ? text('form') : undefined);
  const values = (step.values && typeof step.values === 'object' ? step.values : {}) as Record<string, ButtonValue>;
  const known = STEP_KINDS.some((k) => k.value === step.kind);
  return (
    <div className="fw-button-step" style={{ borderLeft: '2px solid #e6f4ff', paddingLeft: 6, marginBottom: 6 }}>
      <div style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
        <Select
          aria-label={`${label}类型`}
          style={{ flex: 1 }}
          options={known ? STEP_KINDS : [...STEP_KINDS, { label: String(step.kind), value: step.kind as StepKind }]}
          value={step.kind as StepKind}
          onChange={(kind: StepKind) => onChange(kind === step.kind ? step : newStep(kind))}
        />
        <Button aria-label={`删除${label}`} icon={<DeleteOutlined />} onClick={onRemove} />
      </div>
      {step.kind === 'setValues' ? <ValuesEditor label={label} fields={fields} values={values} onChange={(v) => set({ values: v })} /> : null}
      {step.kind === 'createRecord' ? (
        <>
          <Select
            aria-label={`${label}目标表单`}
            showSearch
            optionFilterProp="label"
            placeholder="选择要新增记录的表单"
            style={{ width: '100%', marginBottom: 4 }}
            options={withStored(targets.forms, text('form'))}
            value={text('form') || undefined}
            // Another form's fields differ: the values chosen for the previous one go.
            onChange={(form: string) => set({ form, values: form === text('form') ? values : {} })}
          />
          <ValuesEditor label={label} fields={targets.targetFields ?? null} values={values} onChange={(v) => set({ values: v })} />
        </>
      ) : null}
      {step.kind === 'link' ? (
        <Input aria-label={`${label}链接`} prefix="链接" placeholder="/… 或 https://…，可用 ${字段英文名} 和 ${id}" value={text('url')} onChange={(e) => set({ url: e.target.value })} />
      ) : null}
      {step.kind === 'print' ? (
        step.templateId != null && !text('templateName') ? (
          <Input aria-label={`${label}打印模版编号`} prefix="打印模版编号" value={String(step.templateId)} onChange={(e) => set({ templateId: e.target.value || undefined })} />
        ) : (
          <Select
            aria-label={`${label}打印模版`}
            placeholder="选择打印模版"
            style={{ width: '100%' }}
            options={withStored(targets.templates, text('templateName'))}
            value={text('templateName') || undefined}
            notFoundContent="该表单尚未配置打印模版"
            onChange={(templateName: string) => set({ templateName })}
          />
        )
      ) : null}
      {step.kind === 'webhook' ? (
        <>
          <Input aria-label={`${label}地址`} prefix="地址" placeholder="https://…" value={text('url')} onChange={(e) => set({ url: e.target.value })} style={{ marginBottom: 4 }} />
          <div style={{ display: 'flex', gap: 4 }}>
            <Input aria-label={`${label}密钥名称`} prefix="密钥名称" placeholder="不签名" value={text('secret')} onChange={(e) => { const { secret: _s, ...rest } = step; onChange(e.target.value ? { ...rest, secret: e.target.value } : rest); }} />
            <InputNumber
              aria-label={`${label}超时毫秒`}
              suffix="毫秒"
              min={1}
              max={WEBHOOK_MAX_TIMEOUT_MS}
              precision={0}
              placeholder={String(WEBHOOK_DEFAULT_TIMEOUT_MS)}
              value={typeof step.timeoutMs === 'number' ? step.timeoutMs : null}
              onChange={(v) => { const { timeoutMs: _t, ...rest } = step; onChange(v == null ? rest : { ...rest, timeoutMs: v }); }}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
