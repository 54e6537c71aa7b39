/**
 * File calls (spec 02 §7 "Uploads, files"): upload with progress, download as a blob, and whether
 * recognition services are configured. Uploads use XMLHttpRequest because fetch reports no upload
 * progress; the token and the error messages follow http.ts.
 */
import { getToken } from '../session/cookies';
import { get, HttpError } from './http';
import type { DataResponse } from './types';

/** What `/api/common/upload` answers for one file. */
export interface UploadedFile {
  fileName: string;
  url: string;
  size: number;
  obsUrl: string;
  originalName?: string;
}

/** A file as upload fields store it in a record. */
export interface StoredFile {
  name: string;
  url: string;
  fileName: string;
  size?: number;
}

/** Posts one file as multipart field `file` to `url` with progress; resolves the whole JSON answer (code 200). */
function postFile<T>(url: string, file: Blob, name: string, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<T> {
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
    form.append('file', file, name);
    xhr.send(form);
  });
}

/** `POST /api/common/upload` (multipart field `file`); `onProgress` gets 0–100; `signal` cancels. */
export async function uploadFile(file: Blob, name: string, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  return (await postFile<DataResponse<UploadedFile>>('/api/common/upload', file, name, onProgress, signal)).data;
}

/** What `/api/ocr/invoice/parse` answers (spec 02 §3): the stored image and the recognised fields and items. */
export interface InvoiceParse {
  file: UploadedFile;
  fields: Record<string, unknown>;
  items: Record<string, unknown>[];
}

/** `POST /api/ocr/invoice/parse`: stores the invoice image and recognises it. */
export async function parseInvoice(file: Blob, name: string, onProgress?: (percent: number) => void): Promise<InvoiceParse> {
  const body = await postFile<DataResponse<UploadedFile & { result?: { fields?: Record<string, unknown>; item_list?: Record<string, unknown>[] } }>>('/api/ocr/invoice/parse', file, name, onProgress);
  const { result, ...stored } = body.data;
  return { file: stored, fields: result?.fields ?? {}, items: result?.item_list ?? [] };
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

/** The stored key of a `/api/common/download?fileName=…` URL (as the server hands out), else undefined. */
export function downloadKeyOf(url: string): string | undefined {
  const match = /^(?:\/api)?\/common\/download\?(.*)$/.exec(url);
  return match ? new URLSearchParams(match[1]).get('fileName') || undefined : undefined;
}

/** Which recognitions the server offers (`idCard`, `invoice`, `business`) and the message when off. */
export interface RecognitionStatus {
  idCard: boolean;
  invoice: boolean;
  business: boolean;
  message: string;
}

/** `GET /api/common/recognition/status`. */
export async function recognitionStatus(): Promise<RecognitionStatus> {
  return (await get<DataResponse<RecognitionStatus>>('/common/recognition/status')).data;
}
