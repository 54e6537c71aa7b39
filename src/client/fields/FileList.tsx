/**
 * A field's stored files (spec 02 §2.5): each with 预览 (images in the viewer, office files, PDFs
 * and sheets in a preview tab), 下载, and — where `canEdit` allows — 重命名 and 删除 (confirmed);
 * with several files, 批量下载 (one zip) and 合并下载 (one PDF) of the selected or all files.
 * A file downloads once at a time and is marked while it does (spec 02 §4).
 */
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FileOutlined, FormOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Checkbox, Image, Space, Tooltip, Typography } from 'antd';
import { useFeedback } from '../feedback/useFeedback';
import { lazy, Suspense, useState } from 'react';
import type { StoredFile } from '../api/files';
import { getTenantCode } from '../session/cookies';
import { saveStoredFile, useFileBlobUrl } from './data/useFileBlobUrl';
import { BatchActions } from './upload/BatchActions';
import { isEditableOffice, isImageFile, isReadableFile, onlinePreviewPath, previewAction } from './upload/fileKinds';
import { storedNameOf } from './upload/fileNames';
import { useUploadSettings } from './upload/useUploadSettings';
import { useOfficeStatus } from './upload/useOfficeStatus';
import { useImageViewer } from './upload/imageViewer';

// The 重命名 dialog (antd Form) loads on the first rename, not with every upload field.
const RenameDialog = lazy(() => import('./upload/RenameDialog').then((m) => ({ default: m.RenameDialog })));

export { isImageFile };

/** Shown beside a file while it downloads (spec 02 §4: 'file is large, downloading, please wait'). */
export const DOWNLOADING_TEXT = '文件较大，正在下载，请稍候';

/** Shown in place of a stored entry the page cannot read (issue 11 item 6). */
export const BROKEN_FILE_TEXT = '文件信息不完整';

export { isReadableFile };

interface Props {
  files: StoredFile[];
  thumb?: { width: number; height: number };
  /** Whether rename / delete are offered for a file (absent: never). */
  canEdit?: (f: StoredFile) => boolean;
  onRemove?: (f: StoredFile) => void;
  onRename?: (f: StoredFile, name: string) => void;
  /** The base of generated archive names (the field's label). */
  batchName?: string;
}

function Thumb({ file, size }: { file: StoredFile; size: { width: number; height: number } }) {
  const src = useFileBlobUrl(file.fileName);
  return <Image src={src} alt={file.name} width={size.width} height={size.height} style={{ objectFit: 'cover' }} fallback="" />;
}

/** The files of a field with their actions. */
export function FileList({ files: all, thumb = { width: 60, height: 60 }, canEdit, onRemove, onRename, batchName }: Props) {
  const { modal, message } = useFeedback();
  const settings = useUploadSettings();
  // 在线编辑 exists only where an ONLYOFFICE Document Server is configured (docs/office.md).
  const onlineEdit = useOfficeStatus()?.onlineEdit === true;
  const [renaming, setRenamingState] = useState<StoredFile | null>(null);
  // Kept mounted after the first rename so the dialog still animates closed.
  const [renamed, setRenamed] = useState(false);
  const setRenaming = (f: StoredFile | null) => { if (f) setRenamed(true); setRenamingState(f); };
  const [selected, setSelected] = useState<string[]>([]);
  const [viewer, setViewer] = useState<{ open: boolean; current: number }>({ open: false, current: 0 });
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const files = all.filter(isReadableFile);
  const broken = all.filter((f) => !isReadableFile(f));
  const images = files.filter((f) => isImageFile(storedNameOf(f.fileName)) || isImageFile(f.name));
  const viewerProps = useImageViewer({
    open: viewer.open,
    current: viewer.current,
    total: images.length,
    loop: settings.previewLoop,
    onCurrent: (current) => setViewer((v) => ({ ...v, current })),
  });
  if (!all.length) return null;
  const download = async (f: StoredFile) => {
    if (downloading.has(f.fileName)) return;
    setDownloading((s) => new Set(s).add(f.fileName));
    try {
      await saveStoredFile(f.fileName, f.name);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setDownloading((s) => {
        const next = new Set(s);
        next.delete(f.fileName);
        return next;
      });
    }
  };
  const preview = (f: StoredFile) => {
    const action = previewAction({ ...f, name: storedNameOf(f.fileName) || f.name }, settings, getTenantCode(), window.location.origin);
    if (action.kind === 'image') setViewer({ open: true, current: Math.max(0, images.indexOf(f)) });
    else if (action.kind === 'tab') window.open(action.url, '_blank', 'noopener');
    else void download(f);
  };
  const remove = (f: StoredFile) =>
    modal.confirm({
      title: '提示',
      content: `确定删除文件「${f.name}」吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        setSelected((s) => s.filter((k) => k !== f.fileName));
        onRemove?.(f);
      },
    });
  const chosen = selected.length ? files.filter((f) => selected.includes(f.fileName)) : files;
  return (
    <div className="fw-file-list">
      {files.length > 1 ? <BatchActions files={chosen} selectedCount={selected.length} baseName={batchName} /> : null}
      <Image.PreviewGroup preview={{ ...viewerProps, visible: viewer.open, current: viewer.current, onVisibleChange: (open) => setViewer((v) => ({ ...v, open })), onChange: (current) => setViewer((v) => ({ ...v, current })) }}>
        {files.map((f) => {
          const editable = canEdit?.(f) ?? false;
          return (
            <div key={f.fileName} className="fw-file-row" data-file={f.name} style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '2px 0' }}>
              {files.length > 1 ? (
                <Checkbox aria-label={`选择${f.name}`} checked={selected.includes(f.fileName)} onChange={(e) => setSelected((s) => (e.target.checked ? [...s, f.fileName] : s.filter((k) => k !== f.fileName)))} />
              ) : null}
              {images.includes(f) ? <Thumb file={f} size={thumb} /> : <FileOutlined />}
              <Typography.Link className="fw-file-name" onClick={() => preview(f)} style={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{f.name}</Typography.Link>
              {downloading.has(f.fileName) ? <Typography.Text type="danger" className="fw-file-downloading">{DOWNLOADING_TEXT}</Typography.Text> : null}
              <Space size={0}>
                <Tooltip title="预览"><Button size="small" type="text" icon={<EyeOutlined />} aria-label={`预览${f.name}`} onClick={() => preview(f)} /></Tooltip>
                <Tooltip title="下载"><Button size="small" type="text" icon={<DownloadOutlined />} aria-label={`下载${f.name}`} loading={downloading.has(f.fileName)} onClick={() => void download(f)} /></Tooltip>
                {editable && onlineEdit && isEditableOffice(storedNameOf(f.fileName) || f.name) ? (
                  <Tooltip title="在线编辑"><Button size="small" type="text" icon={<FormOutlined />} aria-label={`在线编辑${f.name}`} onClick={() => window.open(onlinePreviewPath(getTenantCode(), f.fileName, true), '_blank', 'noopener')} /></Tooltip>
                ) : null}
                {editable && onRename ? <Tooltip title="重命名"><Button size="small" type="text" icon={<EditOutlined />} aria-label={`重命名${f.name}`} onClick={() => setRenaming(f)} /></Tooltip> : null}
                {editable && onRemove ? <Tooltip title="删除"><Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${f.name}`} onClick={() => remove(f)} /></Tooltip> : null}
              </Space>
            </div>
          );
        })}
      </Image.PreviewGroup>
      {broken.map((f, i) => (
        <div key={`broken-${i}`} className="fw-file-row fw-file-broken" style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '2px 0' }}>
          <WarningOutlined />
          <Typography.Text type="secondary">{BROKEN_FILE_TEXT}</Typography.Text>
          {canEdit?.(f) && onRemove ? (
            <Tooltip title="删除"><Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${BROKEN_FILE_TEXT}`} onClick={() => onRemove(f)} /></Tooltip>
          ) : null}
        </div>
      ))}
      {renamed ? (
        <Suspense fallback={null}>
          <RenameDialog
            oldName={renaming?.name ?? null}
            onCancel={() => setRenaming(null)}
            onOk={(name) => {
              if (renaming) onRename?.(renaming, name);
              setRenaming(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
