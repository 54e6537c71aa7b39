/** The drawer of an 审批人 / 抄送人 node: its name, who it goes to, the approval mode, the field rights and the 审批期限. */
import { Drawer, Form, Input, Radio } from 'antd';
import { APPROVE_MODE_LABELS, NODE_TYPE_LABELS, type ApproveMode, type ApproverNode, type CcNode } from '../../../../shared/flows';
import { AssigneeEditor, type FieldOption } from './AssigneeEditor';
import { FieldRightsEditor } from './FieldRightsEditor';
import { DeadlineEditor } from './DeadlineEditor';

export function NodeDrawer({ node, fields, onChange, onClose }: { node: ApproverNode | CcNode | null; fields: FieldOption[]; onChange: (n: ApproverNode | CcNode) => void; onClose: () => void }) {
  return (
    <Drawer title={node ? `设置${NODE_TYPE_LABELS[node.type]}` : ''} width={520} open={!!node} onClose={onClose} destroyOnHidden>
      {node ? (
        <Form layout="vertical">
          <Form.Item label="节点名称"><Input aria-label="节点名称" value={node.name} maxLength={50} onChange={(e) => onChange({ ...node, name: e.target.value })} /></Form.Item>
          <AssigneeEditor what={node.type === 'cc' ? '抄送人' : '审批人'} value={node.assignee} fields={fields} onChange={(assignee) => onChange({ ...node, assignee })} />
          {node.type === 'approver' ? (
            <>
              <Form.Item label="多人审批时">
                <Radio.Group aria-label="多人审批时" value={node.mode} onChange={(e) => onChange({ ...node, mode: e.target.value as ApproveMode })}
                  options={(['any', 'all', 'sequential'] as const).map((m) => ({ value: m, label: APPROVE_MODE_LABELS[m] }))} />
              </Form.Item>
              <DeadlineEditor value={node.deadline} onChange={(deadline) => onChange({ ...node, deadline })} />
              <Form.Item label="字段权限">
                <FieldRightsEditor node={node} fields={fields} onChange={(fieldRights) => onChange({ ...node, fieldRights })} />
              </Form.Item>
            </>
          ) : null}
        </Form>
      ) : null}
    </Drawer>
  );
}
