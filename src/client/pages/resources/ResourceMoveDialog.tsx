/** 移动: choose the target folder (全部文档 is the top). The server refuses moves into a node's own subtree. */
import { Form, Modal, TreeSelect } from 'antd';
import type { FolderNode } from '../../controllers/useResourceController';

interface Props {
  open: boolean;
  count: number;
  tree: FolderNode[];
  canAddRoot: boolean;
  saving: boolean;
  onClose: () => void;
  onMove: (parentId: number) => Promise<void>;
}

type Option = { value: number; title: string; disabled?: boolean; children?: Option[] };
const toOptions = (nodes: FolderNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, disabled: n.level !== 'manage', children: n.children.length ? toOptions(n.children) : undefined }));

/** The move dialog. */
export function ResourceMoveDialog({ open, count, tree, canAddRoot, saving, onClose, onMove }: Props) {
  const [form] = Form.useForm<{ parentId: number }>();
  return (
    <Modal
      open={open}
      title={`移动 ${count} 项`}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => onMove((await form.validateFields()).parentId)}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="parentId" label="目标文件夹" rules={[{ required: true, message: '请选择目标文件夹' }]}>
          <TreeSelect
            aria-label="目标文件夹"
            placeholder="请选择目标文件夹"
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={[{ value: 0, title: '全部文档', disabled: !canAddRoot, children: toOptions(tree) }]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
