/**
 * Media family: upload (to /api/common/upload with progress and the size limit), idCard and invoice
 * (the same, one image each side / one file; recognition only where the server offers it) and
 * qrCode (the record's mobile link as an image).
 */
import { UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty, useField } from '@formily/react';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { parseIdCard, parseInvoice, uploadFile, type StoredFile, type UploadedFile } from '../api/files';
import { sessionStore } from '../session/sessionStore';
import { useRecognition } from './data/useRecognition';
import { FileList } from './FileList';
import { useRecordFormInfo } from './RecordFormContext';
import { useApplyRecognized } from './useApplyRecognized';

/** Spec 02 §5: default maximum upload size in MB. */
export const DEFAULT_MAX_SIZE_MB = 1024;

interface UploadProps {
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
  send?: (file: File, onProgress: (percent: number) => void) => Promise<UploadedFile>;
}

/** The upload control: one request per file, progress while it runs, only successes kept. */
function UploadControl(props: UploadProps) {
  const { message } = App.useApp();
  const [running, setRunning] = useState<Record<string, number>>({});
  const files = Array.isArray(props.value) ? props.value : [];
  const maxSize = props.maxSize ?? DEFAULT_MAX_SIZE_MB;
  const full = props.maxCount != null && files.length >= props.maxCount;
  const start = async (file: File) => {
    if (file.size > maxSize * 1024 * 1024) {
      message.error(`文件大小超过 ${maxSize}MB`);
      return;
    }
    const key = `${file.name}-${file.size}-${Date.now()}`;
    setRunning((r) => ({ ...r, [key]: 0 }));
    try {
      const progress = (p: number) => setRunning((r) => ({ ...r, [key]: p }));
      const saved = await (props.send ?? ((f: File, on: (p: number) => void) => uploadFile(f, f.name, on)))(file, progress);
      const entry: StoredFile = { name: saved.originalName ?? file.name, url: saved.url, fileName: saved.fileName, size: saved.size };
      const base = props.maxCount === 1 ? [] : files;
      props.onChange?.([...base, entry]);
      message.success('上传成功');
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setRunning((r) => { const { [key]: _done, ...rest } = r; return rest; });
    }
  };
  return (
    <div>
      {!props.disabled ? (
        <Upload accept={props.accept} multiple={props.multiple && props.maxCount !== 1} showUploadList={false} beforeUpload={(file) => { void start(file); return false; }} disabled={full && props.maxCount !== 1}>
          <Button icon={<UploadOutlined />}>上传文件</Button>
        </Upload>
      ) : null}
      {Object.entries(running).map(([k, p]) => <Progress key={k} percent={p} size="small" />)}
      <FileList files={files} thumb={props.thumb} onRemove={props.disabled ? undefined : (f) => props.onChange?.(files.filter((x) => x.fileName !== f.fileName))} />
      {props.note ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{props.note}</Typography.Text> : null}
    </div>
  );
}

const FilesText = ({ value, thumb }: { value?: StoredFile[] | null; thumb?: { width: number; height: number } }) =>
  Array.isArray(value) && value.length ? <FileList files={value} thumb={thumb} /> : <span className="fw-empty-text">-</span>;

/** The upload size limit from the tenant configuration (`sys.upload.maxSize`), else 1024 MB. */
function configuredMaxSize(): number | undefined {
  const n = Number(sessionStore.get().config['sys.upload.maxSize']);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** upload. */
export const FileUpload = connect((p: UploadProps) => <UploadControl maxSize={configuredMaxSize()} {...p} />, mapReadPretty(FilesText));

/** idCard: images of the card (120×60 thumbnails); with OCR configured each image is also read and same-name fields filled. */
export const IdCardUpload = connect(
  function IdCardUpload(p: UploadProps) {
    const r = useRecognition();
    const { message } = App.useApp();
    const apply = useApplyRecognized();
    const self = String(useField().path.toString());
    const send = async (file: File, onProgress: (percent: number) => void) => {
      const saved = await uploadFile(file, file.name, onProgress);
      // The image is kept whatever the recognition answers; its failure is only a warning.
      parseIdCard(file, file.name).then((data) => apply(data, self), (err: Error) => message.warning(err.message));
      return saved;
    };
    return <UploadControl {...p} maxCount={2} thumb={{ width: 120, height: 60 }} send={r?.idCard ? send : undefined} note={r && !r.idCard ? `身份证识别：${r.message}，图片照常保存` : undefined} />;
  },
  mapReadPretty((p: UploadProps) => <FilesText value={p.value} thumb={{ width: 120, height: 60 }} />),
);

/** invoice: one file; with OCR configured it is stored and read by `/api/ocr/invoice/parse` and same-name fields filled. */
export const InvoiceUpload = connect(
  function InvoiceUpload(p: UploadProps) {
    const r = useRecognition();
    const { message } = App.useApp();
    const apply = useApplyRecognized();
    const self = String(useField().path.toString());
    const send = async (file: File, onProgress: (percent: number) => void) => {
      try {
        const parsed = await parseInvoice(file, file.name, onProgress);
        apply(parsed.fields, self);
        return parsed.file;
      } catch (err) {
        // Recognition failed: say so and keep the file through the plain upload.
        message.warning((err as Error).message);
        return uploadFile(file, file.name, onProgress);
      }
    };
    return <UploadControl {...p} maxCount={1} send={r?.invoice ? send : undefined} note={r && !r.invoice ? `发票识别：${r.message}，文件照常保存` : undefined} />;
  },
  mapReadPretty(FilesText),
);

/** The mobile link of a record (spec 01 §2.1: /mmh5 with formName, formId and tenant). */
export function mobileLink(origin: string, formName: string, formId: string | number, tenant: string): string {
  return `${origin}/mmh5?formName=${encodeURIComponent(formName)}&formId=${encodeURIComponent(String(formId))}&tenant=${encodeURIComponent(tenant)}`;
}

/** qrCode: the record's mobile link; shown once the record exists. */
export function QrCode({ linkUrl }: { linkUrl?: string }) {
  const { recordId: id, formName } = useRecordFormInfo();
  const tenant = sessionStore.get().user?.tenantCode ?? 'DEFAULT';
  const [src, setSrc] = useState<string>();
  const link = id && formName ? (linkUrl ? `${linkUrl}${linkUrl.includes('?') ? '&' : '?'}id=${id}` : mobileLink(window.location.origin, formName, id, tenant)) : null;
  useEffect(() => {
    if (!link) return;
    // Spec 01 §8: a failed QR generation is logged only.
    QRCode.toDataURL(link, { width: 120, margin: 1 }).then(setSrc, (e: unknown) => console.warn('二维码生成失败', e));
  }, [link]);
  if (!link) return <Typography.Text type="secondary">保存后生成二维码</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {src ? <img src={src} alt="二维码" width={120} height={120} /> : null}
      <Typography.Text copyable={{ text: link }} style={{ fontSize: 12 }}>{link}</Typography.Text>
    </Space>
  );
}
