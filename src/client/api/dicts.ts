/** Dictionary data calls (spec 02 §7). */
import { get, post } from './http';
import { pick } from './pick';
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

const FIELDS = ['dictSort', 'dictLabel', 'dictValue', 'dictType', 'cssClass', 'listClass', 'isDefault', 'status', 'remark'] as const;

/** `GET /api/system/dict/data/list`. */
export function listDictData(query: Record<string, unknown>): Promise<PageResponse<DictData>> {
  return get('/system/dict/data/list', query);
}

/** `POST /api/system/dict/data`. */
export function addDictData(body: DictData): Promise<DataResponse<unknown>> {
  return post('/system/dict/data', pick(body, FIELDS));
}

/** `POST /api/system/dict/data/edit`. */
export function editDictData(body: DictData): Promise<DataResponse<unknown>> {
  return post('/system/dict/data/edit', pick(body, ['dictCode', ...FIELDS]));
}

/** `POST /api/system/dict/data/delete` `[ids]`. */
export function deleteDictData(ids: number[]): Promise<DataResponse<unknown>> {
  return post('/system/dict/data/delete', ids);
}
