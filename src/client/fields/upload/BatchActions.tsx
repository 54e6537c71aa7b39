/** 批量下载 (one zip) and 合并下载 (one PDF) of a field's files (spec 02 §2.5; docs/api.md "Files"). */
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useState } from 'react';
import { downloadZip, mergePdf, type StoredFile } from '../../api/files';
import { saveStoredFile } from '../data/useFileBlobUrl';
import { isMergeableFile } from './fileKinds';
import { storedNameOf } from './fileNames';

/** Saves a blob under `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The two buttons over `files` (the selected ones, or all). */
export function BatchActions({ files, selectedCount, baseName = '附件' }: { files: StoredFile[]; selectedCount: number; baseName?: string }) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState<'zip' | 'pdf' | null>(null);
  const zip = async () => {
    setBusy('zip');
    try {
      saveBlob(await downloadZip(files.map((f) => ({ url: f.url, name: f.name })), `${baseName}.zip`), `${baseName}.zip`);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const merge = async () => {
    const ok = files.filter((f) => isMergeableFile(storedNameOf(f.fileName)));
    const skipped = files.filter((f) => !ok.includes(f));
    if (!ok.length) return void message.warning('没有可合并的文件（仅支持 Office 文档、txt、PDF 和 png / jpg 图片）');
    if (skipped.length) message.warning(`以下文件不能合并，已跳过：${skipped.map((f) => f.name).join('、')}`);
    setBusy('pdf');
    try {
      const merged = await mergePdf(`${baseName}.pdf`, ok.map((f) => f.url));
      await saveStoredFile(merged.fileName, merged.originalName ?? `${baseName}.pdf`);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space size={4} style={{ marginBottom: 4 }}>
      <Button size="small" icon={<DownloadOutlined />} loading={busy === 'zip'} onClick={() => void zip()}>批量下载</Button>
      <Button size="small" icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void merge()}>合并下载</Button>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{selectedCount ? `已选 ${selectedCount} 个文件` : '未选择时处理全部文件'}</Typography.Text>
    </Space>
  );
}
