/** 选择上传方式: local file or the document camera, with the camera driver's download link (spec 02 §2.5). */
import { CameraOutlined, DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';

/** The chooser; `onLocal` / `onCamera` close it and open the chosen way. */
export function UploadMethodDialog({ open, driverUrl, onLocal, onCamera, onCancel }: { open: boolean; driverUrl: string | null; onLocal: () => void; onCamera: () => void; onCancel: () => void }) {
  return (
    <Modal title="选择上传方式" open={open} onCancel={onCancel} footer={null} width={420} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space style={{ width: '100%', justifyContent: 'center' }} size="large">
          <Button size="large" icon={<FolderOpenOutlined />} onClick={onLocal}>本地上传</Button>
          <Button size="large" icon={<CameraOutlined />} onClick={onCamera}>高拍仪</Button>
        </Space>
        {driverUrl ? (
          <Typography.Link href={driverUrl} target="_blank" rel="noopener noreferrer">
            <DownloadOutlined /> 下载高拍仪驱动
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">使用高拍仪前请先安装设备驱动</Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
