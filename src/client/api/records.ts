/**
 * The records of a form (spec 01 §7, CONTRACT.md §7): the one data-access module of the resource,
 * for the list, the form pages and the pickers alike (issue 13 merged `api/recordForm.ts` into it).
 * No React.
 */
import type { Static } from 'typebox';
import type { AddRecordBody, EditRecordBody, SavedRecord } from '../../shared/contract/records';
import type { TableSettingsSchema } from '../../shared/contract/userState';
import { get, post } from './http';
import { createIdLookup, type IdLookup } from './idLookup';
import type { DataResponse, PageResponse } from './types';

import type { CalcdRequest, CalcdValue, ListQuery, PrecheckResult, RecordRow } from '../../shared/records';

export type { CalcdRequest, CalcdValue, ListQuery, OrderKey, PrecheckResult, RecordRow, SearchEntry } from '../../shared/records';

const form = (name: string) => `/auto/${encodeURIComponent(name)}`;

/**
 * `POST /api/auto/{form}/list`: one page of rows, the total and whether it is exact. Silent by
 * default (spec 01 §8: a failed list load shows empty rows, no message); the pickers and the
 * stock-in day number pass `{silent: false}` so a failure shows the client's notice.
 */
export function listRecords(formName: string, query: ListQuery, options: { silent?: boolean } = {}): Promise<PageResponse<RecordRow>> {
  return post(`${form(formName)}/list`, query, { silent: options.silent ?? true });
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

/** Spec 01 §7 / 02 §9: `list/ids` answers are reused 3 s per id; a failed call is retried after 1 s. */
export const LIST_IDS_TTL_MS = 3000;
export const LIST_IDS_RETRY_MS = 1000;
/** Spec 02 §7: id lookups within 20 ms share one call. */
export const LIST_IDS_WINDOW_MS = 20;

const idLookups = new Map<string, IdLookup<RecordRow>>();

/**
 * `POST /api/auto/{form}/list/ids`: the records of these ids (labels of selected related records),
 * batched per form and briefly reused (see idLookup.ts). The first try is silent; the retry's
 * failure shows the client's notice.
 */
export function recordsByIds(formName: string, ids: (number | string)[]): Promise<RecordRow[]> {
  if (!ids.length) return Promise.resolve([]);
  let lookup = idLookups.get(formName);
  if (!lookup) {
    lookup = createIdLookup<RecordRow>({
      windowMs: LIST_IDS_WINDOW_MS,
      ttlMs: LIST_IDS_TTL_MS,
      retryMs: LIST_IDS_RETRY_MS,
      fetch: async (batch, attempt) =>
        (await post<DataResponse<RecordRow[]>>(`${form(formName)}/list/ids`, batch.map(idValue), { silent: attempt === 1 })).data ?? [],
      idOf: (row) => String(row.id),
    });
    idLookups.set(formName, lookup);
  }
  return lookup(ids);
}

/** Forget the kept `list/ids` answers of a form (after its records change). */
export function forgetRecordsByIds(formName?: string): void {
  if (formName) idLookups.get(formName)?.clear();
  else idLookups.forEach((l) => l.clear());
}

/** Ids travel as numbers when they are digits (as the callers sent them before batching). */
const idValue = (id: string): number | string => (/^\d{1,15}$/.test(id) ? Number(id) : id);

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

/** `GET /api/auto/uuid/get`: a fresh key for one add (the same key twice creates one record). */
export async function fetchUuid(): Promise<string> {
  return (await get<DataResponse<string>>('/auto/uuid/get')).data;
}

/** `POST /api/auto/{form}/add` `{formName, data, uuid}` → the new id. */
export async function addRecord(formName: string, data: Record<string, unknown>, uuid: string): Promise<number> {
  return (await post<DataResponse<{ id: number }>>(`${form(formName)}/add`, { formName, data, uuid })).data.id;
}

/** `POST /api/auto/{form}/edit/{id}` `{formName, data, version}`; a stale version rejects with code 409. */
export async function editRecord(formName: string, id: number | string, data: Record<string, unknown>, version: number): Promise<{ id: number; version: number }> {
  return (await post<DataResponse<{ id: number; version: number }>>(`${form(formName)}/edit/${id}`, { formName, data, version })).data;
}

/** A draft save or submit: the data, the add's uuid (the contract's add body) or the edit's version (its edit body). */
export type DraftBody = Pick<Static<typeof AddRecordBody>, 'data' | 'uuid'> & Pick<Static<typeof EditRecordBody>, 'version'>;

/** What a draft save or submit answers: the id and, for an edit, the new version (the contract's `SavedRecord`). */
export type SavedDraft = Static<typeof SavedRecord>['data'];

/** `POST /api/auto/stash/{form}/{add|id}`: save as a draft (sys_status -1), rules not enforced. */
export async function stashRecord(formName: string, target: 'add' | number | string, body: DraftBody): Promise<SavedDraft> {
  return (await post<DataResponse<SavedDraft>>(`/auto/stash/${encodeURIComponent(formName)}/${target}`, { formName, ...body })).data;
}

/** `POST /api/auto/push/{form}/{add|id}`: submit a draft (rules enforced). */
export async function pushRecord(formName: string, target: 'add' | number | string, body: DraftBody): Promise<SavedDraft> {
  return (await post<DataResponse<SavedDraft>>(`/auto/push/${encodeURIComponent(formName)}/${target}`, { formName, ...body })).data;
}

/** `GET /api/auto/{form}/{id}`: the record with its sub-form rows. */
export async function getRecord(formName: string, id: number | string): Promise<RecordRow> {
  return (await get<DataResponse<RecordRow>>(`${form(formName)}/${id}`)).data;
}

/** `GET /api/auto/{form}/{id}/copy`: data for a new record copied from `id`. */
export async function getRecordCopy(formName: string, id: number | string): Promise<RecordRow> {
  return (await get<DataResponse<RecordRow>>(`${form(formName)}/${id}/copy`)).data;
}

/** `POST /api/auto/{form}/{field}/hide` `{formName, fieldName, data}` → the first column of the first row. */
export async function askSqlHide(formName: string, field: string, data: Record<string, unknown>): Promise<unknown> {
  return (await post<DataResponse<unknown>>(`${form(formName)}/${field}/hide`, { formName, fieldName: field, data })).data;
}

/** A new record's SQL defaults (`defaultType: 'sql'`), computed on the server (spec 01 §7 init/by/sql). */
export async function initBySql(formName: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await post<DataResponse<Record<string, unknown>>>(`${form(formName)}/init/by/sql`, { formName, data })).data ?? {};
}

/** Per-user table settings of a form (spec 01 §3.5; the contract's `TableSettingsSchema`). */
export type TableSettings = Static<typeof TableSettingsSchema>;

/** `GET /api/system/config/userColumns/{form}`: the user's table settings, or null. */
export function getTableSettings(formName: string): Promise<DataResponse<TableSettings | null>> {
  return get(`/system/config/userColumns/${encodeURIComponent(formName)}`);
}

/** `POST /api/system/config/userColumns/update`: store the user's table settings. */
export function saveTableSettings(formName: string, settings: TableSettings): Promise<DataResponse<TableSettings>> {
  return post('/system/config/userColumns/update', { formName, ...settings });
}
