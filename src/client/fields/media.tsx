/**
 * Media family: upload (to /api/common/upload with progress and the size limit), idCard and invoice
 * (the same, one image each side / one file; recognition only where the server offers it) and
 * qrCode (the record's mobile link as an image).
 */
import { connect, mapReadPretty, useField } from '@formily/react';
import { Space } from 'antd';
import { useFeedback } from '../feedback/useFeedback';
import { lazy, Suspense, useEffect, useState } from 'react';
import { parseIdCard, parseInvoice, uploadFile, type InvoiceParse, type StoredFile } from '../api/files';
import { Text } from '../routing/typography';
import { sessionStore } from '../session/sessionStore';
import { useRecognition } from './data/useRecognition';
import { useRecordFormInfo } from './RecordFormContext';
import { useApplyRecognized } from './useApplyRecognized';
import { DEFAULT_MAX_SIZE_MB, UploadControl, type UploadProps } from './upload/UploadControl';

// Thumbnails and their viewer load only for a field that has files.
const FileList = lazy(() => import('./FileList').then((m) => ({ default: m.FileList })));
// A saved record's QR link, with antd's copy button: antd's full Typography only then (ADR 0408).
const CopyableText = lazy(() => import('../routing/lazyAntd/TypographyText'));

export { DEFAULT_MAX_SIZE_MB };

/**
 * Read-only files (detail pages): preview and download only. With no files the whole form item is
 * hidden (spec 02 §2.5: the widget is hidden on a detail page with no files and not editable).
 */
function FilesText({ value, thumb }: { value?: StoredFile[] | null; thumb?: { width: number; height: number } }) {
  const field = useField();
  const empty = !Array.isArray(value) || value.length === 0;
  const title = typeof field?.title === 'string' ? field.title : undefined;
  useEffect(() => {
    // Only the decorator's style: the field's display state (and so the submit payload) is untouched.
    field?.setDecoratorProps({ style: empty ? { display: 'none' } : undefined });
  }, [field, empty]);
  return empty ? null : <Suspense fallback={null}><FileList files={value} thumb={thumb} batchName={title} /></Suspense>;
}

/** upload. */
export const FileUpload = connect(UploadControl, mapReadPretty(FilesText));

/** idCard: images of the card (120×60 thumbnails); with OCR configured each image is also read and same-name fields filled. */
export const IdCardUpload = connect(
  function IdCardUpload(p: UploadProps) {
    const r = useRecognition();
    const { message } = useFeedback();
    const apply = useApplyRecognized();
    const self = String(useField().path.toString());
    const send = async (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) => {
      const saved = await uploadFile(file, file.name, onProgress, signal);
      // The image is kept whatever the recognition answers; its failure is only a warning.
      parseIdCard(file, file.name).then((data) => apply(data, self), (err: Error) => message.warning(err.message));
      return saved;
    };
    return <UploadControl {...p} maxCount={2} thumb={{ width: 120, height: 60 }} send={r?.idCard ? send : undefined} note={r && !r.idCard ? `身份证识别：${r.message}，图片照常保存` : undefined} />;
  },
  mapReadPretty((p: UploadProps) => <FilesText value={p.value} thumb={{ width: 120, height: 60 }} />),
);

/** The check line under an invoice field after recognition (spec 02 §4, §8). */
export function invoiceCheckText(check: InvoiceParse['check']): { type: 'success' | 'danger' | 'warning'; text: string } | null {
  if (check.checkStatus === 1) return { type: 'success', text: '国税平台查验通过' };
  if (check.checkStatus === -1) return { type: 'danger', text: `国税平台查验不通过：${check.checkError || '请核对发票信息'}` };
  return check.checkError ? { type: 'warning', text: `未能查验：${check.checkError}` } : null;
}

/**
 * invoice: one file; with OCR configured it is stored and read by `/api/ocr/invoice/parse`, same-name
 * fields filled, and the national platform's verdict shown under it (a failure also as a message).
 */
export const InvoiceUpload = connect(
  function InvoiceUpload(p: UploadProps) {
    const r = useRecognition();
    const { message } = useFeedback();
    const apply = useApplyRecognized();
    const self = String(useField().path.toString());
    const [check, setCheck] = useState<ReturnType<typeof invoiceCheckText>>(null);
    const send = async (file: File, onProgress: (percent: number) => void) => {
      setCheck(null);
      try {
        const parsed = await parseInvoice(file, file.name, onProgress);
        apply(parsed.fields, self);
        const line = invoiceCheckText(parsed.check);
        setCheck(line);
        if (line?.type === 'danger') message.error(line.text, 5);
        return parsed.file;
      } catch (err) {
        // Recognition failed: say so and keep the file through the plain upload.
        message.warning((err as Error).message);
        return uploadFile(file, file.name, onProgress);
      }
    };
    const files = Array.isArray(p.value) ? p.value : [];
    return (
      <>
        <UploadControl {...p} maxCount={1} send={r?.invoice ? send : undefined} note={r && !r.invoice ? `发票识别：${r.message}，文件照常保存` : undefined} />
        {check && files.length ? <Text type={check.type} data-testid="invoice-check">{check.text}</Text> : null}
      </>
    );
  },
  mapReadPretty(FilesText),
);

/** The mobile link of a record (spec 01 §2.1: /mmh5 with formName, formId and tenant). */
export function mobileLink(origin: string, formName: string, formId: string | number, tenant: string): string {
  return `${origin}/mmh5?formName=${encodeURIComponent(formName)}&formId=${encodeURIComponent(String(formId))}&tenant=${encodeURIComponent(tenant)}`;
}

/** A qrCode field's link for record `id`: its `linkUrl` with `id` appended, else the record's mobile link. */
export function qrLink(origin: string, formName: string, id: string | number, tenant: string, linkUrl?: string): string {
  return linkUrl ? `${linkUrl}${linkUrl.includes('?') ? '&' : '?'}id=${id}` : mobileLink(origin, formName, id, tenant);
}

/** qrCode: the record's mobile link; shown once the record exists. */
export function QrCode({ linkUrl }: { linkUrl?: string }) {
  const { recordId: id, formName } = useRecordFormInfo();
  const tenant = sessionStore.get().user?.tenantCode ?? 'DEFAULT';
  const [src, setSrc] = useState<string>();
  const link = id && formName ? qrLink(window.location.origin, formName, id, tenant, linkUrl) : null;
  useEffect(() => {
    if (!link) return;
    // Spec 01 §8: a failed QR generation is logged only. The encoder loads only where a qrCode
    // field shows a saved record, not with every form page (issue 15, goal 6).
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(link, { width: 120, margin: 1 }))
      .then(setSrc, (e: unknown) => console.warn('二维码生成失败', e));
  }, [link]);
  if (!link) return <Text type="secondary">保存后生成二维码</Text>;
  return (
    <Space direction="vertical" size={2}>
      {src ? <img src={src} alt="二维码" width={120} height={120} /> : null}
      <Suspense fallback={<Text style={{ fontSize: 12 }}>{link}</Text>}>
        <CopyableText copyable={{ text: link }} style={{ fontSize: 12 }}>{link}</CopyableText>
      </Suspense>
    </Space>
  );
}
