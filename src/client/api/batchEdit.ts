/** `POST /api/auto/{form}/batchUpdate`: batch edit (批量修改) of records (docs/api-records.md). */
import { post } from './http';
import type { DataResponse } from './types';
import type { ListQuery } from '../../shared/records';

/** What a batch edit targets: the selected ids, or every record of a list query. */
export type BatchTarget = { ids: (number | string)[] } | { query: ListQuery };

/** Writes `data` to the target in one transaction; a refusal rejects with the server's `errors` (`{id}` or `{id}.{field}`). */
export async function batchUpdate(form: string, target: BatchTarget, data: Record<string, unknown>, updateEmpty: boolean): Promise<{ updated: number; ids: number[] }> {
  // silent: the dialog shows the refused records itself.
  return (await post<DataResponse<{ updated: number; ids: number[] }>>(`/auto/${encodeURIComponent(form)}/batchUpdate`, { formName: form, ...target, data, updateEmpty }, { silent: true })).data;
}
