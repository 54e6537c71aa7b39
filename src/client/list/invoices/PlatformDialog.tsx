/**
 * The frame of the tax-platform dialogs (发票采集, 状态采集, 发票认证, 同步商品): an antd form in a
 * modal; 确定 checks the required fields (spec 02 §5's messages), runs the call while the button
 * spins, tells what it did (a list of refused items when there are some), and refreshes the list.
 * A refusal is shown by the HTTP client with the server's message and leaves the dialog open.
 */
import { Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useFeedback } from '../../feedback/useFeedback';
import type { OutcomeText } from './outcomeTexts';

export function PlatformDialog<V extends object>(props: {
  title: string;
  width: number;
  /** Runs the call with the checked values; answers what to tell the user. */
  submit(values: V): Promise<OutcomeText>;
  onClose(): void;
  onDone(): void;
  children: (form: FormInstance<V>) => ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const { message, modal } = useFeedback();
  const ok = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const text = await props.submit(values);
      if (text.details.length) {
        void modal.info({ title: text.summary, width: 560, content: <ul style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>{text.details.map((d, i) => <li key={i}>{d}</li>)}</ul> });
      } else {
        void message.success(text.summary);
      }
      props.onDone();
      props.onClose();
    } catch {
      // Shown by the HTTP client; the values stay for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={props.title} width={props.width} onOk={() => void ok()} onCancel={props.onClose} confirmLoading={busy} maskClosable={false} destroyOnHidden>
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} preserve={false}>
        {props.children(form)}
      </Form>
    </Modal>
  );
}
