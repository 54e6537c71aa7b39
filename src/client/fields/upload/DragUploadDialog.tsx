/**
 * 拖拽上传 (spec 02 §2.5, §5): files are dropped (or chosen) into the dialog, oversize ones are
 * dropped with a warning naming them; 上传 sends the rest; closing while uploading asks first and
 * cancels the uploads.
 */
import { InboxOutlined } from '@ant-design/icons';
import { Button, Modal, Typography, Upload } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useRef, useState } from 'react';

interface Props {
  open: boolean;
  accept?: string;
  multiple: boolean;
  maxSizeMb: number;
  /** Uploads the files; resolves when every upload has ended. */
  onUpload: (files: File[], signal: AbortSignal) => Promise<void>;
  onClose: () => void;
}

/** The drag dialog. */
export function DragUploadDialog({ open, accept, multiple, maxSizeMb, onUpload, onClose }: Props) {
  const { message, modal } = useFeedback();
  const [pending, setPending] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const add = (files: File[]) => {
    const tooBig = files.filter((f) => f.size > maxSizeMb * 1024 * 1024);
    if (tooBig.length) message.warning(`文件大小超过 ${maxSizeMb}MB：${tooBig.map((f) => f.name).join('、')}`);
    const fit = files.filter((f) => !tooBig.includes(f));
    setPending((p) => (multiple ? [...p, ...fit] : fit.slice(-1)));
  };
  const close = () => {
    setPending([]);
    onClose();
  };
  const cancel = () => {
    if (!uploading) return close();
    modal.confirm({
      title: '提示',
      content: '确定取消上传吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => abort.current?.abort(),
    });
  };
  const start = async () => {
    if (!pending.length) return void message.warning('请先选择文件');
    abort.current = new AbortController();
    setUploading(true);
    try {
      await onUpload(pending, abort.current.signal);
    } finally {
      setUploading(false);
      abort.current = null;
      close();
    }
  };
  return (
    <Modal
      title="拖拽上传"
      open={open}
      onCancel={cancel}
      maskClosable={false}
      width={560}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={cancel}>取消</Button>,
        <Button key="ok" type="primary" loading={uploading} onClick={() => void start()}>上传</Button>,
      ]}
    >
      <Upload.Dragger
        accept={accept}
        multiple={multiple}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(file, list) => {
          // antd calls this once per file of a drop; take the whole drop on its last file.
          if (file === list[list.length - 1]) add(list as File[]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">将文件拖到此处，或点击选择文件</p>
        <p className="ant-upload-hint">单个文件不超过 {maxSizeMb}MB</p>
      </Upload.Dragger>
      {pending.map((f, i) => (
        <div key={`${f.name}-${i}`} className="fw-file-row">
          <Typography.Text>{f.name}</Typography.Text>{' '}
          {!uploading ? <Button size="small" type="link" danger onClick={() => setPending((p) => p.filter((x) => x !== f))}>移除</Button> : null}
        </div>
      ))}
    </Modal>
  );
}
