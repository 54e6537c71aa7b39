/**
 * `/online-preview?tenant={tenantCode}&fileId={fileId}` (spec 02 §2.3): the built-in viewer, without
 * the shell's chrome, opened in a new tab. docx through mammoth (rebuilt from a whitelist, no HTML
 * injected), xlsx / xls / csv as tables, PDF in a frame, images and text as they are; doc, ppt,
 * pptx (and any office file on "PDF 视图") as the server's PDF of it (LibreOffice, docs/office.md);
 * other types offer the download. `&edit=true` opens the ONLYOFFICE editor where one is configured.
 * `?resourceId=` shows a file of 文档管理 instead (ResourceViewer.tsx).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { downloadBlob, officePdfBlob } from '../../api/files';
import { getTenantCode } from '../../session/cookies';
import { saveStoredFile } from '../data/useFileBlobUrl';
import { builtinKind, extOf, isOfficeFile } from './fileKinds';
import { BlobFrame } from './BlobFrame';
import { OnlyofficeEditor } from './OnlyofficeEditor';
import { ResourceViewer } from './ResourceViewer';
import { useOfficeStatus } from './useOfficeStatus';
import { storedNameOf } from './fileNames';
import { previewContent, type PreviewContent } from './previewContent';
import '../../session/dayjsLocale';
import { sanitizeDocumentHtml } from './safeHtml';

function Sheet({ rows }: { rows: string[][] }) {
  return (
    <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 140px)' }}>
      <table className="fw-preview-sheet" style={{ borderCollapse: 'collapse', fontSize: 13 }}>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} style={{ border: '1px solid #e5e5e5', padding: '2px 6px', whiteSpace: 'pre' }}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Content({ content, name }: { content: PreviewContent; name: string }) {
  const doc = useMemo(() => (content.kind === 'docx' ? sanitizeDocumentHtml(content.html) : ''), [content]);
  switch (content.kind) {
    case 'docx':
      return <article className="fw-preview-docx" style={{ maxWidth: 900, margin: '0 auto', background: '#fff', padding: 32 }} dangerouslySetInnerHTML={{ __html: doc }} />;
    case 'sheet':
      return (
        <Tabs
          items={content.sheets.map((s) => ({
            key: s.name,
            label: s.name,
            children: (
              <>
                {s.cut ? <Typography.Text type="warning">表格较大，仅显示前部分内容，完整内容请下载查看</Typography.Text> : null}
                <Sheet rows={s.rows} />
              </>
            ),
          }))}
        />
      );
    case 'text':
      return <pre style={{ whiteSpace: 'pre-wrap', background: '#fff', padding: 16 }}>{content.text}</pre>;
    default:
      return <BlobFrame blob={content.blob} kind={content.kind} name={name} />;
  }
}

/** The page; reads `tenant` and `fileId` (or a library file's `resourceId`) from the query string. */
export default function OnlinePreviewPage() {
  const params = new URLSearchParams(window.location.search);
  const resourceId = Number(params.get('resourceId'));
  if (Number.isInteger(resourceId) && resourceId > 0) return <ResourceViewer id={resourceId} edit={params.get('edit') === 'true'} />;
  return <StoredFileViewer params={params} />;
}

/** An upload (`fileId`) in the viewer. */
function StoredFileViewer({ params }: { params: URLSearchParams }) {
  const fileId = params.get('fileId') ?? '';
  const tenant = params.get('tenant') ?? '';
  const name = storedNameOf(fileId);
  const kind = builtinKind(name);
  const edit = params.get('edit') === 'true';
  const sameTenant = !tenant || tenant === getTenantCode();
  const status = useOfficeStatus();
  // docx and sheets render in the browser; "PDF 视图" shows the server's conversion instead.
  const [asPdf, setAsPdf] = useState(kind === 'office');
  const q = useQuery({
    queryKey: ['files', 'preview', fileId, asPdf],
    queryFn: async () => (asPdf ? previewContent('pdf', 'pdf', await officePdfBlob(fileId)) : previewContent(kind!, extOf(name), await downloadBlob(fileId))),
    enabled: !!fileId && !!kind && sameTenant && !edit,
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (name) document.title = `${name} - 文件预览`;
  }, [name]);
  const download = fileId ? <Button icon={<DownloadOutlined />} onClick={() => void saveStoredFile(fileId, name)}>下载</Button> : null;
  let body;
  if (!fileId) body = <Result status="warning" title="缺少要预览的文件" />;
  else if (!sameTenant) body = <Result status="403" title="该文件不属于当前租户，无法预览" />;
  else if (edit) body = <OnlyofficeEditor file={fileId} edit />;
  else if (!kind) body = <Result status="info" title="此类文件暂不支持在线预览，请下载后查看" extra={download} />;
  else if (q.isError) body = <Result status="error" title="文件加载失败" subTitle={(q.error as Error).message} />;
  else if (!q.data) body = <Spin tip="正在加载文件…" style={{ display: 'block', marginTop: 80 }}><div /></Spin>;
  else body = <Content content={q.data} name={name} />;
  return (
    <div className="fw-online-preview" style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 16px', background: '#fff', borderBottom: '1px solid #eee' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{name || '文件预览'}</Typography.Title>
        <Space>
          {kind && kind !== 'office' && isOfficeFile(name) && status?.converter && !edit ? (
            <Button onClick={() => setAsPdf((v) => !v)}>{asPdf ? '原样查看' : 'PDF 视图'}</Button>
          ) : null}
          {kind ? download : null}
        </Space>
      </header>
      <main style={{ padding: 16 }}>{body}</main>
    </div>
  );
}
