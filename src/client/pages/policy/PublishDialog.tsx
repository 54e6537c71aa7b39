/** 发布制度: choose the users and departments notified in 消息中心 (issue 34 item 3). */
import { Form, Modal, Select, TreeSelect } from 'antd';
import type { Policy } from '../../api/policy';
import { useRecipientOptions } from '../../controllers/usePolicyController';
import { toTreeSelect } from '../admin/common/toTreeSelect';

interface Props {
  policy: Policy | undefined;
  publishing: boolean;
  onClose: () => void;
  onPublish: (recipients: { userIds: number[]; deptIds: number[] }) => Promise<void>;
}

type Values = { userIds: number[]; deptIds: number[] };

/** The publish dialog, prefilled with the policy's saved recipients. */
export function PublishDialog({ policy, publishing, onClose, onPublish }: Props) {
  const [form] = Form.useForm<Values>();
  const options = useRecipientOptions(!!policy);
  return (
    <Modal
      open={!!policy}
      title={`发布制度：${policy?.title ?? ''}`}
      okText="发布"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={publishing}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await onPublish({ userIds: v.userIds ?? [], deptIds: v.deptIds ?? [] });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ userIds: policy?.userIds ?? [], deptIds: policy?.deptIds ?? [] }}>
        <Form.Item
          name="userIds"
          label="通知人员"
          dependencies={['deptIds']}
          rules={[({ getFieldValue }) => ({ validator: (_, v: number[] | undefined) => (v?.length || getFieldValue('deptIds')?.length ? Promise.resolve() : Promise.reject(new Error('请选择通知的人员或部门'))) })]}
        >
          <Select mode="multiple" allowClear showSearch optionFilterProp="label" placeholder="请选择人员" options={options.users} />
        </Form.Item>
        <Form.Item name="deptIds" label="通知部门（含下级部门）">
          <TreeSelect multiple allowClear treeDefaultExpandAll placeholder="请选择部门" treeData={toTreeSelect(options.depts)} treeNodeFilterProp="title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
