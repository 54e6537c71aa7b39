/**
 * Calls of the generated form pages and their pickers (spec 01 §7, CONTRACT.md §7): records,
 * uuid, drafts, `$sql` hide, option lists, addresses, users and departments for the pickers.
 */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';

/** A stored record as `GET /api/auto/{form}/{id}` answers it. */
export type RecordRow = Record<string, unknown> & { id?: number; version?: number; sys_status?: number };

/** `GET /api/auto/uuid/get`: a fresh key for one add (the same key twice creates one record). */
export async function fetchUuid(): Promise<string> {
  return (await get<DataResponse<string>>('/auto/uuid/get')).data;
}

/** `POST /api/auto/{form}/add` `{formName, data, uuid}` → the new id. */
export async function addRecord(form: string, data: Record<string, unknown>, uuid: string): Promise<number> {
  return (await post<DataResponse<{ id: number }>>(`/auto/${form}/add`, { formName: form, data, uuid })).data.id;
}

/** `POST /api/auto/{form}/edit/{id}` `{formName, data, version}`; a stale version rejects with code 409. */
export async function editRecord(form: string, id: number | string, data: Record<string, unknown>, version: number): Promise<{ id: number; version: number }> {
  return (await post<DataResponse<{ id: number; version: number }>>(`/auto/${form}/edit/${id}`, { formName: form, data, version })).data;
}

/** `POST /api/auto/stash/{form}/{add|id}`: save as a draft (sys_status -1), rules not enforced. */
export async function stashRecord(form: string, target: 'add' | number | string, body: { data: Record<string, unknown>; uuid?: string; version?: number }): Promise<{ id: number; version?: number }> {
  return (await post<DataResponse<{ id: number; version?: number }>>(`/auto/stash/${form}/${target}`, { formName: form, ...body })).data;
}

/** `POST /api/auto/push/{form}/{add|id}`: submit a draft (rules enforced). */
export async function pushRecord(form: string, target: 'add' | number | string, body: { data: Record<string, unknown>; uuid?: string; version?: number }): Promise<{ id: number; version?: number }> {
  return (await post<DataResponse<{ id: number; version?: number }>>(`/auto/push/${form}/${target}`, { formName: form, ...body })).data;
}

/** `GET /api/auto/{form}/{id}`: the record with its sub-form rows. */
export async function getRecord(form: string, id: number | string): Promise<RecordRow> {
  return (await get<DataResponse<RecordRow>>(`/auto/${form}/${id}`)).data;
}

/** `GET /api/auto/{form}/{id}/copy`: data for a new record copied from `id`. */
export async function getRecordCopy(form: string, id: number | string): Promise<RecordRow> {
  return (await get<DataResponse<RecordRow>>(`/auto/${form}/${id}/copy`)).data;
}

/** `POST /api/auto/{form}/{field}/hide` `{formName, fieldName, data}` → the first column of the first row. */
export async function askSqlHide(form: string, field: string, data: Record<string, unknown>): Promise<unknown> {
  return (await post<DataResponse<unknown>>(`/auto/${form}/${field}/hide`, { formName: form, fieldName: field, data })).data;
}

/** `POST /api/auto/{form}/list`: one page of a form's records (related-form dropdowns, stock-in day numbers). */
export function listRecords(form: string, query: Record<string, unknown>): Promise<PageResponse<RecordRow>> {
  return post(`/auto/${form}/list`, query);
}

/** `POST /api/auto/{form}/list/ids`: records by id (labels of selected related records). */
export async function recordsByIds(form: string, ids: (number | string)[]): Promise<RecordRow[]> {
  return (await post<DataResponse<RecordRow[]>>(`/auto/${form}/list/ids`, ids)).data;
}

/** A constant-list item as the option tree gives it. */
export interface ConstantOption {
  id: number;
  name: string;
  orderNum?: number;
  children?: ConstantOption[];
}

/** `POST /api/system/constant/list/tree/{parentId}`: the options of a configured list, as a tree. */
export async function constantOptions(parentId: number | string): Promise<ConstantOption[]> {
  return (await post<DataResponse<ConstantOption[]>>(`/system/constant/list/tree/${parentId}`, null)).data ?? [];
}

/** An address level entry. */
export interface AddressNode {
  id: number;
  name: string;
}

/** `GET /api/system/address/{id}/children` (1 = the provinces). */
export async function addressChildren(id: number): Promise<AddressNode[]> {
  return (await get<DataResponse<AddressNode[]>>(`/system/address/${id}/children`)).data ?? [];
}

/** A user as the pickers show it (spec 01 §3.6). */
export interface PickUser {
  userId: number;
  userName?: string;
  nickName: string;
  deptId?: number | null;
  status?: string | number;
}

/** A department tree node (`GET /api/system/dept/treeselect`). */
export interface PickDept {
  id: number;
  label: string;
  children?: PickDept[];
}

/** The department tree of the tenant. */
export async function deptTreeOptions(): Promise<PickDept[]> {
  return (await get<DataResponse<PickDept[]>>('/system/dept/treeselect')).data ?? [];
}

/** A department of the current user's subtree (`GET /api/system/dept/currentUser/subList`). */
export interface PickSubDept {
  deptId: number;
  deptName: string;
  parentId?: number | null;
}

/** The current user's department and those below it. */
export async function currentDeptOptions(): Promise<PickSubDept[]> {
  return (await get<DataResponse<PickSubDept[]>>('/system/dept/currentUser/subList')).data ?? [];
}

/** `GET /api/system/user/list/dept/{deptId}`: a department's users (with sub-departments, frozen on request). */
export async function usersOfDept(deptId: number, showFrozen: boolean, includeChildren = true): Promise<PickUser[]> {
  return (await get<DataResponse<PickUser[]>>(`/system/user/list/dept/${deptId}`, { includeChildren, showFrozen })).data ?? [];
}

/** `POST /api/system/user/byFilter`: users whose nick name matches (frozen only when asked). */
export async function searchUsers(keyword: string, showFrozen: boolean): Promise<PickUser[]> {
  const res = await post<PageResponse<PickUser>>('/system/user/byFilter', { nickName: keyword, status: showFrozen ? null : '0', pageNum: 1, pageSize: 50 });
  return res.rows ?? [];
}

/** `POST /api/system/user/ids`: users by id (userId and nickName), to label a stored value. */
export async function usersByIds(ids: number[]): Promise<PickUser[]> {
  if (!ids.length) return [];
  return (await post<DataResponse<PickUser[]>>('/system/user/ids', ids)).data ?? [];
}
