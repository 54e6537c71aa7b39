/**
 * 按钮: the form's buttons (spec 01 §3.1 `buttons`; docs/forms.md "Custom buttons") as a list of
 * blocks, written as the same entries the JSON box held. Each button has a name, a number (which
 * makes its permission `auto:{form}:btn{id}`), where it shows (toolbar / row with a condition),
 * which selection it needs, and either a system action or its own steps (the declarative kinds of
 * buttonTypes.ts, ButtonStepEditor) with pre-check rules. Keys the editor does not show are kept.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Select, Typography } from 'antd';
import { BUTTON_ID_PATTERN } from '../../../../schema-adapters/buttons/buttonTypes';
import type { FormButton } from '../../../../schema-adapters/definition/types';
import { ButtonStepEditor, newStep, type StoredStep } from './ButtonStepEditor';
import { ConditionEditor } from './ConditionEditor';
import type { DraftField } from './draft';

/** The system actions a button can perform instead of steps (list actions and 打印). */
export const SYSTEM_ACTIONS: { label: string; value: string }[] = [
  { label: '新增', value: 'add' },
  { label: '详情', value: 'query' },
  { label: '修改', value: 'edit' },
  { label: '复制', value: 'copy' },
  { label: '作废', value: 'invalid' },
  { label: '删除', value: 'remove' },
  { label: '打印', value: 'print' },
];
/** What a top button needs selected. */
const SELECTIONS = [
  { label: '不需选择记录', value: 'none' },
  { label: '选择一条记录', value: 'single' },
  { label: '选择一条或多条记录', value: 'multiple' },
];
const CUSTOM = '';
const RULE_ACTIONS = [{ label: '阻止并提示', value: 'stop' }, { label: '提示后由用户决定', value: 'warn' }];

type Rule = { when?: unknown; action?: unknown; errorTips?: unknown; [key: string]: unknown };

/** What the editor needs. */
export interface ButtonsEditorProps {
  /** The form's English name (its buttons' permissions name it). */
  formName: string;
  fields: DraftField[];
  value: FormButton[] | undefined;
  onChange: (next: FormButton[]) => void;
}

/** A number for a new button: one above the highest numeric id (101 for the first). */
export function nextButtonId(buttons: readonly FormButton[]): number {
  const numbers = buttons.map((b) => Number(b.id)).filter((n) => Number.isInteger(n));
  return numbers.length ? Math.max(100, ...numbers) + 1 : 101;
}

/** The editor: a block per button and 添加按钮. */
export function ButtonsEditor({ formName, fields, value, onChange }: ButtonsEditorProps) {
  const list = value ?? [];
  const set = (i: number, next: FormButton) => onChange(list.map((b, j) => (j === i ? next : b)));
  const add = () => onChange([...list, { id: nextButtonId(list), name: `按钮${list.length + 1}`, topShow: true, selection: 'multiple', actions: [newStep('setValues')] }]);
  return (
    <div className="fw-buttons-editor">
      {list.map((b, i) => <ButtonBlock key={i} n={i + 1} formName={formName} fields={fields} button={b} onChange={(next) => set(i, next)} onRemove={() => onChange(list.filter((_, j) => j !== i))} />)}
      <Button size="small" icon={<PlusOutlined />} onClick={add}>添加按钮</Button>
    </div>
  );
}

/** Returns `obj` without `key` when `value` is empty, else with it. */
function withKey<T extends object>(obj: T, key: string, value: unknown): T {
  const { [key]: _old, ...rest } = obj as Record<string, unknown>;
  return (value === undefined || value === '' ? rest : { ...rest, [key]: value }) as T;
}

function ButtonBlock({ n, formName, fields, button: b, onChange, onRemove }: { n: number; formName: string; fields: DraftField[]; button: FormButton; onChange: (next: FormButton) => void; onRemove: () => void }) {
  const label = `按钮${n}`;
  const steps = (Array.isArray(b.actions) ? b.actions : []) as StoredStep[];
  const rules = (Array.isArray(b.checks) ? b.checks : []) as Rule[];
  const system = b.sysAction ?? CUSTOM;
  const knownSystem = system === CUSTOM || SYSTEM_ACTIONS.some((a) => a.value === system);
  const setSteps = (next: StoredStep[]) => onChange({ ...b, actions: next });
  const setRules = (next: Rule[]) => onChange(withKey(b, 'checks', next.length ? next : undefined));
  const id = String(b.id ?? '');
  return (
    <div className="fw-button-block" style={{ border: '1px solid #f0f0f0', padding: 6, marginBottom: 6 }}>
      <div style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
        <Input aria-label={`${label}名称`} prefix="名称" style={{ flex: 2 }} value={b.name ?? ''} onChange={(e) => onChange({ ...b, name: e.target.value })} />
        <Input
          aria-label={`${label}编号`}
          prefix="编号"
          style={{ flex: 1 }}
          value={id}
          // A number stays a number (stored ids are numbers in the demo and the spec's examples).
          onChange={(e) => onChange({ ...b, id: /^\d{1,9}$/.test(e.target.value) ? Number(e.target.value) : e.target.value })}
        />
        <Button aria-label={`删除${label}`} icon={<DeleteOutlined />} onClick={onRemove} />
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
        {BUTTON_ID_PATTERN.test(id) ? `权限：auto:${formName || '表单英文名'}:btn${id}（在角色管理中授予可使用此按钮的角色）` : '编号只能含字母、数字和下划线'}
      </Typography.Text>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 4 }}>
        <span>位置</span>
        <Checkbox aria-label={`${label}显示在列表工具栏`} checked={b.topShow === true} onChange={(e) => onChange(withKey(b, 'topShow', e.target.checked || undefined))}>列表工具栏</Checkbox>
        <Checkbox aria-label={`${label}显示在行操作列`} checked={b.rightShow === true} onChange={(e) => onChange(withKey(b, 'rightShow', e.target.checked || undefined))}>行操作列</Checkbox>
        <Select aria-label={`${label}选择要求`} size="small" style={{ minWidth: 150 }} placeholder="选择要求" allowClear options={SELECTIONS} value={b.selection} onChange={(v) => onChange(withKey(b, 'selection', v))} />
      </div>
      {b.rightShow ? (
        <div style={{ marginBottom: 4 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>行显示条件（空：每行都显示）</Typography.Text>
          <ConditionEditor label={`${label}行显示条件`} value={typeof b.rightShowCon === 'string' ? b.rightShowCon : ''} onChange={(v) => onChange(withKey(b, 'rightShowCon', v))} />
        </div>
      ) : null}
      <Select
        aria-label={`${label}动作`}
        style={{ width: '100%', marginBottom: 4 }}
        value={system}
        options={[{ label: '自定义动作', value: CUSTOM }, ...SYSTEM_ACTIONS, ...(knownSystem ? [] : [{ label: system, value: system }])]}
        onChange={(v: string) => onChange(v === CUSTOM ? { ...withKey(b, 'sysAction', undefined), actions: steps.length ? steps : [newStep('setValues')] } : { ...b, sysAction: v })}
      />
      {system === 'print' ? (
        <Input aria-label={`${label}固定打印链接`} prefix="固定打印链接" placeholder="空：打印所勾选的记录" value={typeof b.info === 'string' ? b.info : ''} onChange={(e) => onChange(withKey(b, 'info', e.target.value))} />
      ) : null}
      {system === CUSTOM ? (
        <>
          {steps.map((s, j) => (
            <ButtonStepEditor key={j} label={`${label}动作${j + 1}`} formName={formName} fields={fields} step={s} onChange={(next) => setSteps(steps.map((x, k) => (k === j ? next : x)))} onRemove={() => setSteps(steps.filter((_, k) => k !== j))} />
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => setSteps([...steps, newStep('setValues')])} style={{ marginBottom: 6 }}>添加动作</Button>
          {rules.map((r, j) => (
            <div key={j} className="fw-button-rule" style={{ borderLeft: '2px solid #fff1b8', paddingLeft: 6, marginBottom: 6 }}>
              <div style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
                <Select aria-label={`${label}校验${j + 1}处理`} style={{ flex: 1 }} options={RULE_ACTIONS} value={r.action as string | undefined} onChange={(action) => setRules(rules.map((x, k) => (k === j ? { ...x, action } : x)))} />
                <Button aria-label={`删除${label}校验${j + 1}`} icon={<DeleteOutlined />} onClick={() => setRules(rules.filter((_, k) => k !== j))} />
              </div>
              <ConditionEditor label={`${label}校验${j + 1}条件`} value={typeof r.when === 'string' ? r.when : ''} onChange={(when) => setRules(rules.map((x, k) => (k === j ? { ...x, when } : x)))} />
              <Input aria-label={`${label}校验${j + 1}提示`} style={{ marginTop: 4 }} placeholder="条件成立时的提示，可用 ${字段英文名}" value={typeof r.errorTips === 'string' ? r.errorTips : ''} onChange={(e) => setRules(rules.map((x, k) => (k === j ? { ...x, errorTips: e.target.value } : x)))} />
            </div>
          ))}
          <Button size="small" icon={<PlusOutlined />} onClick={() => setRules([...rules, { when: '', action: 'stop', errorTips: '' }])}>添加执行前校验</Button>
        </>
      ) : null}
    </div>
  );
}
