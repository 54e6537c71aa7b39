/** 重命名: the old name read-only and the new name; the new name goes into the field value (spec 02 §2.5). */
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { renamedFile } from './fileNames';

/** Open while `oldName` is set; `onOk` gets the checked new name. */
export function RenameDialog({ oldName, onOk, onCancel }: { oldName: string | null; onOk: (name: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setValue(oldName ?? '');
    setError(undefined);
  }, [oldName]);
  const submit = () => {
    const r = renamedFile(oldName ?? '', value);
    if ('error' in r) setError(r.error);
    else onOk(r.name);
  };
  return (
    <Modal title="重命名" open={oldName !== null} onOk={submit} onCancel={onCancel} okText="确定" cancelText="取消" destroyOnHidden width={480}>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="原文件名">
          <Input value={oldName ?? ''} readOnly aria-label="原文件名" />
        </Form.Item>
        <Form.Item label="新文件名" validateStatus={error ? 'error' : undefined} help={error}>
          <Input value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={submit} aria-label="新文件名" autoFocus maxLength={120} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
