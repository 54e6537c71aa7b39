/** The reset-password prompt: '请输入"{userName}"的新密码'. */
import { Form, Input, Modal } from 'antd';

/** Open while `user` is set. */
export function ResetPasswordPrompt(props: { user: { userName?: string } | undefined; onReset: (password: string) => Promise<void>; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      title="提示"
      open={!!props.user}
      okText="确定"
      cancelText="取消"
      onCancel={props.onClose}
      onOk={() => form.validateFields().then((v) => props.onReset(v.password)).catch(() => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={`请输入"${props.user?.userName ?? ''}"的新密码`}
          rules={[
            { required: true, message: '用户密码不能为空' },
            { min: 5, max: 20, message: '用户密码长度必须介于 5 和 20 之间' },
          ]}
        >
          <Input.Password autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
