/**
 * The ONLYOFFICE editor in the `/online-preview?…&edit=true` tab (docs/office.md): the server signs
 * the config (`GET /api/office/editor`); the Document Server's api.js is loaded from its own address
 * (allowed by the page CSP only when ONLYOFFICE_URL is configured) and mounts the editor frame.
 * Saving is the Document Server's call to this server's callback, not the browser's.
 */
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { officeEditor, type OfficeFileRef } from '../../api/files';

interface DocsApi {
  DocEditor: new (id: string, config: Record<string, unknown>) => { destroyEditor(): void };
}

/** Loads api.js once per Document Server address. */
const scripts = new Map<string, Promise<DocsApi>>();
function loadDocsApi(serverUrl: string): Promise<DocsApi> {
  let p = scripts.get(serverUrl);
  if (!p) {
    p = new Promise<DocsApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${serverUrl}/web-apps/apps/api/documents/api.js`;
      script.async = true;
      script.onload = () => {
        const api = (window as unknown as { DocsAPI?: DocsApi }).DocsAPI;
        if (api) resolve(api);
        else reject(new Error('在线编辑服务未返回编辑器'));
      };
      script.onerror = () => reject(new Error('无法连接在线编辑服务'));
      document.head.appendChild(script);
    });
    p.catch(() => scripts.delete(serverUrl));
    scripts.set(serverUrl, p);
  }
  return p;
}

const HOLDER_ID = 'fw-onlyoffice-editor';

/** The editor for `file` (an upload or a library file); `edit` asks for the editing mode (the server falls back to viewing without the right). */
export function OnlyofficeEditor({ file, edit }: { file: OfficeFileRef; edit: boolean }) {
  const setup = useQuery({ queryKey: ['office', 'editor', file, edit], queryFn: () => officeEditor(file, edit), retry: false, staleTime: Infinity, gcTime: 0 });
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (!setup.data) return;
    let editor: { destroyEditor(): void } | undefined;
    let gone = false;
    loadDocsApi(setup.data.documentServerUrl)
      .then((api) => {
        if (!gone) editor = new api.DocEditor(HOLDER_ID, { ...setup.data.config, width: '100%', height: '100%' });
      })
      .catch((e: Error) => setFailure(e.message));
    return () => {
      gone = true;
      editor?.destroyEditor();
    };
  }, [setup.data]);
  if (setup.isError) return <Result status="warning" title="无法在线编辑" subTitle={(setup.error as Error).message} />;
  if (failure) return <Result status="error" title="无法在线编辑" subTitle={failure} />;
  if (!setup.data) return <Spin tip="正在打开编辑器…" style={{ display: 'block', marginTop: 80 }}><div /></Spin>;
  return (
    <div style={{ height: 'calc(100vh - 80px)' }}>
      <div id={HOLDER_ID} />
    </div>
  );
}
