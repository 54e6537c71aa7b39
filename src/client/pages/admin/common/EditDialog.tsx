/** A modal form used by the simple administration screens (dictionaries, config, constants). */
import { Form, Modal, type FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';

/** Open while `value` is set; `onSave` gets the merged values. */
export function EditDialog<T extends object>(props: {
  title: string;
  value: Partial<T> | undefined;
  defaults?: Partial<T>;
  saving: boolean;
  onSave: (value: T) => Promise<void>;
  onClose: () => void;
  children: (form: FormInstance<T>) => ReactNode;
}) {
  const [form] = Form.useForm<T>();
  const { value, defaults } = props;
  useEffect(() => {
    if (value) {
      form.resetFields();
      form.setFieldsValue({ ...defaults, ...value } as never);
    }
  }, [form, value, defaults]);
  return (
    <Modal
      title={props.title}
      open={!!value}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={props.saving}
      onCancel={props.onClose}
      onOk={() => form.validateFields().then((v) => props.onSave({ ...value, ...v } as T)).catch(() => undefined)}
      maskClosable={false}
      forceRender
    >
      <Form form={form} name="editDialog" labelCol={{ span: 5 }}>
        {props.children(form)}
      </Form>
    </Modal>
  );
}
