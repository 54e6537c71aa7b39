/** Print templates and printing (docs/api-print.md); the types are the contract's (src/shared/contract/print.ts). */
import type { Static } from 'typebox';
import type { PrintRender } from '../../shared/print/printLayout';
import type { PrintBody, PrintChoiceSchema, PrintHistoryEntrySchema, PrintTemplateSchema, TemplateAddBody } from '../../shared/contract/print';
import type { PrintLayoutModel } from '../../shared/print/layout/layoutModel';
import { get, post } from './http';
import type { DataResponse } from './types';

/** A stored template. */
export type PrintTemplate = Static<typeof PrintTemplateSchema>;

/** What the template screen edits and saves: a template's own fields, all present, and its id once stored. */
export type PrintTemplateInput = Required<Omit<Static<typeof TemplateAddBody>, 'layout'>> & { id?: number; layout?: PrintLayoutModel | null };

/** A template as a printing user sees it. */
export type PrintChoice = Static<typeof PrintChoiceSchema>;

/** Which template: by id, by name, or the form's only one. */
export type TemplateRef = Omit<Static<typeof PrintBody>, 'ids'>;

/** One print of a record. */
export type PrintHistoryEntry = Static<typeof PrintHistoryEntrySchema>;

/** The body of an add, an edit or a preview: the template's own fields only (the bodies are closed). */
function templateBody(t: PrintTemplateInput): Static<typeof TemplateAddBody> {
  const { formName, name, paper, orientation, marginTop, marginRight, marginBottom, marginLeft, header, footer, body, layout } = t;
  return { formName, name, paper, orientation, marginTop, marginRight, marginBottom, marginLeft, header, footer, body, ...(layout ? { layout } : {}) };
}

/** `GET /api/print/template/list?formName=`. */
export async function listPrintTemplates(formName: string): Promise<PrintTemplate[]> {
  return (await get<{ rows: PrintTemplate[] }>('/print/template/list', { formName })).rows;
}

/** `POST /api/print/template` or `/edit`. */
export function savePrintTemplate(t: PrintTemplateInput): Promise<unknown> {
  return t.id ? post('/print/template/edit', { id: t.id, ...templateBody(t) }) : post('/print/template', templateBody(t));
}

/** `POST /api/print/template/delete`. */
export function deletePrintTemplates(ids: number[]): Promise<unknown> {
  return post('/print/template/delete', ids);
}

/** `POST /api/print/template/preview`: an unsaved body rendered with labels (or a record). */
export async function previewPrintTemplate(t: PrintTemplateInput, recordId?: number): Promise<PrintRender> {
  return (await post<DataResponse<PrintRender>>('/print/template/preview', { ...templateBody(t), ...(recordId ? { recordId } : {}) })).data;
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
