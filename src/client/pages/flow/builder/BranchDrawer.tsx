/** The drawer of one branch: its name and conditions (a form field, an operator, a value); all must hold. */
import { Button, Drawer, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { CONDITION_OPS, CONDITION_OP_LABELS, VALUELESS_OPS, type Branch, type BranchCondition } from '../../../../shared/flows';
import type { FieldOption } from './AssigneeEditor';

const NUMERIC = new Set(['number', 'money', 'integer', 'percent', 'rate']);

function ConditionRow({ c, fields, onChange, onRemove, index }: { c: BranchCondition; fields: FieldOption[]; onChange: (c: BranchCondition) => void; onRemove: () => void; index: number }) {
  const numeric = NUMERIC.has(fields.find((f) => f.value === c.field)?.funcType ?? '');
  return (
    <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
      <Select aria-label={`条件${index + 1}字段`} style={{ width: 150 }} showSearch optionFilterProp="label" value={c.field || undefined} placeholder="字段"
        options={fields.map((f) => ({ value: f.value, label: f.label }))} onChange={(field) => onChange({ ...c, field, value: undefined })} />
      <Select aria-label={`条件${index + 1}运算`} style={{ width: 110 }} value={c.op} options={CONDITION_OPS.map((o) => ({ value: o, label: CONDITION_OP_LABELS[o] }))}
        onChange={(op) => onChange({ field: c.field, op, ...(VALUELESS_OPS.has(op) ? {} : { value: c.value }) })} />
      {VALUELESS_OPS.has(c.op) ? null : numeric
        ? <InputNumber aria-label={`条件${index + 1}值`} style={{ width: 140 }} value={typeof c.value === 'number' ? c.value : null} onChange={(v) => onChange({ ...c, value: v ?? undefined })} />
        : <Input aria-label={`条件${index + 1}值`} style={{ width: 140 }} value={c.value === undefined ? '' : String(c.value)} onChange={(e) => onChange({ ...c, value: e.target.value })} />}
      <Button type="link" danger onClick={onRemove}>删除</Button>
    </Flex>
  );
}

export function BranchDrawer({ branch, fields, canRemove, onChange, onRemove, onClose }: {
  branch: Branch | null; fields: FieldOption[]; canRemove: boolean; onChange: (b: Branch) => void; onRemove: () => void; onClose: () => void;
}) {
  const set = (i: number, c: BranchCondition) => branch && onChange({ ...branch, conditions: branch.conditions.map((x, j) => (j === i ? c : x)) });
  return (
    <Drawer title="设置条件" width={600} open={!!branch} onClose={onClose} destroyOnHidden
      extra={branch && !branch.isDefault && canRemove ? <Button danger onClick={onRemove}>删除此条件</Button> : null}>
      {branch ? (
        <Form layout="vertical">
          <Form.Item label="分支名称"><Input aria-label="分支名称" value={branch.name} maxLength={50} onChange={(e) => onChange({ ...branch, name: e.target.value })} /></Form.Item>
          {branch.isDefault ? <Typography.Paragraph type="secondary">其他条件都不满足时走这里，无需设置条件。</Typography.Paragraph> : (
            <Form.Item label="同时满足以下条件">
              {branch.conditions.map((c, i) => (
                <ConditionRow key={i} index={i} c={c} fields={fields} onChange={(x) => set(i, x)} onRemove={() => onChange({ ...branch, conditions: branch.conditions.filter((_, j) => j !== i) })} />
              ))}
              <Button onClick={() => onChange({ ...branch, conditions: [...branch.conditions, { field: fields[0]?.value ?? '', op: 'eq', value: undefined }] })}>添加条件</Button>
            </Form.Item>
          )}
        </Form>
      ) : null}
    </Drawer>
  );
}
