/** Per-field rights at an approver node in plain words: 可见 / 可编辑 / 隐藏. */
import { Radio, Table } from 'antd';
import { FIELD_RIGHT_LABELS, type ApproverNode, type FieldRight } from '../../../../shared/flows';
import type { FieldOption } from './AssigneeEditor';

export function FieldRightsEditor({ node, fields, onChange }: { node: ApproverNode; fields: FieldOption[]; onChange: (rights: ApproverNode['fieldRights']) => void }) {
  const rights = node.fieldRights ?? {};
  const set = (field: string, right: FieldRight) => {
    const next = { ...rights };
    if (right === 'visible') delete next[field];
    else next[field] = right;
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <Table<FieldOption>
      size="small"
      rowKey="value"
      pagination={false}
      dataSource={fields}
      columns={[
        { title: '字段', dataIndex: 'label' },
        {
          title: '权限',
          render: (_, f) => (
            <Radio.Group size="small" aria-label={`${f.label}的权限`} value={rights[f.value] ?? 'visible'} onChange={(e) => set(f.value, e.target.value as FieldRight)}
              options={(['visible', 'editable', 'hidden'] as const).map((r) => ({ value: r, label: FIELD_RIGHT_LABELS[r] }))} />
          ),
        },
      ]}
    />
  );
}
