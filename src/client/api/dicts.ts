/** Dictionary data calls (spec 02 §7). */
import { get, post } from './http';
import type { DataResponse, PageResponse } from './types';

/** A dictionary data item (spec 02 §3). */
export interface DictData {
  dictCode?: number;
  dictSort?: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass?: string;
  listClass?: string;
  isDefault?: string;
  status?: string;
  remark?: string;
  createBy?: string;
  createTime?: string;
}

/** `GET /api/system/dict/data/list`. */
export function listDictData(query: Record<string, unknown>): Promise<PageResponse<DictData>> {
  return get('/system/dict/data/list', query);
}

/** `POST /api/system/dict/data`. */
export function addDictData(body: DictData): Promise<DataResponse<unknown>> {
  return post('/system/dict/data', body);
}

/** `POST /api/system/dict/data/edit`. */
export function editDictData(body: DictData): Promise<DataResponse<unknown>> {
  return post('/system/dict/data/edit', body);
}

/** `POST /api/system/dict/data/delete` `[ids]`. */
export function deleteDictData(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/dict/data/delete', ids);
}
