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
import type { DataResponse, PageResponse } from './types';

/** A constant-list item as the option tree gives it (the part of the contract's `ConstantNode` the pickers read). */
export type ConstantOption = Pick<ConstantNode, 'id' | 'name'> & Partial<Pick<ConstantNode, 'orderNum'>> & { children?: ConstantOption[] };

/** `POST /api/system/constant/list/tree/{parentId}`: the options of a configured list, as a tree. */
export async function constantOptions(parentId: number | string): Promise<ConstantOption[]> {
  return (await post<DataResponse<ConstantOption[]>>(`/system/constant/list/tree/${parentId}`, null)).data ?? [];
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

/** `POST /api/system/user/ids`: users by id (userId and nickName), to label a stored value. */
export async function usersByIds(ids: number[]): Promise<PickUser[]> {
  if (!ids.length) return [];
  return (await post<DataResponse<PickUser[]>>('/system/user/ids', ids)).data ?? [];
}
