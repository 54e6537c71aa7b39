/**
 * `/online-preview?resourceId={id}[&edit=true]`: a 文档管理 file in the built-in viewer (docs/resources.md
 * "Office files"). Office files are shown as the server's LibreOffice PDF of the current version
 * (`GET /api/office/pdf?resourceId=`, view level); `edit=true` opens the ONLYOFFICE editor (manage
 * level, else read-only). The server checks the level on every call; this page only shows its answers.
 */
import { useQuery } from '@tanstack/react-query';
import { Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { officePdfBlob } from '../../api/files';
import { loadResource } from '../../api/resources';
import { BlobFrame } from './BlobFrame';
import { OnlyofficeEditor } from './OnlyofficeEditor';

/** The library file `id` as PDF, or in the editor with `edit`. */
export function ResourceViewer({ id, edit }: { id: number; edit: boolean }) {
  const node = useQuery({ queryKey: ['resources', 'load', id], queryFn: () => loadResource(id), retry: false });
  const pdf = useQuery({ queryKey: ['office', 'pdf', 'resource', id], queryFn: () => officePdfBlob({ resourceId: id }), enabled: !edit, retry: false, staleTime: Infinity, gcTime: 0 });
  const name = node.data?.name ?? '';
  useEffect(() => {
    if (name) document.title = `${name} - 文件预览`;
  }, [name]);
  let body;
  if (edit) body = <OnlyofficeEditor file={{ resourceId: id }} edit />;
  else if (pdf.isError) body = <Result status="error" title="文件加载失败" subTitle={(pdf.error as Error).message} />;
  else if (!pdf.data) body = <Spin tip="正在加载文件…" style={{ display: 'block', marginTop: 80 }}><div /></Spin>;
  else body = <BlobFrame blob={pdf.data} kind="pdf" name={name} />;
  return (
    <div className="fw-online-preview" style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <header style={{ padding: '8px 16px', background: '#fff', borderBottom: '1px solid #eee' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{name || '文件预览'}</Typography.Title>
      </header>
      <main style={{ padding: 16 }}>{body}</main>
    </div>
  );
}
