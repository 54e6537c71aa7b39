/** Dictionary data calls (spec 02 §7). */
import { get, post } from './http';
import { pick } from './pick';
import type { DataResponse, PageResponse } from './types';
import type { DictData as Row } from '../../shared/contract/dicts';

/** A dictionary data item (spec 02 §3), and the values of its dialog (a new one has no code). */
export type DictData = Partial<Row> & Pick<Row, 'dictLabel' | 'dictValue' | 'dictType'>;

const FIELDS = ['dictSort', 'dictLabel', 'dictValue', 'dictType', 'cssClass', 'listClass', 'isDefault', 'status', 'remark'] as const;

/** `GET /api/system/dict/data/list`. */
export function listDictData(query: Record<string, unknown>): Promise<PageResponse<Row>> {
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
