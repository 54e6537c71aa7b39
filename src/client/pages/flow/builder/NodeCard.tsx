/** One 审批人 / 抄送人 node as a card: its kind, name and who it goes to; a click opens its drawer. */
import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { APPROVE_MODE_LABELS, ASSIGNEE_KIND_LABELS, NODE_TYPE_LABELS, type ApproverNode, type CcNode } from '../../../../shared/flows';

/** Who a node goes to, in words. */
export function assigneeText(n: ApproverNode | CcNode): string {
  const a = n.assignee;
  const kind = ASSIGNEE_KIND_LABELS[a.kind];
  if (a.kind === 'starterLeader') return kind;
  if (a.kind === 'levelLeader') return `发起人的第 ${a.value ?? '?'} 级上级负责人`;
  return a.value ? `${kind}：${a.value}` : `${kind}（未设置）`;
}

export function NodeCard({ node, problem, onOpen, onRemove }: { node: ApproverNode | CcNode; problem?: string; onOpen: () => void; onRemove: () => void }) {
  const mode = node.type === 'approver' ? ` · ${APPROVE_MODE_LABELS[node.mode].replace(/（.*$/, '')}` : '';
  return (
    <Card
      size="small"
      hoverable
      style={{ width: 220, borderColor: problem ? '#ff4d4f' : undefined }}
      title={<span>{NODE_TYPE_LABELS[node.type]}</span>}
      extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label={`删除「${node.name}」`} onClick={(e) => { e.stopPropagation(); onRemove(); }} />}
      onClick={onOpen}
      data-node={node.id}
    >
      <Typography.Text strong>{node.name}</Typography.Text>
      <br />
      <Typography.Text type="secondary">{assigneeText(node)}{mode}</Typography.Text>
      {problem ? <><br /><Typography.Text type="danger">{problem}</Typography.Text></> : null}
    </Card>
  );
}
