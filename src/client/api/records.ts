/** Typed calls of the generated record list (spec 01 §7, CONTRACT.md §7). No React. */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';

import type { CalcdRequest, CalcdValue, ListQuery, PrecheckResult, RecordRow } from '../../shared/records';

export type { CalcdRequest, CalcdValue, ListQuery, OrderKey, PrecheckResult, RecordRow, SearchEntry } from '../../shared/records';

const form = (name: string) => `/auto/${encodeURIComponent(name)}`;

/** `POST /api/auto/{form}/list`: one page of rows, the total and whether it is exact. */
export function listRecords(formName: string, query: ListQuery): Promise<PageResponse<RecordRow>> {
  // Spec 01 §8: a failed list load shows empty rows, no message.
  return post(`${form(formName)}/list`, query, { silent: true });
}

/** `POST /api/auto/{form}/getCalcdValue`: totals over every matching row. */
export function calcdValues(formName: string, query: ListQuery, calcd: CalcdRequest): Promise<DataResponse<CalcdValue[]>> {
  return post(`${form(formName)}/getCalcdValue`, { ...query, calcd });
}

/** `POST /api/auto/{form}/haveSub`: for each id, whether it has child records. */
export function haveSub(formName: string, ids: (number | string)[]): Promise<DataResponse<Record<string, boolean>>> {
  // The list shows its own 获取子级信息失败 (spec 01 §8), not the client's generic notice.
  return post(`${form(formName)}/haveSub`, ids, { silent: true });
}

/** `POST /api/auto/{form}/list/ids`: the records of these ids. */
export function recordsByIds(formName: string, ids: (number | string)[]): Promise<DataResponse<RecordRow[]>> {
  return post(`${form(formName)}/list/ids`, ids);
}

/** `POST /api/auto/{form}/check/{op}`: the pre-check of a delete or void. */
export function precheck(formName: string, op: 'delete' | 'invalid', ids: (number | string)[]): Promise<DataResponse<PrecheckResult>> {
  return post(`${form(formName)}/check/${op}`, ids);
}

/** `POST /api/auto/{form}/delete` `[ids]`. */
export function deleteRecords(formName: string, ids: (number | string)[]): Promise<DataResponse<unknown>> {
  return post(`${form(formName)}/delete`, ids);
}

/** `POST /api/auto/{form}/invalid/` `[ids]`: sys_status → -2. */
export function voidRecords(formName: string, ids: (number | string)[]): Promise<DataResponse<unknown>> {
  return post(`${form(formName)}/invalid/`, ids);
}

/** `POST /api/auto/search/suggestion`: values of a text field containing `keyword`. */
export function searchSuggestions(body: { formName: string; fieldName: string; text: string; menuId?: number; initFilter?: unknown }): Promise<DataResponse<string[]>> {
  // Spec 01 §8: a failed suggestion fetch gives an empty list, no message.
  return post('/auto/search/suggestion', body, { silent: true });
}

/** `GET /api/queries/{userId}/{form}`: the user's saved filter keys for a form. */
export function getSavedFilters(userId: number | string, formName: string): Promise<DataResponse<string[] | null>> {
  return get(`/queries/${encodeURIComponent(String(userId))}/${encodeURIComponent(formName)}`);
}

/** `POST /api/queries/{userId}/{form}`: store the saved filter keys. */
export function saveSavedFilters(userId: number | string, formName: string, keys: string[]): Promise<DataResponse<unknown>> {
  return post(`/queries/${encodeURIComponent(String(userId))}/${encodeURIComponent(formName)}`, keys);
}

/** `GET /api/auto/{form}/{id}/copy`: a record's values for a copy. */
export function copyRecord(formName: string, id: number | string): Promise<DataResponse<Record<string, unknown>>> {
  return get(`${form(formName)}/${encodeURIComponent(String(id))}/copy`);
}

/** Per-user table settings of a form (spec 01 §3.5). */
export interface TableSettings {
  pageSize?: number | null;
  fixColumns?: number;
  showStatus?: boolean;
  columns?: { enName: string; width: number }[];
}

/** `GET /api/system/config/userColumns/{form}`: the user's table settings, or null. */
export function getTableSettings(formName: string): Promise<DataResponse<TableSettings | null>> {
  return get(`/system/config/userColumns/${encodeURIComponent(formName)}`);
}

/** `POST /api/system/config/userColumns/update`: store the user's table settings. */
export function saveTableSettings(formName: string, settings: TableSettings): Promise<DataResponse<TableSettings>> {
  return post('/system/config/userColumns/update', { formName, ...settings });
}
