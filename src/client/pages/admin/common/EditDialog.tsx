/**
 * The generic dialog (spec 02 §2.5): a modal form with 取消 and 确定, 480 px wide, titled 提示 unless
 * given a title, not closed by a click on the backdrop, 确定 loading while saving. Used by the
 * simple administration screens (dictionaries, config, constants).
 */
import { Form, Modal, type FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';

/** Spec 02 §2.5: the generic dialog's width and default title. */
export const DIALOG_WIDTH = 480;
export const DIALOG_DEFAULT_TITLE = '提示';

/** Open while `value` is set; `onSave` gets the merged values. */
export function EditDialog<T extends object>(props: {
  title?: string;
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
      title={props.title || DIALOG_DEFAULT_TITLE}
      width={DIALOG_WIDTH}
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
