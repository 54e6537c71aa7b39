/** Role administration calls (CONTRACT.md §3: roles carry permission strings). */
import { get, post } from './http';
import { pick } from './pick';
import type { DataResponse, PageResponse } from './types';
import type { Role, RoleOption } from '../../shared/contract/roles';
import type { DeptNode } from '../../shared/contract/depts';

/** A role of the list, and the values of the role dialog (a new role has no id). */
export type SysRole = Partial<Role> & Pick<Role, 'roleName' | 'roleKey'>;

const FIELDS = ['roleName', 'roleKey', 'roleSort', 'status', 'remark', 'permissions', 'dataScope', 'deptIds'] as const;

/** `GET /api/system/role/list`. */
export function listRoles(query: Record<string, unknown>): Promise<PageResponse<Role>> {
  return get('/system/role/list', query);
}

/** `GET /api/system/role/optionselect`: every role's id, name and key. */
export async function roleOptions(): Promise<RoleOption[]> {
  return (await get<DataResponse<RoleOption[]>>('/system/role/optionselect')).data ?? [];
}

/** `GET /api/system/role/{id}` with `permissions`. */
export function getRole(id: number): Promise<DataResponse<Role>> {
  return get(`/system/role/${id}`);
}

/** `POST /api/system/role` → `data:{roleId}`. */
export function addRole(body: SysRole): Promise<DataResponse<{ roleId: number }>> {
  return post('/system/role', pick(body, FIELDS));
}

/** `POST /api/system/role/edit`. */
export function editRole(body: SysRole): Promise<DataResponse<unknown>> {
  return post('/system/role/edit', pick(body, ['roleId', ...FIELDS]));
}

/** `GET /api/system/dept/roleDeptTreeselect/{id}` (spec 02 §7): the tree and the role's custom-scope departments. */
export function roleDeptTree(id: number): Promise<{ code: number; msg: string; checkedKeys: number[]; depts: DeptNode[] }> {
  return get(`/system/dept/roleDeptTreeselect/${id}`);
}

/** `POST /api/system/role/delete` `[ids]`. */
export function deleteRoles(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/role/delete', ids);
}
