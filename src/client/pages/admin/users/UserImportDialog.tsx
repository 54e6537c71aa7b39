/**
 * 用户导入 (spec 01 §2.5 and spec 02 §2.5 import dialog): one .xls/.xlsx by drag or click, the
 * template link, "update existing users", and the server's message in an alert titled 导入结果.
 * A refused sheet keeps the dialog open and lists the server's line errors (第N行…).
 */
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Upload, type UploadFile } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import { HttpError } from '../../../api/http';
import type { FieldError } from '../../../../shared/envelope';

/** Spec 01 §2.5: the hint, also the refusal of any other file. */
export const IMPORT_HINT = '提示：仅允许导入“xls”或“xlsx”格式文件！';
const SHEET_NAME = /\.(xls|xlsx)$/i;

/** Open while `open`; `onImport` resolves with the server's answer (its `msg` is shown). */
export function UserImportDialog(props: {
  open: boolean;
  importing: boolean;
  onImport: (file: File, updateSupport: boolean) => Promise<{ msg: string }>;
  onDownloadTemplate: () => Promise<void>;
  onClose: () => void;
}) {
  const { message, modal } = useFeedback();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const close = () => {
    setFiles([]);
    setErrors([]);
    setUpdateSupport(false);
    props.onClose();
  };
  const submit = async () => {
    const file = files[0]?.originFileObj;
    if (!file) {
      void message.warning('请选择上传文件');
      return;
    }
    setErrors([]);
    try {
      const res = await props.onImport(file, updateSupport);
      close();
      modal.info({ title: '导入结果', content: res.msg, okText: '确定' });
    } catch (err) {
      // The HTTP client already showed the message; the dialog keeps the line errors in view.
      if (err instanceof HttpError) setErrors(err.errors?.length ? err.errors : [{ field: '', message: err.message }]);
    }
  };
  return (
    <Modal
      title="用户导入"
      open={props.open}
      width={400}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={props.importing}
      onOk={() => void submit()}
      onCancel={close}
      maskClosable={false}
    >
      <Upload.Dragger
        accept=".xls,.xlsx"
        maxCount={1}
        fileList={files}
        beforeUpload={(file) => {
          if (!SHEET_NAME.test(file.name)) {
            void message.error(IMPORT_HINT);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => {
          setErrors([]);
          setFiles(fileList.slice(-1));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
      </Upload.Dragger>
      <div style={{ marginTop: 8 }}>
        <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
          是否更新已经存在的用户数据
        </Checkbox>
      </div>
      <div style={{ marginTop: 4, color: 'rgba(0,0,0,0.45)' }}>
        <span>{IMPORT_HINT}</span>
        <Button type="link" size="small" onClick={() => void props.onDownloadTemplate().catch(() => undefined)}>
          下载模板
        </Button>
      </div>
      {errors.length ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message="导入失败，未导入任何数据"
          description={
            <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflow: 'auto' }}>
              {errors.map((e, i) => (
                <li key={i}>{e.field ? `${e.field}：${e.message}` : e.message}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
