/** 新建文件夹 and 重命名: one name, with the old name shown read-only when renaming (spec 02 §2.5). */
import { Form, Input, Modal } from 'antd';

interface Props {
  open: boolean;
  title: string;
  oldName?: string;
  saving: boolean;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}

// The characters the server refuses in a name.
const BAD = /[\\/:*?"<>|]/;

/** The name dialog. */
export function ResourceNameDialog({ open, title, oldName, saving, onClose, onSave }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => onSave((await form.validateFields()).name.trim())}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ name: oldName ?? '' }}>
        {oldName !== undefined && (
          <Form.Item label="原名称"><Input value={oldName} readOnly /></Form.Item>
        )}
        <Form.Item
          name="name"
          label={oldName !== undefined ? '新名称' : '名称'}
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 120, message: '名称不能超过 120 个字符' },
            { validator: (_, v: string | undefined) => (v && BAD.test(v) ? Promise.reject(new Error('名称不能包含特殊字符：\\ / : * ? " < > |')) : Promise.resolve()) },
          ]}
        >
          <Input placeholder="请输入名称" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
