/**
 * 制度编辑: title, rich text (the one TipTap editor, ADR 1050) and attachments from the file store.
 * 保存草稿 saves; 保存并发布 saves, then asks for the recipients (PublishDialog).
 */
import { Button, Form, Input, Modal, Space, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { uploadFile } from '../../api/files';
import type { Policy, PolicyEditBody } from '../../api/policy';
import { LazyRichTextEditor } from '../../fields/richText/LazyRichTextEditor';
import { useFeedback } from '../../feedback/useFeedback';

interface Props {
  /** The policy edited; `{}` for a new one; undefined: closed. */
  value: Partial<Policy> | undefined;
  saving: boolean;
  onClose: () => void;
  /** Saves; `publish`: open the publish dialog afterwards. */
  onSave: (body: PolicyEditBody, publish: boolean) => Promise<void>;
}

type Values = { title: string; content: string | null };

const toUploadFiles = (p: Partial<Policy> | undefined): UploadFile[] =>
  (p?.attachments ?? []).map((a, i) => ({ uid: `saved-${i}`, name: a.name, url: a.url, status: 'done' }));

/** The edit dialog. */
export function PolicyEditDialog({ value, saving, onClose, onSave }: Props) {
  const app = useFeedback();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  // The form mounts afresh on every opening (destroyOnHidden), so initialValues carry the policy; files are state.
  useEffect(() => {
    if (value) setFiles(toUploadFiles(value));
  }, [value]);

  const submit = async (publish: boolean) => {
    const v = await form.validateFields();
    if (files.some((f) => f.status === 'uploading')) {
      void app.message.warning('文件正在上传中，请稍后再试');
      return;
    }
    const attachments = files.filter((f) => f.status === 'done' && f.url).map((f) => ({ name: f.name, url: f.url! }));
    await onSave({ ...(value?.id ? { id: value.id } : {}), title: v.title, content: v.content ?? '', attachments }, publish);
  };

  return (
    <Modal
      open={!!value}
      title={value?.id ? '修改制度' : '新增制度'}
      width={1000}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button loading={saving} onClick={() => void submit(false)}>保存草稿</Button>
          <Button type="primary" loading={saving} onClick={() => void submit(true)}>保存并发布</Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ title: value?.title ?? '', content: value?.content ?? null }}>
        <Form.Item name="title" label="制度标题" rules={[{ required: true, whitespace: true, message: '制度标题不能为空' }, { max: 200, message: '制度标题不能超过200个字符' }]}>
          <Input placeholder="请输入制度标题" maxLength={200} />
        </Form.Item>
        <Form.Item name="content" label="制度内容">
          <LazyRichTextEditor height={420} placeholder="制度内容" />
        </Form.Item>
        <Form.Item label="附件">
          <Upload
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={({ file, onSuccess, onError, onProgress }) => {
              const f = file as File;
              uploadFile(f, f.name, (percent) => onProgress?.({ percent })).then(
                (saved) => {
                  setFiles((list) => list.map((x) => (x.uid === (file as UploadFile).uid ? { ...x, url: saved.url, status: 'done' } : x)));
                  onSuccess?.(saved);
                },
                (e: Error) => {
                  void app.message.error(e.message);
                  onError?.(e);
                },
              );
            }}
          >
            <Button>上传附件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
