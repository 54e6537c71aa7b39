/**
 * File calls (spec 02 §7 "Uploads, files"): upload with progress, download as a blob, and whether
 * recognition services are configured. Uploads use XMLHttpRequest because fetch reports no upload
 * progress; the token and the error messages follow http.ts.
 */
import type { Static } from 'typebox';
import type { InvoiceParsed, RecognitionStatusSchema, StoredFile as ContractStoredFile } from '../../shared/contract/files';
import type { OfficeEditorAnswer, OfficeStatusAnswer } from '../../shared/contract/office';
import { getToken } from '../session/cookies';
import { get, HttpError, post } from './http';
import type { DataResponse } from './types';

/** What `/api/common/upload` answers for one file (the contract's `StoredFile`: key, download url, size, object-store url, original name). */
export type UploadedFile = Static<typeof ContractStoredFile>;

/** A file as upload fields store it in a record: the upload answer's url, key and size, and its original name as `name`. */
export type StoredFile = Pick<UploadedFile, 'url' | 'fileName'> & Partial<Pick<UploadedFile, 'size'>> & { name: UploadedFile['originalName'] };

/** `POST /api/common/download/zip`: the files (by url, with the name each gets in the archive) as one zip. */
export function downloadZip(files: { url: string; name?: string }[], fileName?: string): Promise<Blob> {
  return post<Blob>('/common/download/zip', { files, ...(fileName ? { fileName } : {}) }, { responseType: 'blob' });
}

/**
 * `POST /api/office/merge/pdf` `{fileName, urls}`: office files (converted by the server), PDFs and
 * images merged in order into one stored PDF; the answer's `msg` is its url.
 */
export async function mergePdf(fileName: string, urls: string[]): Promise<UploadedFile> {
  return (await post<DataResponse<UploadedFile>>('/office/merge/pdf', { fileName, urls })).data;
}

/** `POST /api/office/merge/pdf` `{fileName, resourceIds}`: library files (download level) merged in order into one stored PDF. */
export async function mergeResourcesPdf(fileName: string, resourceIds: number[]): Promise<UploadedFile> {
  return (await post<DataResponse<UploadedFile>>('/office/merge/pdf', { fileName, resourceIds })).data;
}

/** An office call's file: an upload (key or download url) or a library file by id. */
export type OfficeFileRef = string | { resourceId: number };
const refQuery = (ref: OfficeFileRef) => (typeof ref === 'string' ? { fileName: ref } : { resourceId: ref.resourceId });

/** `GET /api/office/status`: whether the server converts office files to PDF, and whether online editing is on. */
export type OfficeStatus = Static<typeof OfficeStatusAnswer>['data'];
export async function officeStatus(): Promise<OfficeStatus> {
  return (await get<DataResponse<OfficeStatus>>('/office/status')).data;
}

/** `GET /api/office/pdf?fileName=` (or `resourceId=`): the PDF of an office file (converted on the server, cached by content). */
export function officePdfBlob(ref: OfficeFileRef): Promise<Blob> {
  return get<Blob>('/office/pdf', refQuery(ref), { responseType: 'blob' });
}

/** `GET /api/office/editor?fileName=(or resourceId=)&edit=`: the Document Server's address and the signed editor config. */
export type OfficeEditor = Static<typeof OfficeEditorAnswer>['data'];
export async function officeEditor(ref: OfficeFileRef, edit: boolean): Promise<OfficeEditor> {
  return (await get<DataResponse<OfficeEditor>>('/office/editor', { ...refQuery(ref), ...(edit ? { edit: true } : {}) })).data;
}

/**
 * Posts one file as multipart field `file` to `url` with progress; resolves the whole JSON answer
 * (code 200). `fields` go before the file (the server reads them with the file part).
 */
export function postFile<T>(url: string, file: Blob, name: string, onProgress?: (percent: number) => void, signal?: AbortSignal, fields?: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100)); };
    xhr.onload = () => {
      let body: { code?: number; msg?: string; data?: unknown } = {};
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON: reported below */ }
      if (xhr.status === 200 && body.code === 200 && body.data) resolve(body as T);
      else reject(new HttpError(body.msg || `系统接口${xhr.status}异常`, body.code ?? xhr.status));
    };
    xhr.onerror = () => reject(new HttpError('您的当前网络不稳定，请关注', 0));
    xhr.onabort = () => reject(new HttpError('取消上传', 0));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
    form.append('file', file, name);
    xhr.send(form);
  });
}

/** `POST /api/common/upload` (multipart field `file`); `onProgress` gets 0–100; `signal` cancels. */
export async function uploadFile(file: Blob, name: string, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  return (await postFile<DataResponse<UploadedFile>>('/api/common/upload', file, name, onProgress, signal)).data;
}

/** What `/api/ocr/invoice/parse` answers in `data` (the contract's `InvoiceParsed`). */
type InvoiceParsedAnswer = Static<typeof InvoiceParsed>;

/** The invoice parse as the field uses it (spec 02 §3): the stored image, and the recognised fields and item lines of the contract's `InvoiceResult`. */
export interface InvoiceParse {
  file: UploadedFile;
  /** The national platform's verdict (spec 02 §4): -1 failed with `checkError`, 1 passed, null unchecked (`checkError` then says why, if the check was tried). */
  check: { checkStatus: number | null; checkError: string | null };
  fields: InvoiceParsedAnswer['result']['fields'];
  items: InvoiceParsedAnswer['result']['item_list'];
}

/** `POST /api/ocr/invoice/parse`: stores the invoice image and recognises it. */
export async function parseInvoice(file: Blob, name: string, onProgress?: (percent: number) => void): Promise<InvoiceParse> {
  const body = await postFile<DataResponse<InvoiceParsedAnswer>>('/api/ocr/invoice/parse', file, name, onProgress);
  const { result, ...stored } = body.data;
  const check = { checkStatus: stored.invoice?.checkStatus ?? null, checkError: stored.invoice?.checkError ?? null };
  return { file: stored, check, fields: result?.fields ?? {}, items: result?.item_list ?? [] };
}

/** `POST /api/ocr/idCard/parse`: the fields read from an ID-card image (name, ethnicity, idNumber, …). */
export async function parseIdCard(file: Blob, name: string): Promise<Record<string, unknown>> {
  return (await postFile<DataResponse<Record<string, unknown>>>('/api/ocr/idCard/parse', file, name)).data;
}

/** `GET /api/common/company/creditInfoQuery?keyword`: the company's registered details. */
export async function lookupCompany(keyword: string): Promise<Record<string, unknown>> {
  return (await get<DataResponse<Record<string, unknown>>>('/common/company/creditInfoQuery', { keyword })).data ?? {};
}

/** `GET /api/common/download?fileName=…` as a blob (images are shown through object URLs). */
export function downloadBlob(fileName: string, inline = false): Promise<Blob> {
  return get<Blob>('/common/download', { fileName, ...(inline ? { inline: true } : {}) }, { responseType: 'blob' });
}

/** `POST /api/common/file/delete` `{fileName}`: deletes a stored file (the server checks who may). */
export async function deleteFile(fileName: string): Promise<void> {
  await post('/common/file/delete', { fileName });
}

/** The stored key of a `/api/common/download?fileName=…` URL (as the server hands out), else undefined. */
export function downloadKeyOf(url: string): string | undefined {
  const match = /^(?:\/api)?\/common\/download\?(.*)$/.exec(url);
  return match ? new URLSearchParams(match[1]).get('fileName') || undefined : undefined;
}

/** Which recognitions the server offers (`idCard`, `invoice`, `business`) and the message when off. */
export type RecognitionStatus = Static<typeof RecognitionStatusSchema>;

/** `GET /api/common/recognition/status`. */
export async function recognitionStatus(): Promise<RecognitionStatus> {
  return (await get<DataResponse<RecognitionStatus>>('/common/recognition/status')).data;
}

/**
 * The local document-camera service on the user's machine (spec 02 §7), at the configured `base`
 * (`sys.upload.camera.url`). It is not our API: no token is ever sent to it and its answers are
 * not the envelope, so these calls use fetch directly rather than http.ts.
 */
async function cameraCall<T>(url: string, init: RequestInit, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // The one call outside http.ts: another service, which must never receive our token or envelope rules.
    // eslint-disable-next-line no-restricted-globals
    const res = await fetch(url, { ...init, signal: controller.signal, credentials: 'omit', mode: 'cors' });
    if (!res.ok) throw new Error(`高拍仪服务返回 ${res.status}`);
    return (await res.json()) as T;
  } finally {
    clearTimeout(timer);
  }
}

/** `GET {base}/video=status` → `{code, video0, …}` (code '0' and video0 'run' or 'ok' means connected). */
export function cameraStatus(base: string): Promise<Record<string, unknown>> {
  return cameraCall(`${base}/video=status`, { method: 'GET' }, 3000);
}

/** The live stream's URL (an MJPEG image source). */
export function cameraStreamUrl(base: string, camIdx = 0): string {
  return `${base}/video=stream&camidx=${camIdx}`;
}

/** `POST {base}/video=grabimage` `{filepath: 'base64', camidx}` → the photo as base64 (`photoBase64`). */
export function cameraGrab(base: string, camIdx = 0): Promise<{ code?: unknown; photoBase64?: unknown; message?: unknown }> {
  return cameraCall(`${base}/video=grabimage`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ filepath: 'base64', rotate: '0', cutpage: '0', camidx: String(camIdx) }) }, 15_000);
}
