/** 发布设置: the 消息中心 title template and message type of publications. */
import { Form, Input, Modal, Radio } from 'antd';
import type { PolicySettings } from '../../api/policy';
import { usePolicySettings } from '../../controllers/usePolicyController';

interface Props {
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (s: PolicySettings) => Promise<void>;
}

/** The settings dialog. */
export function PolicySettingsDialog({ open, saving, onClose, onSave }: Props) {
  const [form] = Form.useForm<PolicySettings>();
  const settings = usePolicySettings(open);
  return (
    <Modal open={open} title="发布设置" okText="确定" cancelText="取消" maskClosable={false} confirmLoading={saving} destroyOnHidden onCancel={onClose} onOk={async () => onSave(await form.validateFields())}>
      {/* Drawn once the settings are loaded, so initialValues hold them. */}
      {settings.data && (
      <Form form={form} layout="vertical" preserve={false} initialValues={settings.data}>
        <Form.Item name="titleTemplate" label="消息标题" extra="{title} 为制度标题" rules={[{ required: true, whitespace: true, message: '消息标题不能为空' }, { max: 100, message: '消息标题不能超过100个字符' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="msgType" label="消息类型">
          <Radio.Group options={[{ value: '1', label: '通知' }, { value: '2', label: '公告' }]} />
        </Form.Item>
      </Form>
      )}
    </Modal>
  );
}
