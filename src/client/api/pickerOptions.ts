/**
 * What the form's pickers offer (spec 01 §3.6, CONTRACT.md §7): constant-list options, address
 * levels, users and departments. The records themselves are `records.ts`'s.
 */
import type { Static } from 'typebox';
import type { AddressChildren } from '../../shared/contract/system';
import type { ConstantNode } from '../../shared/contract/constants';
import type { Dept, DeptNode } from '../../shared/contract/depts';
import type { UserOption } from '../../shared/contract/users';
import { get, post } from './http';
import { cachedConstants } from './constantCache';
import { createIdLookup } from './idLookup';
import type { DataResponse, PageResponse } from './types';

/** A constant-list item as the option tree gives it (the part of the contract's `ConstantNode` the pickers read). */
export type ConstantOption = Pick<ConstantNode, 'id' | 'name'> & Partial<Pick<ConstantNode, 'orderNum'>> & { children?: ConstantOption[] };

/** `POST /api/system/constant/list/tree/{parentId}`: the options of a configured list, as a tree (kept by constants version). */
export function constantOptions(parentId: number | string): Promise<ConstantOption[]> {
  return cachedConstants(`tree.${parentId}`, async () => (await post<DataResponse<ConstantOption[]>>(`/system/constant/list/tree/${parentId}`, null)).data ?? []);
}

/** An address level entry (its level, and whether it has no children). */
export type AddressNode = Static<typeof AddressChildren>['data'][number];

/** `GET /api/system/address/{id}/children` (1 = the provinces). */
export async function addressChildren(id: number): Promise<AddressNode[]> {
  return (await get<DataResponse<AddressNode[]>>(`/system/address/${id}/children`)).data ?? [];
}

/** A user as the pickers show it (spec 01 §3.6): the contract's `UserOption` (`/system/user/ids` answers only userId and nickName). */
export type PickUser = Pick<UserOption, 'userId' | 'nickName'> & Partial<Pick<UserOption, 'userName' | 'deptId' | 'status'>>;

/** A department tree node (`GET /api/system/dept/treeselect`; the part of the contract's `DeptNode` the pickers read). */
export type PickDept = Pick<DeptNode, 'id' | 'label'> & { children?: PickDept[] };

/** The department tree of the tenant. */
export async function deptTreeOptions(): Promise<PickDept[]> {
  return (await get<DataResponse<PickDept[]>>('/system/dept/treeselect')).data ?? [];
}

/** Spec 02 §7: department lookups within 20 ms share one call. */
export const DEPT_IDS_WINDOW_MS = 20;

/** A department as `POST /api/system/dept/batch` answers it (the part a label needs). */
export type PickDeptRow = Pick<Dept, 'deptId' | 'deptName'>;

const deptLookup = createIdLookup<PickDeptRow>({
  windowMs: DEPT_IDS_WINDOW_MS,
  fetch: async (ids) => (await post<DataResponse<PickDeptRow[]>>('/system/dept/batch', ids.map(Number))).data ?? [],
  idOf: (d) => String(d.deptId),
});

/**
 * `POST /api/system/dept/batch`: departments by id, to label a stored value. The department
 * fields of a page ask together: one call, not one per field; a department disabled since it was
 * chosen keeps its name (the picker's tree lists active ones only).
 */
export async function deptsByIds(ids: number[]): Promise<PickDeptRow[]> {
  if (!ids.length) return [];
  return deptLookup(ids);
}

/** A department of the current user's subtree (`GET /api/system/dept/currentUser/subList`; the part of the contract's `Dept` the pickers read). */
export type PickSubDept = Pick<Dept, 'deptId' | 'deptName'> & Partial<Pick<Dept, 'parentId'>>;

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

/**
 * Active users whose nick name or account contains `keyword` (the flow builder's member pickers,
 * which store the account): byFilter's two filters asked side by side, merged by user.
 */
export async function searchAccounts(keyword: string): Promise<PickUser[]> {
  const ask = (filter: { nickName?: string; userName?: string }) =>
    post<PageResponse<PickUser>>('/system/user/byFilter', { ...filter, status: '0', pageNum: 1, pageSize: 30 }).then((r) => r.rows ?? []);
  const [byNick, byAccount] = await Promise.all([ask({ nickName: keyword }), keyword ? ask({ userName: keyword }) : Promise.resolve([])]);
  const seen = new Map<number, PickUser>();
  for (const u of [...byAccount, ...byNick]) if (!seen.has(u.userId)) seen.set(u.userId, u);
  return [...seen.values()];
}

/** Spec 02 §7: user lookups within 10 ms share one call. */
export const USER_IDS_WINDOW_MS = 10;

const userLookup = createIdLookup<PickUser>({
  windowMs: USER_IDS_WINDOW_MS,
  fetch: async (ids) => (await post<DataResponse<PickUser[]>>('/system/user/ids', ids.map(Number))).data ?? [],
  idOf: (u) => String(u.userId),
});

/**
 * `POST /api/system/user/ids`: users by id (userId and nickName), to label a stored value. The
 * user cells of a list page ask together: one call for the page, not one per cell.
 */
export async function usersByIds(ids: number[]): Promise<PickUser[]> {
  if (!ids.length) return [];
  return userLookup(ids);
}
