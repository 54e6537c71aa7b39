/** A stored file list: image thumbnails (opening the viewer), names with download, remove when editable. */
import { DeleteOutlined, DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
import type { StoredFile } from '../api/files';
import { saveStoredFile, useFileBlobUrl } from './data/useFileBlobUrl';

const IMAGE = /\.(png|jpe?g|webp|gif|jfif)$/i;

/** True for the viewer's image types (spec 02 §9). */
export function isImageFile(name: string): boolean {
  return IMAGE.test(name);
}

function Thumb({ file, size }: { file: StoredFile; size: { width: number; height: number } }) {
  const src = useFileBlobUrl(file.fileName);
  return <Image src={src} alt={file.name} width={size.width} height={size.height} style={{ objectFit: 'cover' }} fallback="" />;
}

/** The files of a field; `onRemove` shows the delete control. */
export function FileList({ files, onRemove, thumb = { width: 60, height: 60 } }: { files: StoredFile[]; onRemove?: (f: StoredFile) => void; thumb?: { width: number; height: number } }) {
  if (!files.length) return null;
  const images = files.filter((f) => isImageFile(f.name));
  const others = files.filter((f) => !isImageFile(f.name));
  return (
    <div className="fw-file-list">
      {images.length ? (
        <Image.PreviewGroup>
          <Space wrap>
            {images.map((f) => (
              <span key={f.fileName} className="fw-file-thumb">
                <Thumb file={f} size={thumb} />
                {onRemove ? <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${f.name}`} onClick={() => onRemove(f)} /> : null}
              </span>
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : null}
      {others.map((f) => (
        <div key={f.fileName} className="fw-file-row">
          <FileOutlined />{' '}
          <Typography.Link onClick={() => void saveStoredFile(f.fileName, f.name)}>{f.name}</Typography.Link>{' '}
          <Button size="small" type="text" icon={<DownloadOutlined />} aria-label={`下载${f.name}`} onClick={() => void saveStoredFile(f.fileName, f.name)} />
          {onRemove ? <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${f.name}`} onClick={() => onRemove(f)} /> : null}
        </div>
      ))}
    </div>
  );
}
