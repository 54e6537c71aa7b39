/** Print templates and printing (docs/api-print.md). */
import type { Orientation, Paper, PrintLayout, PrintRender } from '../../shared/print/printLayout';
import { get, post } from './http';
import type { DataResponse } from './types';

/** A stored template. */
export interface PrintTemplate extends PrintLayout {
  id: number;
  formName: string;
  name: string;
  body: string;
  /** File name of the Word template ('' when none). */
  docxName?: string;
  updateTime?: string;
}

/** What the template screen saves. */
export type PrintTemplateInput = Omit<PrintTemplate, 'id' | 'updateTime' | 'docxName'> & { id?: number };

/** A template as a printing user sees it. */
export interface PrintChoice {
  id: number;
  name: string;
  paper: Paper;
  orientation: Orientation;
}

/** Which template: by id, by name, or the form's only one. */
export interface TemplateRef {
  templateId?: number;
  templateName?: string;
}

/** One print of a record. */
export interface PrintHistoryEntry {
  id: number;
  templateName: string;
  kind: 'print' | 'pdf' | 'docx';
  userName: string;
  nickName: string;
  printTime: string;
}

/** `GET /api/print/template/list?formName=`. */
export async function listPrintTemplates(formName: string): Promise<PrintTemplate[]> {
  return (await get<{ rows: PrintTemplate[] }>('/print/template/list', { formName })).rows;
}

/** `POST /api/print/template` or `/edit`. */
export function savePrintTemplate(t: PrintTemplateInput): Promise<unknown> {
  const { updateTime: _u, docxName: _d, ...body } = t as PrintTemplateInput & { updateTime?: string; docxName?: string };
  return body.id ? post('/print/template/edit', body) : post('/print/template', body);
}

/** `POST /api/print/template/delete`. */
export function deletePrintTemplates(ids: number[]): Promise<unknown> {
  return post('/print/template/delete', ids);
}

/** `POST /api/print/template/preview`: an unsaved body rendered with labels (or a record). */
export async function previewPrintTemplate(t: PrintTemplateInput, recordId?: number): Promise<PrintRender> {
  const { id: _id, updateTime: _u, docxName: _d, ...body } = t as PrintTemplateInput & { updateTime?: string; docxName?: string };
  return (await post<DataResponse<PrintRender>>('/print/template/preview', { ...body, ...(recordId ? { recordId } : {}) })).data;
}

const formPath = (formName: string) => `/print/form/${encodeURIComponent(formName)}`;

/** `GET /api/print/form/{form}/templates`: names the printing user chooses from. */
export async function listPrintChoices(formName: string): Promise<PrintChoice[]> {
  return (await get<DataResponse<PrintChoice[]>>(`${formPath(formName)}/templates`)).data;
}

/** `POST /api/print/form/{form}/render`. */
export async function renderPrint(formName: string, ref: TemplateRef, ids: number[]): Promise<PrintRender> {
  return (await post<DataResponse<PrintRender>>(`${formPath(formName)}/render`, { ...ref, ids })).data;
}

/** `POST /api/print/form/{form}/printed`: the print view was printed (history, no operation log). */
export function reportPrinted(formName: string, ref: TemplateRef, ids: number[]): Promise<unknown> {
  return post(`${formPath(formName)}/printed`, { ...ref, ids }, { silent: true });
}

/** `POST /api/print/form/{form}/pdf` as a blob. */
export function downloadPrintPdf(formName: string, ref: TemplateRef, ids: number[]): Promise<Blob> {
  return post<Blob>(`${formPath(formName)}/pdf`, { ...ref, ids }, { responseType: 'blob' });
}

/** `GET /api/print/form/{form}/history/{id}`. */
export async function printHistory(formName: string, id: number): Promise<PrintHistoryEntry[]> {
  return (await get<DataResponse<PrintHistoryEntry[]>>(`${formPath(formName)}/history/${id}`)).data;
}

/** `POST /api/print/template/{id}/docx`: the template's Word document (multipart, field `file`). */
export function uploadPrintDocx(id: number, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('file', file);
  return post(`/print/template/${id}/docx`, form);
}

/** `POST /api/print/template/{id}/docx/delete`. */
export function deletePrintDocx(id: number): Promise<unknown> {
  return post(`/print/template/${id}/docx/delete`);
}

/** `POST /api/print/form/{form}/docx` as a blob: a .docx, or a .zip for several records. */
export function downloadPrintDocx(formName: string, ref: TemplateRef, ids: number[]): Promise<Blob> {
  return post<Blob>(`${formPath(formName)}/docx`, { ...ref, ids }, { responseType: 'blob' });
}
