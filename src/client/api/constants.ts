/** Constant (option list) calls (spec 02 §7 "Constants"). */
import { get, post } from './http';
import { pick } from './pick';
import { forgetConstantsVersion } from './constantCache';
import type { DataResponse, PageResponse } from './types';
import type { Constant } from '../../shared/contract/constants';

/** A constant item (spec 02 §3), and the values of its dialog (a new one has no id). */
export type SysConstant = Partial<Constant> & Pick<Constant, 'parentId' | 'name'> & { children?: SysConstant[] };

const FIELDS = ['parentId', 'name', 'dataType', 'orderNum', 'status', 'formName'] as const;

/** `GET /api/system/constant/list/root`: top-level lists. */
export function listRootConstants(): Promise<DataResponse<SysConstant[]> | PageResponse<SysConstant>> {
  return get('/system/constant/list/root');
}

/** `POST /api/system/constant/list/parent/{parentId}`: direct children. */
export function listConstantChildren(parentId: number): Promise<DataResponse<SysConstant[]>> {
  return post(`/system/constant/list/parent/${parentId}`, null);
}

/** A change to the constants changes their version: ask it again, so this user's pickers see the change at once. */
function changed<T>(call: Promise<T>): Promise<T> {
  return call.finally(forgetConstantsVersion);
}

/** `POST /api/system/constant`. */
export function addConstant(body: SysConstant): Promise<DataResponse<unknown>> {
  return changed(post('/system/constant', pick(body, FIELDS)));
}

/** `POST /api/system/constant/edit`. */
export function editConstant(body: SysConstant): Promise<DataResponse<unknown>> {
  return changed(post('/system/constant/edit', pick(body, ['id', ...FIELDS])));
}

/** `POST /api/system/constant/delete` `[ids]`. */
export function deleteConstants(ids: number[]): Promise<DataResponse<unknown>> {
  return changed(post('/system/constant/delete', ids));
}
