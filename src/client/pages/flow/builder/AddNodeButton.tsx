/** The 「+」 between two nodes: adds an 审批人, 抄送人 or 条件分支 there. */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { NODE_TYPE_LABELS, type BuilderNode } from '../../../../shared/flows';

export function AddNodeButton({ onAdd, label }: { onAdd: (type: BuilderNode['type']) => void; label: string }) {
  const items = (['approver', 'cc', 'branch'] as const).map((t) => ({ key: t, label: NODE_TYPE_LABELS[t], onClick: () => onAdd(t) }));
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button shape="circle" size="small" icon={<PlusOutlined />} aria-label={label} />
    </Dropdown>
  );
}
