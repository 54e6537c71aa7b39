/**
 * The upload widget (spec 02 §2.5, §5): 上传文件 opens the file chooser, or 选择上传方式 (本地上传 /
 * 高拍仪) when the camera is enabled, and 拖拽上传 when drag upload is enabled; one request per file
 * with progress; only successes kept; 上传成功 only when all succeeded. The list below offers
 * preview, download, rename and delete (FileList).
 */
import { UploadOutlined } from '@ant-design/icons';
import { useField } from '@formily/react';
import { Button } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { Text } from '../../routing/typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { deleteFile, uploadFile, type StoredFile, type UploadedFile } from '../../api/files';
import { isReadableFile } from './fileKinds';
import { useRecordFormInfo } from '../RecordFormContext';

// The camera, drag-and-drop and method dialogs load when one first opens, not with every form page
// (issue 15, goal 6: first-load JavaScript budgets).
// The file list (thumbnails and their viewer, batch actions) and the progress bar load once there
// is a file or an upload to show: an empty field draws only its button.
const FileList = lazy(() => import('../FileList').then((m) => ({ default: m.FileList })));
const Progress = lazy(() => import('../../routing/lazyAntd/Progress'));
const CameraDialog = lazy(() => import('./CameraDialog').then((m) => ({ default: m.CameraDialog })));
const DragUploadDialog = lazy(() => import('./DragUploadDialog').then((m) => ({ default: m.DragUploadDialog })));
const UploadMethodDialog = lazy(() => import('./UploadMethodDialog').then((m) => ({ default: m.UploadMethodDialog })));
import { useUploadSettings } from './useUploadSettings';

/** Spec 02 §5: default maximum upload size in MB. */
export const DEFAULT_MAX_SIZE_MB = 1024;

export interface UploadProps {
  value?: StoredFile[] | null;
  onChange?: (files: StoredFile[]) => void;
  accept?: string;
  multiple?: boolean;
  maxCount?: number;
  maxSize?: number;
  disabled?: boolean;
  /** Shown under the control (recognition status). */
  note?: string;
  thumb?: { width: number; height: number };
  /** Stores one file (default: `/api/common/upload`); recognition fields store and recognise. */
  send?: (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) => Promise<UploadedFile>;
}

/** The field's title, for archive names. */
function useFieldTitle(): string | undefined {
  try {
    const title = useField()?.title;
    return typeof title === 'string' && title ? title : undefined;
  } catch {
    return undefined;
  }
}

/** The upload control. */
export function UploadControl(props: UploadProps) {
  const { message } = useFeedback();
  const settings = useUploadSettings();
  const { mode, uploads } = useRecordFormInfo();
  const title = useFieldTitle();
  const [running, setRunning] = useState<Record<string, { name: string; percent: number }>>({});
  const [dialog, setDialog] = useState<'method' | 'drag' | 'camera' | null>(null);
  // Once a dialog has opened the dialogs stay mounted, so they close with their animation as before.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (dialog && !dialogsUsed) setDialogsUsed(true);
  // Files uploaded while this page is open: on a detail page only these may be renamed or deleted (spec 02 §5).
  const [fresh, setFresh] = useState<Set<string>>(() => new Set());
  const input = useRef<HTMLInputElement>(null);
  // Spec 02 §5: uploads still running when the widget goes away are cancelled.
  const life = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    life.current = controller;
    return () => controller.abort();
  }, []);
  const files = Array.isArray(props.value) ? props.value : [];
  // Several uploads finish at different times: each appends to the latest value, not to its render's.
  const latest = useRef(files);
  latest.current = files;
  const maxSize = props.maxSize ?? settings.maxSizeMb ?? DEFAULT_MAX_SIZE_MB;
  const single = props.maxCount === 1;
  const room = props.maxCount == null || single ? null : Math.max(0, props.maxCount - files.length);
  const full = room === 0;

  const commit = (next: StoredFile[]) => {
    latest.current = next;
    props.onChange?.(next);
  };

  /** Uploads `list`; resolves true when every file was stored. */
  const uploadAll = async (list: File[], signal?: AbortSignal): Promise<boolean> => {
    const tooBig = list.filter((f) => f.size > maxSize * 1024 * 1024);
    if (tooBig.length) message.error(`文件大小超过 ${maxSize}MB${list.length > 1 ? `：${tooBig.map((f) => f.name).join('、')}` : ''}`);
    let todo = list.filter((f) => !tooBig.includes(f));
    if (room !== null && todo.length > room) {
      message.warning(`最多只能上传 ${props.maxCount} 个文件`);
      todo = todo.slice(0, room);
    }
    if (!todo.length) return false;
    const send = props.send ?? ((f: File, on: (p: number) => void, s?: AbortSignal) => uploadFile(f, f.name, on, s));
    const own = life.current.signal;
    const merged = signal ? AbortSignal.any([signal, own]) : own;
    const results = await Promise.all(
      todo.map(async (file) => {
        const key = `${file.name}-${file.size}-${Math.random()}`;
        setRunning((r) => ({ ...r, [key]: { name: file.name, percent: 0 } }));
        const ended = uploads?.begin();
        try {
          const saved = await send(file, (percent) => setRunning((r) => (r[key] ? { ...r, [key]: { ...r[key], percent } } : r)), merged);
          const entry: StoredFile = { name: saved.originalName ?? file.name, url: saved.url, fileName: saved.fileName, size: saved.size };
          commit(single ? [entry] : [...latest.current, entry]);
          setFresh((s) => new Set(s).add(entry.fileName));
          return true;
        } catch (err) {
          if (!merged.aborted) message.error((err as Error).message);
          return false;
        } finally {
          ended?.();
          setRunning((r) => {
            const { [key]: _done, ...rest } = r;
            return rest;
          });
        }
      }),
    );
    const all = results.every(Boolean) && results.length === list.length;
    if (all) message.success('上传成功');
    return all;
  };

  const choose = () => {
    if (settings.cameraEnabled) setDialog('method');
    else if (settings.dragEnabled) setDialog('drag');
    else input.current?.click();
  };
  const local = () => {
    if (settings.dragEnabled) setDialog('drag');
    else {
      setDialog(null);
      input.current?.click();
    }
  };
  const canEdit = (f: StoredFile) => !props.disabled && (mode !== 'detail' || (isReadableFile(f) && fresh.has(f.fileName)));
  const multiple = !!props.multiple && !single;

  return (
    <div>
      {!props.disabled ? (
        <>
          <Button icon={<UploadOutlined />} loading={!settings.ready} disabled={!settings.ready || full || Object.keys(running).length > 0 && single} onClick={choose}>上传文件</Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={props.accept}
            multiple={multiple}
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (chosen.length) void uploadAll(chosen);
            }}
          />
        </>
      ) : null}
      {Object.entries(running).map(([k, r]) => (
        <div key={k}>
          <Text type="secondary" style={{ fontSize: 12 }}>{r.name}</Text>
          <Suspense fallback={null}><Progress percent={r.percent} size="small" /></Suspense>
        </div>
      ))}
      {files.length ? <Suspense fallback={null}><FileList
        files={files}
        thumb={props.thumb}
        batchName={title}
        canEdit={canEdit}
        onRemove={(f) => {
          // An unreadable entry (no key) is removed by identity; a readable one by its key.
          commit(latest.current.filter((x) => x !== f && !(isReadableFile(f) && isReadableFile(x) && x.fileName === f.fileName)));
          // A file uploaded on this page is held by no saved record yet: free it now. A saved
          // record's file stays until the record is saved without it (cancelling keeps it whole).
          if (isReadableFile(f) && fresh.has(f.fileName)) void deleteFile(f.fileName).catch(() => undefined);
        }}
        onRename={(f, name) => commit(latest.current.map((x) => (x.fileName === f.fileName ? { ...x, name } : x)))}
      /></Suspense> : null}
      {props.note ? <Text type="secondary" style={{ fontSize: 12 }}>{props.note}</Text> : null}
      {dialogsUsed ? (
        <Suspense fallback={null}>
          <UploadMethodDialog open={dialog === 'method'} driverUrl={settings.cameraDriverUrl} onCancel={() => setDialog(null)} onLocal={local} onCamera={() => setDialog('camera')} />
          <DragUploadDialog
            open={dialog === 'drag'}
            accept={props.accept}
            multiple={multiple}
            maxSizeMb={maxSize}
            onClose={() => setDialog(null)}
            onUpload={async (list, signal) => {
              await uploadAll(list, signal);
              if (signal.aborted) message.info('取消上传');
            }}
          />
          <CameraDialog open={dialog === 'camera'} base={settings.cameraUrl} room={single ? 1 : room} onClose={() => setDialog(null)} onUpload={(list) => uploadAll(list)} />
        </Suspense>
      ) : null}
    </div>
  );
}
