/**
 * What can be done with a stored file by its name and size (spec 02 §2.5, §9): images open in the
 * viewer; office files, PDFs and csv open in a preview tab (the built-in `/online-preview` or the
 * Microsoft viewer by config); everything else downloads. Pure.
 */
import type { StoredFile } from '../../api/files';
import type { UploadSettings } from './uploadSettings';

const IMAGE = /\.(png|jpe?g|webp|gif|jfif)$/i;

/** The extension, lower-case, without the dot. */
export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True for the viewer's image types (spec 02 §9). */
export function isImageFile(name: string): boolean {
  return IMAGE.test(name);
}

/** What the built-in viewer renders; `office` is shown as the server's PDF of it (LibreOffice, docs/office.md). */
export type BuiltinKind = 'docx' | 'sheet' | 'pdf' | 'image' | 'text' | 'office';

/** Office types the browser cannot render itself: the viewer shows the server's PDF of them. */
const CONVERTED_ONLY = ['doc', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf'];
/** Office types the server can turn into PDF (the viewer's "PDF" view and the merge download). */
export const OFFICE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'];
/** Types an ONLYOFFICE Document Server edits here (the server checks the same list). */
const EDITABLE = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'];

/** True when the server can convert it to PDF. */
export function isOfficeFile(name: string): boolean {
  return OFFICE_TYPES.includes(extOf(name));
}

/** What the merge download takes: office files (converted by the server), PDFs and png / jpg images. */
const MERGEABLE = ['pdf', 'png', 'jpg', 'jpeg', 'jfif', ...OFFICE_TYPES];

/** True when 合并下载 can take it. */
export function isMergeableFile(name: string): boolean {
  return MERGEABLE.includes(extOf(name));
}

/** True when online editing can open it. */
export function isEditableOffice(name: string): boolean {
  return EDITABLE.includes(extOf(name));
}

/** The built-in viewer's kind for a name, or null when it has none (zip, …). */
export function builtinKind(name: string): BuiltinKind | null {
  const ext = extOf(name);
  if (CONVERTED_ONLY.includes(ext)) return 'office';
  if (ext === 'docx') return 'docx';
  if (ext === 'xlsx' || ext === 'xls' || ext === 'csv') return 'sheet';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'txt') return 'text';
  return isImageFile(name) ? 'image' : null;
}

const WORD = ['doc', 'docx', 'ppt', 'pptx'];
const EXCEL = ['xls', 'xlsx'];

/** Spec 02 §9: the Microsoft viewer takes word/ppt under 10485760 bytes, excel under 5242880, never txt. */
export function microsoftCanPreview(name: string, size: number | undefined): boolean {
  const ext = extOf(name);
  if (WORD.includes(ext)) return (size ?? 0) < 10_485_760;
  if (EXCEL.includes(ext)) return (size ?? 0) < 5_242_880;
  return ext === 'pdf';
}

/** The built-in viewer's route for a file; `edit` opens it in the ONLYOFFICE editor. */
export function onlinePreviewPath(tenantCode: string, fileId: string, edit = false): string {
  return `/online-preview?tenant=${encodeURIComponent(tenantCode)}&fileId=${encodeURIComponent(fileId)}${edit ? '&edit=true' : ''}`;
}

/** How 预览 handles a file: the image viewer, a URL in a new tab, or a download (nothing previews it). */
export type PreviewAction = { kind: 'image' } | { kind: 'tab'; url: string } | { kind: 'download' };

/** The preview action for `file` under `settings`; `origin` makes the file URL absolute for the Microsoft viewer. */
export function previewAction(file: StoredFile & { obsUrl?: string }, settings: Pick<UploadSettings, 'previewWay' | 'previewUrlTemplate' | 'preferObs'>, tenantCode: string, origin: string): PreviewAction {
  if (isImageFile(file.name)) return { kind: 'image' };
  if (settings.previewWay === 'microsoft' && [...WORD, ...EXCEL, 'pdf'].includes(extOf(file.name))) {
    // Spec 02 §8: office files above the viewer's size limits fall back to download.
    if (!microsoftCanPreview(file.name, file.size)) return { kind: 'download' };
    const link = (settings.preferObs && file.obsUrl) || file.url;
    const absolute = /^https?:\/\//.test(link) ? link : `${origin}${link}`;
    return { kind: 'tab', url: settings.previewUrlTemplate.replace('{url}', encodeURIComponent(absolute)) };
  }
  return builtinKind(file.name) ? { kind: 'tab', url: onlinePreviewPath(tenantCode, file.fileName) } : { kind: 'download' };
}

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * Whether a stored entry can be shown and fetched: the server refuses anything else now, but rows
 * written before that (or by hand) may still hold such entries, and one of them must not blank the page.
 */
export function isReadableFile(f: unknown): f is StoredFile {
  if (!f || typeof f !== 'object' || Array.isArray(f)) return false;
  const { name, url, fileName } = f as Record<string, unknown>;
  return text(name) && text(url) && text(fileName);
}
