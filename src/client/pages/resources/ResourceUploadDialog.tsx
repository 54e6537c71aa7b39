/**
 * 上传 into the open folder by drag and drop (antd Upload.Dragger). A file whose name is already
 * in the folder becomes its new version on the server.
 */
import { InboxOutlined } from '@ant-design/icons';
import { Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../api/http';

interface Props {
  open: boolean;
  folderName: string;
  onClose: () => void;
  onUpload: (file: File, onProgress: (percent: number) => void) => Promise<void>;
}

/** The drag-upload dialog. */
export function ResourceUploadDialog({ open, folderName, onClose, onUpload }: Props) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <Modal
      open={open}
      title={`上传到：${folderName}`}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      afterClose={() => setFiles([])}
      onCancel={onClose}
    >
      <Upload.Dragger
        multiple
        fileList={files}
        onChange={(info) => setFiles(info.fileList)}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          onUpload(file as File, (percent) => onProgress?.({ percent }))
            .then(() => onSuccess?.({}))
            .catch((err: unknown) => onError?.(err instanceof HttpError ? err : new Error(String(err))));
        }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
        <p className="ant-upload-hint">同名文件将作为新版本保存</p>
      </Upload.Dragger>
    </Modal>
  );
}
