/** 版本 of a library file: every upload of it, newest first, each downloadable. */
import { Button, Modal, Table } from 'antd';
import type { ResourceNode } from '../../api/resources';
import { useResourceVersions } from '../../controllers/useResourceController';
import { RelativeTime } from '../../routing/RelativeTime';
import { formatSize } from './formatSize';

interface Props {
  file: ResourceNode | undefined;
  onClose: () => void;
  onDownload: (version: number) => void;
}

/** The versions dialog. */
export function ResourceVersionsDialog({ file, onClose, onDownload }: Props) {
  const versions = useResourceVersions(file?.id);
  return (
    <Modal open={!!file} title={`历史版本：${file?.name ?? ''}`} width={600} footer={null} destroyOnHidden onCancel={onClose}>
      <Table
        size="small"
        rowKey="version"
        pagination={false}
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        columns={[
          { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `V${v}${v === file?.version ? '（当前）' : ''}` },
          { title: '大小', dataIndex: 'size', width: 100, render: formatSize },
          { title: '上传时间', dataIndex: 'createTime', render: (t: string) => <RelativeTime value={t} /> },
          { title: '操作', width: 80, render: (_, v) => <Button type="link" size="small" disabled={file?.level === 'view'} onClick={() => onDownload(v.version)}>下载</Button> },
        ]}
      />
    </Modal>
  );
}
