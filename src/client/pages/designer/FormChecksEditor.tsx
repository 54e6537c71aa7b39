/**
 * 表单检查: server-side rules, written as the same `feature.formChecks` entries the JSON box held
 * ({scene, when, action, errorTips}; keys the editor does not show, such as subForm, are kept).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import type { FormCheckScene } from '../../../../schema-adapters/buttons/checkRules';
import type { FormFeature } from '../../../../schema-adapters/definition/types';
import { ConditionEditor } from './ConditionEditor';

type FormCheck = NonNullable<FormFeature['formChecks']>[number];

/** The scenes (FORM_CHECK_SCENES) in words. */
export const CHECK_SCENES: { label: string; value: FormCheckScene }[] = [
  { label: '新增保存时', value: 'add' },
  { label: '修改保存时', value: 'edit' },
  { label: '删除时', value: 'delete' },
  { label: '作废时', value: 'invalid' },
  { label: '删除子表行时', value: 'deleteSub' },
];
/** What a holding rule does; saves (add / edit) can only be stopped. */
const ACTIONS = [{ label: '阻止并提示', value: 'stop' }, { label: '提示后由用户决定', value: 'warn' }];

/** What the editor needs. */
export interface FormChecksEditorProps {
  value: FormCheck[] | undefined;
  onChange: (next: FormCheck[] | undefined) => void;
}

/** The editor: a block per rule with 场景, 条件, 处理 and 提示, and 添加检查. */
export function FormChecksEditor({ value, onChange }: FormChecksEditorProps) {
  const list = value ?? [];
  const set = (i: number, patch: Partial<FormCheck>) => onChange(list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <div className="fw-form-checks-editor">
      {list.map((c, i) => {
        const saving = c.scene === 'add' || c.scene === 'edit';
        return (
          <div key={i} className="fw-form-check" style={{ border: '1px solid #f0f0f0', padding: 6, marginBottom: 6 }}>
            <div style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
              <Select aria-label={`检查${i + 1}场景`} style={{ flex: 1 }} options={CHECK_SCENES} value={c.scene} onChange={(scene) => set(i, { scene, ...(scene === 'add' || scene === 'edit' ? { action: 'stop' } : {}) })} />
              <Select aria-label={`检查${i + 1}处理`} style={{ flex: 1 }} options={saving ? ACTIONS.slice(0, 1) : ACTIONS} value={c.action as string | undefined} onChange={(action) => set(i, { action })} />
              <Button aria-label={`删除检查${i + 1}`} icon={<DeleteOutlined />} onClick={() => onChange(list.length > 1 ? list.filter((_, j) => j !== i) : undefined)} />
            </div>
            <ConditionEditor label={`检查${i + 1}条件`} value={typeof c.when === 'string' ? c.when : ''} onChange={(when) => set(i, { when })} />
            <Input aria-label={`检查${i + 1}提示`} style={{ marginTop: 4 }} placeholder="条件成立时的提示，可用 ${字段英文名}" value={typeof c.errorTips === 'string' ? c.errorTips : ''} onChange={(e) => set(i, { errorTips: e.target.value })} />
          </div>
        );
      })}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...list, { scene: 'delete', when: '', action: 'stop', errorTips: '' }])}>添加检查</Button>
    </div>
  );
}
