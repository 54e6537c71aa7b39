/** Who a node goes to: the kind and, for the kinds that need one, its value (a user, role, department, level or field). */
import { Form, Input, InputNumber, Select } from 'antd';
import { ASSIGNEE_KINDS, ASSIGNEE_KIND_LABELS, MAX_LEADER_LEVEL, type Assignee } from '../../../../shared/flows';
import { AccountSelect } from './AccountSelect';
import { RoleKeySelect } from './RoleKeySelect';

export interface FieldOption { value: string; label: string; funcType: string }

export function AssigneeEditor({ value, fields, onChange, what }: { value: Assignee; fields: FieldOption[]; onChange: (a: Assignee) => void; what: string }) {
  const setKind = (kind: Assignee['kind']) => onChange({ kind, ...(kind === 'levelLeader' ? { value: '2' } : {}) });
  const setValue = (v: string | undefined) => onChange({ ...value, value: v || undefined });
  const fieldsOf = (types: string[]) => fields.filter((f) => types.includes(f.funcType)).map((f) => ({ value: f.value, label: `${f.label}（${f.value}）` }));
  return (
    <>
      <Form.Item label={`${what}类型`}>
        <Select aria-label={`${what}类型`} value={value.kind} onChange={setKind} options={ASSIGNEE_KINDS.map((k) => ({ value: k, label: ASSIGNEE_KIND_LABELS[k] }))} />
      </Form.Item>
      {value.kind === 'user' ? <Form.Item label="成员账号"><AccountSelect label="成员账号" value={value.value} onChange={setValue} /></Form.Item> : null}
      {value.kind === 'role' ? <Form.Item label="角色标识"><RoleKeySelect label="角色标识" value={value.value} onChange={setValue} /></Form.Item> : null}
      {value.kind === 'deptLeader' ? <Form.Item label="部门编号"><Input aria-label="部门编号" value={value.value} onChange={(e) => setValue(e.target.value.trim())} /></Form.Item> : null}
      {value.kind === 'levelLeader' ? (
        <Form.Item label="第几级上级" extra="1 为发起人所在部门的负责人，2 为其上级部门的负责人，依此类推">
          <InputNumber aria-label="第几级上级" min={1} max={MAX_LEADER_LEVEL} precision={0} value={value.value ? Number(value.value) : null} onChange={(n) => setValue(n === null ? undefined : String(n))} />
        </Form.Item>
      ) : null}
      {value.kind === 'deptFieldLeader' ? <Form.Item label="部门字段"><Select aria-label="部门字段" value={value.value} onChange={setValue} options={fieldsOf(['dept'])} notFoundContent="表单中没有部门字段" /></Form.Item> : null}
      {value.kind === 'field' ? <Form.Item label="成员字段"><Select aria-label="成员字段" value={value.value} onChange={setValue} options={fieldsOf(['user'])} notFoundContent="表单中没有成员字段" /></Form.Item> : null}
    </>
  );
}
