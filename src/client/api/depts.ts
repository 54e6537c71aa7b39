/** Department calls (spec 02 §7 "Departments"). */
import { get, post } from './http';
import { pick } from './pick';
import type { DataResponse } from './types';
import type { Dept, DeptNode } from '../../shared/contract/depts';

/** A department row, and the values of the department dialog (a new one has no id). */
export type SysDept = Partial<Dept> & Pick<Dept, 'parentId' | 'deptName'> & { fullName?: string; children?: SysDept[] };

export type { DeptNode } from '../../shared/contract/depts';

const FIELDS = ['parentId', 'deptName', 'orderNum', 'leader', 'phone', 'email', 'status'] as const;

/** `GET /api/system/dept/list`: the flat list (the page builds the tree). */
export function listDepts(query: Record<string, unknown>): Promise<DataResponse<SysDept[]>> {
  return get('/system/dept/list', query);
}

/** `GET /api/system/dept/treeselect`. */
export function deptTree(): Promise<DataResponse<DeptNode[]>> {
  return get('/system/dept/treeselect');
}

/** `POST /api/system/dept`. */
export function addDept(body: SysDept): Promise<DataResponse<unknown>> {
  return post('/system/dept', pick(body, FIELDS));
}

/** `POST /api/system/dept/edit`. */
export function editDept(body: SysDept): Promise<DataResponse<unknown>> {
  return post('/system/dept/edit', pick(body, ['deptId', ...FIELDS]));
}

/** `POST /api/system/dept/delete` `[ids]`. */
export function deleteDepts(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/dept/delete', ids);
}
